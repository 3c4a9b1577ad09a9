import { M3u8Error } from './errors';
import type { M3u8Key, M3u8Media, M3u8Segment } from './playlist';

export interface PlannedSegment extends M3u8Segment {
  /** Position in the playlist (0-based), shown in the grid; the plan's own order is `index - from`. */
  index: number;
  /** The 16-byte IV this segment decrypts with; undefined when it is not encrypted. */
  iv: Uint8Array | undefined;
}

export interface DownloadPlan {
  segments: PlannedSegment[];
  /** Seconds of media in the plan. */
  duration: number;
  /** Each distinct key URI once, in the order first needed: fetched once, shared by its segments. */
  keyUris: string[];
  from: number;
  to: number;
}

/**
 * Plans segments `from`..`to` (0-based, both included; the whole playlist by default). A live
 * playlist is refused: its segment list is a moving window and the file would never end.
 */
export function planDownload(media: M3u8Media, range?: { from?: number; to?: number }): DownloadPlan {
  if (media.live) throw new M3u8Error('live');
  const last = media.segments.length - 1;
  const from = range?.from ?? 0;
  const to = range?.to ?? last;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > last || from > to) {
    throw new M3u8Error('range', { message: `${from}–${to} of 0–${last}` });
  }
  const segments: PlannedSegment[] = [];
  const keyUris: string[] = [];
  let duration = 0;
  for (let index = from; index <= to; index++) {
    const segment = media.segments[index]!;
    duration += segment.duration;
    if (segment.key && !keyUris.includes(segment.key.uri)) keyUris.push(segment.key.uri);
    segments.push({ ...segment, index, iv: segment.key ? ivFor(segment.key, segment.sequence) : undefined });
  }
  return { segments, duration, keyUris, from, to };
}

/** RFC 8216 §5.2: the key's IV attribute, else the media sequence number as a 128-bit big-endian integer. */
export function ivFor(key: M3u8Key, sequence: number): Uint8Array {
  if (key.iv) return key.iv;
  const iv = new Uint8Array(16);
  let rest = BigInt(sequence);
  for (let i = 15; i >= 0 && rest > 0n; i--) {
    iv[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return iv;
}
