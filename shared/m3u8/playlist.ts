import * as HLS from 'hls-parser';
import { M3u8Error } from './errors';

export interface M3u8Variant {
  /** Absolute when the playlist had an address; as written otherwise. */
  uri: string;
  bandwidth: number;
  averageBandwidth: number | undefined;
  width: number | undefined;
  height: number | undefined;
  codecs: string | undefined;
  frameRate: number | undefined;
}

export interface M3u8Key {
  /** 'AES-128' only: anything else is refused while parsing. */
  method: 'AES-128';
  uri: string;
  /** The explicit IV of the playlist (16 bytes) or undefined: then the media sequence number is the IV. */
  iv: Uint8Array | undefined;
}

export interface M3u8Segment {
  uri: string;
  duration: number;
  /** The segment's media sequence number (#EXT-X-MEDIA-SEQUENCE plus its position). */
  sequence: number;
  byterange: { offset: number; length: number } | undefined;
  /** An #EXT-X-DISCONTINUITY precedes this segment: timestamps restart, the remux must know. */
  discontinuity: boolean;
  key: M3u8Key | undefined;
}

export interface M3u8Master {
  kind: 'master';
  variants: M3u8Variant[];
}

export interface M3u8Media {
  kind: 'media';
  segments: M3u8Segment[];
  targetDuration: number;
  mediaSequence: number;
  /** No #EXT-X-ENDLIST: the server keeps appending segments. */
  live: boolean;
}

export type M3u8Playlist = M3u8Master | M3u8Media;

const htmlStart = /^\s*<(?:!doctype|html|head|body|\?xml|div|script|meta|title)\b/i;

/**
 * Reads a playlist; relative URIs are resolved against `baseUrl` (the playlist's own address; left
 * as written when there is none, e.g. a dropped file, and refused later when fetched). Throws only
 * M3u8Error, whatever the input: the library underneath throws TypeErrors on some garbage.
 */
export function parsePlaylist(text: string, baseUrl?: string): M3u8Playlist {
  const body = text.replace(/^\uFEFF/, '');
  if (htmlStart.test(body)) throw new M3u8Error('html');
  if (!body.trimStart().startsWith('#EXTM3U')) throw new M3u8Error('not-playlist');

  let parsed: HLS.types.MasterPlaylist | HLS.types.MediaPlaylist;
  try {
    // Lenient mode keeps going past tags it does not know; silent keeps it off the console.
    HLS.setOptions({ strictMode: false, silent: true });
    parsed = HLS.parse(body);
  } catch (cause) {
    throw new M3u8Error('invalid', { message: cause instanceof Error ? cause.message : String(cause) });
  }
  const resolve = (uri: string) => resolveUri(uri, baseUrl);

  if (parsed.isMasterPlaylist) {
    const variants = parsed.variants
      .filter((v) => typeof v.uri === 'string' && v.uri.trim() !== '' && !v.isIFrameOnly)
      .map((v): M3u8Variant => ({
        uri: resolve(v.uri.trim()),
        bandwidth: finiteOr(v.bandwidth, 0),
        averageBandwidth: finiteOr(v.averageBandwidth, undefined),
        width: finiteOr(v.resolution?.width, undefined),
        height: finiteOr(v.resolution?.height, undefined),
        codecs: v.codecs || undefined,
        frameRate: finiteOr(v.frameRate, undefined),
      }));
    if (variants.length === 0) throw new M3u8Error('empty');
    return { kind: 'master', variants };
  }

  const segments: M3u8Segment[] = [];
  for (const s of parsed.segments) {
    // A truncated playlist may end on an #EXTINF without its URI line.
    if (typeof s.uri !== 'string' || s.uri.trim() === '') continue;
    segments.push({
      uri: resolve(s.uri.trim()),
      duration: finiteOr(s.duration, 0),
      sequence: finiteOr(s.mediaSequenceNumber, segments.length),
      byterange: readByterange(s.byterange),
      discontinuity: s.discontinuity === true,
      key: readKey(s.key, resolve),
    });
  }
  if (segments.length === 0) throw new M3u8Error('empty');
  return {
    kind: 'media',
    segments,
    targetDuration: finiteOr(parsed.targetDuration, 0),
    mediaSequence: finiteOr(parsed.mediaSequenceBase, 0),
    live: !parsed.endlist && parsed.playlistType !== 'VOD',
  };
}

function readKey(key: HLS.types.Key | undefined, resolve: (uri: string) => string): M3u8Key | undefined {
  if (!key || key.method === 'NONE') return undefined;
  if (key.method !== 'AES-128') throw new M3u8Error('unsupported-key', { message: key.method });
  if (!key.uri) throw new M3u8Error('invalid', { message: 'AES-128 key without URI' });
  const iv = key.iv ? new Uint8Array(key.iv) : undefined;
  if (iv && iv.length !== 16) throw new M3u8Error('invalid', { message: 'IV is not 16 bytes' });
  return { method: 'AES-128', uri: resolve(key.uri), iv };
}

function readByterange(range: HLS.types.Byterange | undefined): M3u8Segment['byterange'] {
  if (!range) return undefined;
  const length = finiteOr(range.length, -1);
  const offset = finiteOr(range.offset, 0);
  if (length < 0 || offset < 0) throw new M3u8Error('invalid', { message: 'bad BYTERANGE' });
  return { offset, length };
}

function resolveUri(uri: string, baseUrl: string | undefined): string {
  try {
    return new URL(uri, baseUrl).href;
  } catch {
    return uri;
  }
}

function finiteOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
