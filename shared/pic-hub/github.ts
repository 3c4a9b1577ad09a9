import { GITHUB_API_URL, GITHUB_COMMIT_MESSAGE, GITHUB_FILE_MODE } from '../contracts/pic-hub-base';

/**
 * PicHub's GitHub REST client (spec §5, §7; issue 16), used by the page (website and desktop
 * renderer call GitHub directly with the user's token: GitHub answers CORS) and by the server for the
 * system hub. `fetch` is injected because shared code has no runtime of its own; everything it needs
 * of fetch is typed below so browsers' fetch, Node's fetch and a test double all fit.
 *
 * One file is one `PUT contents/{path}`; several files are blobs, then one tree on top of the
 * branch's tree, one commit and one ref update: a batch is always one commit however big it is.
 */

export interface GithubFetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** A cached `GET branches/…` (GitHub sends max-age=60) would make the ref update a non-fast-forward. */
  cache?: 'no-store';
}
export interface GithubFetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}
export type GithubFetch = (url: string, init: GithubFetchInit) => Promise<GithubFetchResponse>;

export interface GithubClientOptions {
  /** GitHub Enterprise's API root or the test server; absent = https://api.github.com. */
  apiBaseUrl?: string;
  token: string;
  owner: string;
  repo: string;
  branch: string;
  fetch: GithubFetch;
  /** Waits between retries; injected so tests need not wait. Must end early (rejecting or not) on abort. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Clock for Retry-After given as an HTTP date. */
  now?: () => number;
}

/**
 * What went wrong, in words the page can translate. auth: the token is refused (401);
 * noWriteAccess: the token may read but not push (403, or `permissions.push` false); notFound: no
 * such repository (or the token cannot see it); branchNotFound; conflict: the sha given no longer
 * matches (409); validation: GitHub refused the request's content (422); rateLimited: see resetAt /
 * retryAfterMs; network: no answer at all ('网络不通'); commitFailed: the batch's tree, commit or ref
 * step failed ('创建commit失败'); uploadFailed: a file's own step failed ('上传失败'); serverError:
 * outside an upload, a 5xx after the retries or an answer that is not what GitHub sends; cancelled.
 *
 * Spec §5 decides uploads: a 409, 422, 5xx after the retries, an answer carrying `message` or
 * lacking the expected sha is commitFailed for the commit steps and uploadFailed for the others;
 * the kinds the user can act on (auth, noWriteAccess, notFound, branchNotFound, rateLimited,
 * network, cancelled) are kept as they are.
 */
export type GithubErrorKind =
  | 'auth'
  | 'noWriteAccess'
  | 'notFound'
  | 'branchNotFound'
  | 'conflict'
  | 'validation'
  | 'rateLimited'
  | 'network'
  | 'commitFailed'
  | 'uploadFailed'
  | 'serverError'
  | 'cancelled';

/** The request that failed: repo / branch checks, a file's blob or content, the batch's tree, commit, ref, or a delete. */
export type GithubStep = 'repo' | 'branch' | 'blob' | 'content' | 'tree' | 'commit' | 'ref' | 'delete';

export class GithubError extends Error {
  readonly kind: GithubErrorKind;
  readonly step: GithubStep;
  /** HTTP status when GitHub answered. */
  readonly status?: number;
  /** GitHub's own `message`, for details under the translated text. */
  readonly githubMessage?: string;
  /** The file's path for a per-file step. */
  readonly path?: string;
  /** rateLimited by the primary limit: when it resets (ms since the epoch, from x-ratelimit-reset). */
  readonly resetAt?: number;
  /** rateLimited by a secondary limit whose wait was too long to sit out (ms). */
  readonly retryAfterMs?: number;

  constructor(
    kind: GithubErrorKind,
    step: GithubStep,
    details: { status?: number; githubMessage?: string; path?: string; resetAt?: number; retryAfterMs?: number } = {},
  ) {
    super(
      `GitHub ${step}: ${kind}${details.status ? ` (${details.status})` : ''}${details.githubMessage ? `: ${details.githubMessage}` : ''}`,
    );
    this.name = 'GithubError';
    this.kind = kind;
    this.step = step;
    Object.assign(this, details);
  }
}

