import type { ShownMessage } from './server-message';

/**
 * Why a call failed:
 * - `business`: the server answered with an envelope whose code is not a success (its `msg` is the
 *   message);
 * - `unauthorized` / `forbidden`: 401 / 403, after the session or navigation handling ran;
 * - `status`: any other non-2xx status;
 * - `decode`: a 20003/20004 payload that would not decode;
 * - `timeout` / `network`: no response at all;
 * - `canceled`: the caller aborted it (never notified).
 */
export type HttpErrorKind = 'business' | 'unauthorized' | 'forbidden' | 'status' | 'decode' | 'timeout' | 'network' | 'canceled';

export interface HttpErrorDetails {
  kind: HttpErrorKind;
  /** For a message the server meant for the visitor: each text with the form field it blames. */
  messages?: readonly ShownMessage[];
  /** HTTP status, when a response arrived. */
  status?: number;
  /** Envelope code, when the body was an envelope. */
  code?: number;
  /** The response body as received. */
  body?: unknown;
  cause?: unknown;
}

/**
 * What every API call rejects with. `message` is the text the visitor was shown (or would have been
 * shown without `hideMessage`/`quiet`), so a caller that catches it can reuse it as is.
 */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly status: number | undefined;
  readonly code: number | undefined;
  readonly body: unknown;
  /** The server's visitor messages, translated, each with the field it blames (empty for others). */
  readonly messages: readonly ShownMessage[];

  constructor(message: string, details: HttpErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'HttpError';
    this.kind = details.kind;
    this.status = details.status;
    this.code = details.code;
    this.body = details.body;
    this.messages = details.messages ?? [];
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
