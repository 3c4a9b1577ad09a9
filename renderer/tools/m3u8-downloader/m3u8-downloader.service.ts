import { PROXY_DAILY_QUOTA_KEY } from '@shared/contracts/proxy';
import { isM3u8Error } from '@shared/m3u8';
import type { M3u8Variant } from '@shared/m3u8';

/** A ProxyError's shape, read structurally so that this module stays pure (no platform import). */
interface ProxyFailure {
  name: 'ProxyError';
  kind: 'refused' | 'unauthorized' | 'responseTooLarge' | 'network';
  message: string;
  keys?: readonly string[];
}

/** The proxy's refusals that mean the target could not be reached, not that the proxy said no. */
const UNREACHABLE_KEYS = ['proxy.upstreamFailed', 'proxy.dnsFailed', 'proxy.timeout', 'proxy.certificateInvalid'];

const isProxyFailure = (error: unknown): error is ProxyFailure =>
  error instanceof Error && error.name === 'ProxyError' && typeof (error as Partial<ProxyFailure>).kind === 'string';

/** What went wrong, as a key under `errors.` in locales.ts and its parameters. */
export interface Problem {
  key:
    | 'login'
    | 'quota'
    | 'proxy'
    | 'unreachable'
    | 'status'
    | 'html'
    | 'notPlaylist'
    | 'invalid'
    | 'empty'
    | 'live'
    | 'unsupportedKey'
    | 'keyStatus'
    | 'keyBad'
    | 'decrypt'
    | 'relative'
    | 'range'
    | 'write'
    | 'segmentStatus'
    | 'segmentFailed'
    | 'cancelled'
    | 'unknown';
  params: { status?: number; url?: string; message?: string };
}

/**
 * Every failure the page can meet, as one translated text: the proxy's refusals (already in the
 * visitor's language), the core's M3u8Error codes, and a playlist address answering non-2xx.
 */
export function describeProblem(error: unknown): Problem {
  if (isProxyFailure(error)) {
    if (error.kind === 'unauthorized') return { key: 'login', params: {} };
    const keys = error.keys ?? [];
    if (keys.includes(PROXY_DAILY_QUOTA_KEY)) return { key: 'quota', params: { message: error.message } };
    if (error.kind === 'network' || keys.some((key) => UNREACHABLE_KEYS.includes(key))) {
      return { key: 'unreachable', params: { message: error.message } };
    }
    return { key: 'proxy', params: { message: error.message } };
  }
  if (isM3u8Error(error)) {
    const { status, url, message } = error;
    switch (error.code) {
      case 'html':
        return { key: 'html', params: {} };
      case 'not-playlist':
        return { key: 'notPlaylist', params: {} };
      case 'invalid':
        return { key: 'invalid', params: { message } };
      case 'empty':
        return { key: 'empty', params: {} };
      case 'live':
        return { key: 'live', params: {} };
      case 'unsupported-key':
        return { key: 'unsupportedKey', params: {} };
      case 'key':
        return status === undefined ? { key: 'keyBad', params: { url, message } } : { key: 'keyStatus', params: { status, url } };
      case 'decrypt':
        return { key: 'decrypt', params: {} };
      case 'relative-uri':
        return { key: 'relative', params: { url } };
      case 'range':
        return { key: 'range', params: { message } };
      case 'write':
        return { key: 'write', params: { message } };
      case 'cancelled':
        return { key: 'cancelled', params: {} };
      case 'http':
        // Without a status the loader kept the proxy's own (translated) refusal or the network's reason.
        return status === undefined ? { key: 'segmentFailed', params: { message } } : { key: 'segmentStatus', params: { status, url } };
    }
  }
  if (error instanceof PlaylistStatusError) return { key: 'status', params: { status: error.status, url: error.url } };
  return { key: 'unknown', params: { message: error instanceof Error ? error.message : String(error) } };
}

/** The playlist's own address answered non-2xx. */
export class PlaylistStatusError extends Error {
  override name = 'PlaylistStatusError';
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`HTTP ${status}`);
  }
}

/** Where each segment starts, in seconds from the playlist's start (one more entry: the end). */
export function segmentStarts(durations: readonly number[]): number[] {
  const starts = [0];
  for (const duration of durations) starts.push(starts[starts.length - 1]! + duration);
  return starts;
}

/** Where the output's timeline restarts: each segment after an #EXT-X-DISCONTINUITY (but the first), at its start in seconds. */
export function discontinuityStarts(segments: readonly { duration: number; discontinuity: boolean }[]): (number | undefined)[] {
  let start = 0;
  return segments.map((segment, index) => {
    const at = index > 0 && segment.discontinuity ? start : undefined;
    start += segment.duration;
    return at;
  });
}

/** 75.4 → "1:15", 3725 → "1:02:05": the times shown beside the range's segment numbers. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** "1280×720 · 2.5 Mbit/s · avc1.64001f,mp4a.40.2": what tells the variants apart. */
export function variantLabel(variant: M3u8Variant): string {
  const parts: string[] = [];
  if (variant.width && variant.height) parts.push(`${variant.width}×${variant.height}`);
  if (variant.bandwidth > 0) parts.push(`${(variant.bandwidth / 1_000_000).toFixed(variant.bandwidth >= 10_000_000 ? 0 : 1)} Mbit/s`);
  if (variant.codecs) parts.push(variant.codecs);
  return parts.join(' · ');
}

/** The file name offered: the playlist's name (or the page's stem) with the output's extension. */
export function outputName(source: string, extension: 'ts' | 'mp4', part?: number): string {
  let stem = 'video';
  try {
    const path = new URL(source).pathname;
    stem = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || stem;
  } catch {
    stem = source.slice(source.lastIndexOf('/') + 1) || stem;
  }
  stem = stem.replace(/\.m3u8?$/i, '').replace(/[\\/:*?"<>|]+/g, '_') || 'video';
  return part === undefined ? `${stem}.${extension}` : `${stem}.part${part}.${extension}`;
}