export const isGithubError = (error: unknown): error is GithubError => error instanceof GithubError;

export interface GithubRepoInfo {
  fullName: string;
  defaultBranch: string;
  private: boolean;
}
export interface GithubUploadFile {
  /** The file's path in the repository (hub path + name); slashes at either end are dropped. */
  path: string;
  content: Uint8Array;
}
export interface GithubUploadedFile {
  path: string;
  /** The blob sha, which `deleteFile` needs. */
  sha: string;
}
export interface GithubProgress {
  step: GithubStep;
  /** Requests done of `total` planned (one file: 1; n files: n blobs + branch, tree, commit, ref). */
  done: number;
  total: number;
}
export interface GithubUploadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: GithubProgress) => void;
}

export interface GithubClient {
  /** The token works and may push; otherwise auth, notFound or noWriteAccess. */
  checkRepo(options?: { signal?: AbortSignal }): Promise<GithubRepoInfo>;
  /** The branch exists; returns its head commit. */
  checkBranch(options?: { signal?: AbortSignal }): Promise<{ name: string; sha: string }>;
  uploadFiles(files: readonly GithubUploadFile[], options?: GithubUploadOptions): Promise<GithubUploadedFile[]>;
  deleteFile(path: string, sha: string, options?: { signal?: AbortSignal }): Promise<void>;
}

/** Tries per request; between them 1 s, then 2 s (5xx) or the Retry-After asked for. */
export const GITHUB_MAX_ATTEMPTS = 3;
const BACKOFF_BASE_MS = 1000;
/** A secondary-limit wait longer than this is reported rather than sat out. */
export const GITHUB_MAX_RETRY_WAIT_MS = 60_000;
/** GitHub asks for at least a minute when a secondary limit names no Retry-After. */
const SECONDARY_LIMIT_DEFAULT_WAIT_MS = 60_000;

const COMMIT_STEPS: readonly GithubStep[] = ['branch', 'tree', 'commit', 'ref'];
/** Kinds an upload reports as they are; the rest become commitFailed / uploadFailed (spec §5). */
const ACTIONABLE: readonly GithubErrorKind[] = [
  'auth',
  'noWriteAccess',
  'notFound',
  'branchNotFound',
  'rateLimited',
  'network',
  'cancelled',
];

/** `a/b c/图.png` → `a/b%20c/%E5%9B%BE.png`: each segment encoded, the slashes kept. */
export function encodeGithubPath(path: string): string {
  return trimSlashes(path).split('/').map(encodeURIComponent).join('/');
}

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

/** Base64 in slices whose length is a multiple of 3, so a 25 MB picture never becomes one huge argument list. */
export function bytesToBase64(bytes: Uint8Array): string {
  const SLICE = 3 * 0x4000;
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += SLICE) {
    const slice = bytes.subarray(start, start + SLICE);
    let binary = '';
    for (let i = 0; i < slice.length; i += 0x1000) binary += String.fromCharCode(...slice.subarray(i, i + 0x1000));
    parts.push(btoa(binary));
  }
  return parts.join('');
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timers = globalThis as unknown as { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(id: unknown): void };
    const done = () => {
      timers.clearTimeout(id);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const id = timers.setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), value);

