import { Transmuxer } from 'mux.js/lib/mp4/transmuxer';
import { setMp4Duration } from './mp4-duration';

export interface Remuxer {
  /**
   * One downloaded segment of MPEG-TS in; the MP4 bytes it makes out (the header with the first).
   * `restartAt` (seconds into the output) for a segment after a discontinuity, whose timestamps
   * start afresh: without it they would go back in time inside the MP4.
   */
  push(ts: Uint8Array, restartAt?: number): Uint8Array;
}

/**
 * MPEG-TS to fragmented MP4 with mux.js, one segment at a time, so nothing but the current segment
 * is held: each segment becomes a moof+mdat fragment, the first comes after the MP4 header, whose
 * durations are set to the playlist's (`seconds`) so players show the length.
 */
export function createRemuxer(seconds: number): Remuxer {
  let headerWritten = false;
  let out: Uint8Array[] = [];
  // After a discontinuity a fresh transmuxer starts its timeline where the output is (mux.js's
  // setBaseMediaDecodeTime does not move tracks it has already seen). Its header is the same and is
  // not written again.
  const transmuxerAt = (ticks: number) => {
    const transmuxer = new Transmuxer({ remux: true, baseMediaDecodeTime: ticks });
    transmuxer.on('data', (segment: { initSegment: Uint8Array; data: Uint8Array }) => {
      if (!headerWritten && segment.initSegment.length > 0) {
        out.push(setMp4Duration(segment.initSegment, seconds));
        headerWritten = true;
      }
      out.push(segment.data);
    });
    return transmuxer;
  };
  let transmuxer = transmuxerAt(0);
  return {
    push(ts, restartAt) {
      if (restartAt !== undefined) transmuxer = transmuxerAt(Math.round(restartAt * 90_000));
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
