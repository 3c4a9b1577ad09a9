import type { FetchLike } from '../m3u8/loader';

/**
 * Where /m3u8/downloader gets playlists, keys and segments (docs/architecture.md "platform
 * capabilities"). The website has no choice but the API's guarded proxy (`/api/proxy/m3u8`, which
 * needs a login and counts a quota); the desktop app fetches from main, with no CORS in the way.
 * The tool never asks which one it has beyond `route`, which it shows ("through our server").
 */
export interface HlsSourceCapability {
  readonly route: 'proxy' | 'direct';
  /** Same shape as `fetch` for the core's loader (`@shared/m3u8` createSegmentLoader); a `Range` header is honoured. */
  readonly fetch: FetchLike;
}

/** What main's ffmpeg wrote. */
export interface HlsMp4Result {
  path: string;
  bytes: number;
}

/**
 * MP4 by ffmpeg in main (desktop only, and only when ffmpeg is found: `FFMPEG_PATH`, else the
 * system's): the page streams the downloaded MPEG-TS in order and ffmpeg copies the streams into
 * an MP4 (no re-encoding). Without it the page remuxes in a worker itself.
 */
export interface HlsMp4Capability {
  /** The ffmpeg main would use, or undefined when there is none. */
  ffmpeg(): Promise<{ path: string; version: string } | undefined>;
  /** Main's save dialog, then ffmpeg reading MPEG-TS from its stdin into the chosen file; undefined when the user cancels. */
  open(suggestedName: string): Promise<{ id: string; path: string } | undefined>;
  /** The next bytes of the stream, in order; resolves once ffmpeg took them (backpressure). */
  write(id: string, bytes: Uint8Array): Promise<void>;
  /** End of stream: waits for ffmpeg to finish the file. Rejects with ffmpeg's reason when it failed. */
  close(id: string): Promise<HlsMp4Result>;
  /** Stops ffmpeg and removes the partial file. */
  abort(id: string): Promise<void>;
}
