/**
 * The few globals that every runtime Baibao targets (browsers, Web Workers, Node ≥ 22, Electron)
 * provides identically. `shared` is compiled without DOM and Node typings so that nothing
 * runtime-specific slips in; these are declared here instead, and only these.
 */
declare function atob(data: string): string;
declare function btoa(data: string): string;

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  readonly encoding: string;
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
