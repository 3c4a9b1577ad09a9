// mux.js ships no types; only the transmuxer the remux worker uses is declared.
declare module 'mux.js/lib/mp4/transmuxer' {
  export interface TransmuxedSegment {
    /** ftyp + moov; filled on every segment, written once. */
    initSegment: Uint8Array;
    /** moof + mdat of the segment. */
    data: Uint8Array;
  }

  export class Transmuxer {
    /** `baseMediaDecodeTime`: where the output's timeline starts, in 90 kHz ticks. */
    constructor(options?: { remux?: boolean; keepOriginalTimestamps?: boolean; baseMediaDecodeTime?: number });
    on(event: 'data', listener: (segment: TransmuxedSegment) => void): void;
    push(bytes: Uint8Array): void;
    flush(): void;
  }
}
