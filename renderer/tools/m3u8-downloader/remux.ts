import { Transmuxer } from 'mux.js/lib/mp4/transmuxer';
import { setMp4Duration } from './mp4-duration';

export interface Remuxer {
  /** One downloaded segment of MPEG-TS in; the MP4 bytes it makes out (the header with the first). */
  push(ts: Uint8Array): Uint8Array;
}

/**
 * MPEG-TS to fragmented MP4 with mux.js, one segment at a time, so nothing but the current segment
 * is held: each segment becomes a moof+mdat fragment, the first comes after the MP4 header, whose
 * durations are set to the playlist's (`seconds`) so players show the length.
 */
export function createRemuxer(seconds: number): Remuxer {
  const transmuxer = new Transmuxer({ remux: true });
  let headerWritten = false;
  let out: Uint8Array[] = [];
  transmuxer.on('data', (segment: { initSegment: Uint8Array; data: Uint8Array }) => {
    if (!headerWritten && segment.initSegment.length > 0) {
      out.push(setMp4Duration(segment.initSegment, seconds));
      headerWritten = true;
    }
    out.push(segment.data);
  });
  return {
    push(ts) {
      transmuxer.push(ts);
      transmuxer.flush();
      const made = concat(out);
      out = [];
      return made;
    },
  };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  // A fresh buffer even for one chunk: the worker transfers it, and mux.js may still own the one it made.
  if (chunks.length === 1) return chunks[0]!.slice();
  const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}
