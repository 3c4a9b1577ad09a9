import { isGithubError } from '@shared/pic-hub/github';

/**
 * Every way the tool's headless layer can fail, in words the page translates (texts/common.ts
 * `errors.<kind>`). The GitHub client's kinds pass through, renamed only where the page needs to
 * tell more apart (a missing repository is `repoNotFound`).
 *
 * - notImage, empty, tooLarge: refused before anything is read (tooLarge: over PIC_HUB_FILE_MAX_BYTES).
 * - compressFailed: the image pipeline could not decode or encode the picture.
 * - auth, noWriteAccess, repoNotFound, branchNotFound, conflict, validation, rateLimited: GitHub's answers.
 * - network: '网络不通'; commitFailed: '创建commit失败'; uploadFailed: '上传失败'; serverError: GitHub's 5xx.
 * - noHub: nothing to upload to (no hub of one's own, no system hub) or the file's hub is gone.
 * - noToken: the hub's token is no longer in this browser's secret store (cleared site data).
 * - sync: our server refused or could not be reached while the upload itself succeeded ('文件上传失败').
 * - storage: this browser's database failed (quota, private mode).
 * - allCdnFail: 'all cdnSite fail!'.
 * - cancelled, unknown.
 */
export const PIC_HUB_ERROR_KINDS = [
  'notImage',
  'empty',
  'tooLarge',
  'compressFailed',
  'auth',
  'noWriteAccess',
  'repoNotFound',
  'branchNotFound',
  'conflict',
  'validation',
  'rateLimited',
  'network',
  'commitFailed',
  'uploadFailed',
  'serverError',
  'noHub',
  'noToken',
  'sync',
  'storage',
  'allCdnFail',
  'cancelled',
  'unknown',
] as const;
export type PicHubErrorKind = (typeof PIC_HUB_ERROR_KINDS)[number];

export class PicHubError extends Error {
  constructor(
    readonly kind: PicHubErrorKind,
    options?: { cause?: unknown },
  ) {
    super(`PicHub: ${kind}`, options);
    this.name = 'PicHubError';
  }
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** The kind of any error the layer meets: ours, the GitHub client's, the API client's, an abort. */
export function errorKindOf(error: unknown): PicHubErrorKind {
  if (error instanceof PicHubError) return error.kind;
  if (isGithubError(error)) return error.kind === 'notFound' ? 'repoNotFound' : error.kind;
  if (isAbort(error)) return 'cancelled';
  const name = error instanceof Error ? error.name : '';
  if (name === 'StorageError') return 'storage';
  if (name === 'HttpError') {
    // Our own server, through the API client (a tool may not import it, so it is known by name).
    const kind = (error as Error & { kind?: unknown }).kind;
    if (kind === 'network' || kind === 'timeout') return 'network';
    if (kind === 'canceled') return 'cancelled';
    return 'sync';
  }
  return 'unknown';
}

/**
 * An error kind with what the page can say beyond the kind: when GitHub's exhausted rate limit
 * resets, or our server's own (already translated) words for a refusal.
 */
export interface PicHubFailure {
  kind: PicHubErrorKind;
  /** rateLimited by GitHub's primary limit: when it resets (ms since the epoch). */
  resetAt?: number;
  /** Our server refused: its visitor message, in the page's language. */
  serverMessage?: string;
}

/** What the stores keep of a failure: the bare kind, or the kind with its details when it has any. */
export type PicHubProblem = PicHubErrorKind | PicHubFailure;

export const kindOfProblem = (problem: PicHubProblem): PicHubErrorKind => (typeof problem === 'string' ? problem : problem.kind);

/** The server's visitor messages an API client error carries (HttpError.messages, translated by the client). */
function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name !== 'HttpError') return undefined;
  const messages = (error as Error & { messages?: unknown }).messages;
  if (!Array.isArray(messages)) return undefined;
  const texts = messages.flatMap((message: unknown) => {
    const text = typeof message === 'object' && message !== null ? (message as { text?: unknown }).text : undefined;
    return typeof text === 'string' && text.trim() ? [text.trim()] : [];
  });
  return texts.length > 0 ? texts.join('; ') : undefined;
}

/** errorKindOf with the details worth showing; the bare kind when there are none. */
export function problemOf(error: unknown): PicHubProblem {
  const kind = errorKindOf(error);
  if (error instanceof PicHubError && error.cause !== undefined) {
    // A PicHubError naming the kind of what it wraps (the hubs store's token check) keeps its details.
    const inner = problemOf(error.cause);
    return typeof inner !== 'string' && inner.kind === kind ? inner : kind;
  }
  if (kind === 'rateLimited' && isGithubError(error) && error.resetAt !== undefined) return { kind, resetAt: error.resetAt };
  if (kind === 'sync') {
    const serverMessage = serverMessageOf(error);
    if (serverMessage) return { kind, serverMessage };
  }
  return kind;
}