export function createGithubClient(options: GithubClientOptions): GithubClient {
  const doFetch = options.fetch; // called unbound: a browser's fetch refuses another `this`
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const root = (options.apiBaseUrl?.trim() || GITHUB_API_URL).replace(/\/+$/, '');
  const repoUrl = `${root}/repos/${encodeURIComponent(options.owner)}/${encodeURIComponent(options.repo)}`;
  const branch = options.branch;
  const headers: Record<string, string> = {
    Accept: 'application/vnd.github+json',
    Authorization: `Bearer ${options.token}`,
    'X-GitHub-Api-Version': '2022-11-28',
  };

  /** The wait a secondary limit asks for, or undefined when the answer is no limit of that kind. */
  function secondaryWait(response: GithubFetchResponse, message: string | undefined): number | undefined {
    const retryAfter = response.headers.get('retry-after');
    if (retryAfter !== null) {
      const seconds = Number(retryAfter);
      if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
      const date = Date.parse(retryAfter);
      if (Number.isFinite(date)) return Math.max(0, date - now());
    }
    if (response.status === 429 || /secondary rate limit|abuse/i.test(message ?? '')) return SECONDARY_LIMIT_DEFAULT_WAIT_MS;
    return undefined;
  }

  function httpKind(status: number, step: GithubStep, message: string | undefined): GithubErrorKind | undefined {
    if (status === 401) return 'auth';
    if (status === 403) return 'noWriteAccess';
    // A write to a missing branch answers 404 "Branch x not found"; a missing repository 404 "Not Found".
    if (status === 404) return step === 'branch' || /\bbranch\b/i.test(message ?? '') ? 'branchNotFound' : 'notFound';
    if (status === 409) return 'conflict';
    if (status === 422) return 'validation';
    return undefined;
  }

  /**
   * One request with the retries: 5xx waits 1 s then 2 s, a secondary limit waits its Retry-After
   * (up to a minute); a primary limit (x-ratelimit-remaining 0) is never waited for: it can be an hour.
   * Returns the parsed body of a 2xx answer; throws GithubError otherwise.
   */
  async function request(
    step: GithubStep,
    method: string,
    url: string,
    body: unknown,
    signal: AbortSignal | undefined,
    path?: string,
  ): Promise<unknown> {
    const fail = (kind: GithubErrorKind, details: ConstructorParameters<typeof GithubError>[2] = {}) =>
      new GithubError(kind, step, { path, ...details });
    const init: GithubFetchInit = { method, headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' } };
    if (body !== undefined) init.body = JSON.stringify(body);
    if (signal) init.signal = signal;
    if (method === 'GET') init.cache = 'no-store';
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw fail('cancelled');
      let response: GithubFetchResponse;
      let text: string;
      try {
        response = await doFetch(url, init);
        text = await response.text();
      } catch {
        throw fail(signal?.aborted ? 'cancelled' : 'network');
      }
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      const status = response.status;
      if (status >= 200 && status < 300) return parsed;
      const githubMessage = str(at(parsed, 'message'));
      let wait: number | undefined;
      if (status === 403 || status === 429) {
        if (response.headers.get('x-ratelimit-remaining') === '0') {
          const reset = Number(response.headers.get('x-ratelimit-reset'));
          throw fail('rateLimited', { status, githubMessage, ...(Number.isFinite(reset) && reset > 0 ? { resetAt: reset * 1000 } : {}) });
        }
        const secondary = secondaryWait(response, githubMessage);
        if (secondary !== undefined) {
          if (secondary > GITHUB_MAX_RETRY_WAIT_MS || attempt >= GITHUB_MAX_ATTEMPTS)
            throw fail('rateLimited', { status, githubMessage, retryAfterMs: secondary });
          wait = secondary;
        }
      } else if (status >= 500 && attempt < GITHUB_MAX_ATTEMPTS) {
        wait = BACKOFF_BASE_MS * 2 ** (attempt - 1);
      }
      if (wait === undefined) {
        const kind = httpKind(status, step, githubMessage);
        throw fail(kind ?? 'serverError', { status, githubMessage });
      }
      await sleep(wait, signal);
    }
  }

  /** Spec §5 for a 2xx answer: carrying a `message` (other than a commit's own) or lacking the sha is a failure. */
  function expectSha(step: GithubStep, parsed: unknown, sha: unknown, path?: string): string {
    const message = step === 'commit' ? undefined : str(at(parsed, 'message'));
    const value = str(sha);
    if (message !== undefined || value === undefined)
      throw new GithubError('serverError', step, { path, githubMessage: message ?? 'no sha in the answer' });
    return value;
  }

  /** Applies spec §5's upload rule to an error thrown by a step of uploadFiles. */
  function asUploadError(error: unknown): never {
    if (!(error instanceof GithubError) || ACTIONABLE.includes(error.kind)) throw error;
    const kind: GithubErrorKind = COMMIT_STEPS.includes(error.step) ? 'commitFailed' : 'uploadFailed';
    throw new GithubError(kind, error.step, {
      status: error.status,
      githubMessage: error.githubMessage,
      path: error.path,
    });
  }

  async function checkRepo({ signal }: { signal?: AbortSignal } = {}): Promise<GithubRepoInfo> {
    const repo = await request('repo', 'GET', repoUrl, undefined, signal);
    if (!isObject(repo)) throw new GithubError('serverError', 'repo', { githubMessage: 'no repository in the answer' });
    // A token without push sees `permissions.push` false; an answer without `permissions` (no token) cannot push either.
    if (at(repo, 'permissions', 'push') !== true) throw new GithubError('noWriteAccess', 'repo', { status: 200 });
    return {
      fullName: str(repo.full_name) ?? `${options.owner}/${options.repo}`,
      defaultBranch: str(repo.default_branch) ?? '',
      private: repo.private === true,
    };
  }

  async function readBranch(signal: AbortSignal | undefined) {
    const answer = await request('branch', 'GET', `${repoUrl}/branches/${encodeGithubPath(branch)}`, undefined, signal);
    const sha = expectSha('branch', answer, at(answer, 'commit', 'sha'));
    const treeSha = str(at(answer, 'commit', 'commit', 'tree', 'sha'));
    return { name: str(at(answer, 'name')) ?? branch, sha, treeSha };
  }

  async function checkBranch({ signal }: { signal?: AbortSignal } = {}) {
    const { name, sha } = await readBranch(signal);
    return { name, sha };
  }

  /**
   * `PUT contents` of a path that exists answers 422 ("sha" wasn't supplied). When the file there is
   * this very content (the same picture again under HASH naming) the upload has in effect succeeded:
   * a blob of our bytes (GitHub names it, nothing is committed) is compared with the file's sha.
   */
  async function sameFileAlreadyThere(path: string, base64: string, signal: AbortSignal | undefined): Promise<string | undefined> {
    const existing = await request(
      'content',
      'GET',
      `${repoUrl}/contents/${encodeGithubPath(path)}?ref=${encodeURIComponent(branch)}`,
      undefined,
      signal,
      path,
    ).catch(() => undefined);
    const existingSha = str(at(existing, 'sha'));
    if (!existingSha) return undefined;
    const blob = await request('blob', 'POST', `${repoUrl}/git/blobs`, { content: base64, encoding: 'base64' }, signal, path);
    return str(at(blob, 'sha')) === existingSha ? existingSha : undefined;
  }

  async function uploadOne(file: GithubUploadFile, options: GithubUploadOptions): Promise<GithubUploadedFile> {
    const path = trimSlashes(file.path);
    const content = bytesToBase64(file.content);
    const { signal } = options;
    for (let round = 1; ; round++) {
      try {
        const url = `${repoUrl}/contents/${encodeGithubPath(path)}`;
        const answer = await request('content', 'PUT', url, { message: GITHUB_COMMIT_MESSAGE, branch, content }, signal, path);
        const sha = expectSha('content', answer, at(answer, 'content', 'sha'), path);
        options.onProgress?.({ step: 'content', done: 1, total: 1 });
        return { path, sha };
      } catch (error) {
        // GitHub answers 409 when the branch moved under a contents write (another upload at that moment).
        if (error instanceof GithubError && error.kind === 'conflict' && round < GITHUB_MAX_ATTEMPTS) continue;
        if (error instanceof GithubError && error.kind === 'validation') {
          const sha = await sameFileAlreadyThere(path, content, signal).catch(() => undefined);
          if (signal?.aborted) throw new GithubError('cancelled', 'content', { path });
          if (sha) {
            options.onProgress?.({ step: 'content', done: 1, total: 1 });
            return { path, sha };
          }
        }
        return asUploadError(error);
      }
    }
  }

  /** Tree on top of the branch's tree, commit on its head, ref moved to it (no force). */
  async function commitBlobs(
    uploaded: readonly GithubUploadedFile[],
    signal: AbortSignal | undefined,
    progress: (step: GithubStep) => void,
  ) {
    const head = await readBranch(signal);
    progress('branch');
    // A path named twice keeps its last content, as a second upload of the same name would.
    const entries = new Map(uploaded.map((file) => [file.path, file.sha]));
    const treeBody: Json = { tree: [...entries].map(([path, sha]) => ({ path, mode: GITHUB_FILE_MODE, type: 'blob', sha })) };
    if (head.treeSha) treeBody.base_tree = head.treeSha;
    const tree = await request('tree', 'POST', `${repoUrl}/git/trees`, treeBody, signal);
    const treeSha = expectSha('tree', tree, at(tree, 'sha'));
    progress('tree');
    const commit = await request(
      'commit',
      'POST',
      `${repoUrl}/git/commits`,
      { message: GITHUB_COMMIT_MESSAGE, tree: treeSha, parents: [head.sha] },
      signal,
    );
    const commitSha = expectSha('commit', commit, at(commit, 'sha'));
    progress('commit');
    const ref = await request(
      'ref',
      'PATCH',
      `${repoUrl}/git/refs/heads/${encodeGithubPath(branch)}`,
      { sha: commitSha, force: false },
      signal,
    );
    if (expectSha('ref', ref, at(ref, 'object', 'sha')) !== commitSha)
      throw new GithubError('commitFailed', 'ref', { githubMessage: 'the branch points elsewhere' });
    progress('ref');
  }

  async function uploadBatch(files: readonly GithubUploadFile[], options: GithubUploadOptions): Promise<GithubUploadedFile[]> {
    const { signal, onProgress } = options;
    const total = files.length + 4;
    let done = 0;
    const progress = (step: GithubStep) => onProgress?.({ step, done: ++done, total });
    try {
      // One blob at a time: GitHub asks for content-creating requests in series (secondary limits).
      const uploaded: GithubUploadedFile[] = [];
      for (const file of files) {
        const path = trimSlashes(file.path);
        const answer = await request(
          'blob',
          'POST',
          `${repoUrl}/git/blobs`,
          { content: bytesToBase64(file.content), encoding: 'base64' },
          signal,
          path,
        );
        uploaded.push({ path, sha: expectSha('blob', answer, at(answer, 'sha'), path) });
        progress('blob');
      }
      // Someone else's push between our branch read and the ref update (another tab, another device)
      // makes the update a non-fast-forward (422): the blobs stay, the commit is rebuilt on the new head.
      for (let round = 1; ; round++) {
        try {
          await commitBlobs(uploaded, signal, progress);
          break;
        } catch (error) {
          const raced = error instanceof GithubError && error.step === 'ref' && error.kind === 'validation';
          if (!raced || round >= GITHUB_MAX_ATTEMPTS) throw error;
          done = files.length;
        }
      }
      return uploaded;
    } catch (error) {
      return asUploadError(error);
    }
  }

  async function uploadFiles(files: readonly GithubUploadFile[], options: GithubUploadOptions = {}): Promise<GithubUploadedFile[]> {
    if (files.length === 0) return [];
    if (options.signal?.aborted) throw new GithubError('cancelled', files.length === 1 ? 'content' : 'blob');
    return files.length === 1 ? [await uploadOne(files[0]!, options)] : uploadBatch(files, options);
  }

  async function deleteFile(path: string, sha: string, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
    const clean = trimSlashes(path);
    const answer = await request(
      'delete',
      'DELETE',
      `${repoUrl}/contents/${encodeGithubPath(clean)}`,
      { message: GITHUB_COMMIT_MESSAGE, sha, branch },
      signal,
      clean,
    );
    expectSha('delete', answer, at(answer, 'commit', 'sha'), clean);
  }

  return { checkRepo, checkBranch, uploadFiles, deleteFile };
}
