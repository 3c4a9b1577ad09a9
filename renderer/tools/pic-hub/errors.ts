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
