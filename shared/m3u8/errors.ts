/**
 * Every failure of the m3u8 core is an M3u8Error with a code the page translates; `status` and
 * `url` carry what the message shows (an HTTP status, the address that failed).
 */
export type M3u8ErrorCode =
  /** The text is an HTML page (a login wall, an error page, a player page instead of its playlist). */
  | 'html'
  /** The text does not start with #EXTM3U: not a playlist at all. */
  | 'not-playlist'
  /** A playlist the parser cannot read (truncated, malformed tags). */
  | 'invalid'
  /** A master playlist without variants or a media playlist without segments. */
  | 'empty'
  /** A media playlist without #EXT-X-ENDLIST: a live stream, refused (docs/decisions.md "m3u8 core"). */
  | 'live'
  /** An encryption method other than AES-128 (SAMPLE-AES, vendor DRM). */
  | 'unsupported-key'
  /** The key could not be fetched (its status is in `status`) or is not 16 bytes. */
  | 'key'
  /** A segment answered with a non-2xx status or the network failed. */
  | 'http'
  /** AES-128 decryption failed: almost always a wrong key. */
  | 'decrypt'
  /** A relative address in a playlist that has no address of its own (a dropped file). */
  | 'relative-uri'
  /** The range asked for lies outside the playlist. */
  | 'range'
  /** The download was cancelled. */
  | 'cancelled'
  /** Writing a segment out failed (disk full, permission withdrawn). */
  | 'write';

export class M3u8Error extends Error {
  readonly code: M3u8ErrorCode;
  readonly status: number | undefined;
  readonly url: string | undefined;

  constructor(code: M3u8ErrorCode, detail?: { status?: number; url?: string; message?: string }) {
    super(detail?.message ?? code);
    this.name = 'M3u8Error';
    this.code = code;
    this.status = detail?.status;
    this.url = detail?.url;
  }
}

export function isM3u8Error(value: unknown): value is M3u8Error {
  return value instanceof M3u8Error;
}
