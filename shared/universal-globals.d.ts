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

// WHATWG URL, AbortSignal and Blob: global in every runtime above (Node since 18). Only what shared
// code uses is declared (the WebDAV contract and the multistatus reader).
declare class URL {
  constructor(url: string, base?: string | URL);
  static canParse(url: string, base?: string): boolean;
  href: string;
  readonly origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  toString(): string;
}
declare interface AbortSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
declare class Blob {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

// Timers and AbortController: global in every runtime above. The CDN probe races candidates under
// one time limit and aborts the losers (pic-hub/cdn-probe.ts).
declare function setTimeout(handler: () => void, ms?: number): unknown;
declare function clearTimeout(id: unknown): void;
declare class AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
