import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Test code only: a GitHub-compatible REST server for PicHub (issue 16) on 127.0.0.1, backed by a
 * real bare git repository that every write goes through git plumbing into (`hash-object -w`,
 * `mktree`, `commit-tree`, `update-ref`). Tests then read the repository with git itself, so "one
 * commit for the batch, mode 100644, message 'upload by pichub'" is checked in git, not in our own
 * bookkeeping. GitHub cannot be reached from the test machines.
 *
 * Exactly what PicHub calls: GET /repos/{o}/{r}, GET …/branches/{b}, GET/PUT/DELETE …/contents/{path},
 * POST …/git/blobs, POST …/git/trees, POST …/git/commits, PATCH …/git/refs/heads/{b}; answers and
 * errors shaped as GitHub's (octokit/fixtures recordings, GitHub's REST description), with GitHub's
 * CORS headers so a browser page can call it. `GET /raw/{o}/{r}/{b}/{path}` (and HEAD) serves files
 * like raw.githubusercontent.com, for link templates and the CDN probe in e2e.
 */

export interface GithubTestServerOptions {
  owner?: string;
  repo?: string;
  /** Branches made at start, all on the first commit (README.md); the first is the default branch. */
  branches?: string[];
  /** Token → whether it may push. Default: PUSH_TOKEN may, READ_TOKEN may only read. */
  tokens?: Record<string, { push: boolean }>;
  /** Fixed port (e2e puts the origin in the website's CSP before the server starts); default random. */
  port?: number;
  latencyMs?: number;
  /** Core rate limit per token: requests allowed before 403 "API rate limit exceeded". */
  rateLimit?: number;
}

/** An answer forced on the next matching calls instead of the real one. */
export interface GithubIntercept {
  times?: number;
  status: number;
  /** Default: GitHub's error shape with a message fitting the status. */
  body?: unknown;
  headers?: Record<string, string>;
  method?: string;
  /** Matched against the path after /repos/{o}/{r} (e.g. /git/commits) or the whole path. */
  path?: RegExp;
}

export interface GithubRequestLog {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface GitTreeEntry {
  mode: string;
  type: string;
  sha: string;
  path: string;
}
export interface GitCommitInfo {
  sha: string;
  message: string;
  parents: string[];
}

export interface GithubTestServer {
  /** The API root, as a hub's `apiBaseUrl`. */
  url: string;
  /** raw.githubusercontent.com's counterpart: `${rawUrl}/{owner}/{repo}/{branch}/{path}`. */
  rawUrl: string;
  owner: string;
  repo: string;
  defaultBranch: string;
  gitDir: string;
  requests: GithubRequestLog[];
  /** Forces the next calls' answers (see GithubIntercept). */
  intercept(intercept: GithubIntercept): void;
  /** The next `times` matching calls fail with `status` (503, 429 with Retry-After, …). */
  failNext(times: number, status: number, options?: { retryAfter?: number; method?: string; path?: RegExp }): void;
  setLatency(ms: number): void;
  /** Runs before each API call is handled (not for forced answers): a test can push "from elsewhere" mid-upload. */
  onRequest(listener: ((request: { method: string; path: string }) => void) | undefined): void;
  /** Requests the token has left before the primary limit (sets the counter for every token). */
  setRateLimitRemaining(remaining: number): void;
  git(args: string[], input?: Buffer | string): string;
  /** Commits on the branch, newest first. */
  log(ref?: string): GitCommitInfo[];
  /** The file's bytes on the branch, or undefined when there is none. */
  show(path: string, ref?: string): Buffer | undefined;
  /** Every file of the ref's tree (recursive), with mode and blob sha. */
  ls(ref?: string): GitTreeEntry[];
  /** Stops listening, ends open connections and removes the repository. */
  close(): Promise<void>;
}

export const PUSH_TOKEN = 'ghp_pichubTestTokenWithPush000000000000';
export const READ_TOKEN = 'ghp_pichubTestTokenReadOnly000000000000';
const DOCS = 'https://docs.github.com/rest';
const RATE_LIMIT_DEFAULT = 5000;
const MAX_BODY_BYTES = 120 * 1024 * 1024;
const SHA_PATTERN = /^[0-9a-f]{40}$/;

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset',
};
const PREFLIGHT_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, GraphQL-Features, X-Github-Next-Global-ID, X-GitHub-Api-Version',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE',
  'Access-Control-Max-Age': '86400',
};

const DEFAULT_MESSAGES: Record<number, string> = {
  401: 'Bad credentials',
  403: 'Resource not accessible by personal access token',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Validation Failed',
  429: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
  500: 'Server Error',
  502: 'Server Error',
  503: 'Service Unavailable',
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

export async function startGithubServer(options: GithubTestServerOptions = {}): Promise<GithubTestServer> {
  const owner = options.owner ?? 'pichub-owner';
  const repo = options.repo ?? 'pictures';
  const branches = options.branches?.length ? options.branches : ['main'];
  const defaultBranch = branches[0]!;
  const tokens = options.tokens ?? { [PUSH_TOKEN]: { push: true }, [READ_TOKEN]: { push: false } };
  const rateLimit = options.rateLimit ?? RATE_LIMIT_DEFAULT;
  let latencyMs = options.latencyMs ?? 0;
  let requestListener: ((request: { method: string; path: string }) => void) | undefined;
  /** setRateLimitRemaining's budget, shared by every caller; otherwise each token counts its own requests. */
  let budget: number | undefined;
  const used = new Map<string, number>();
  const intercepts: (GithubIntercept & { times: number })[] = [];
  const requests: GithubRequestLog[] = [];
  const resetAt = Math.floor(Date.now() / 1000) + 3600;

  const root = mkdtempSync(join(tmpdir(), 'pichub-github-'));
  const gitDir = join(root, `${repo}.git`);
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: owner,
    GIT_AUTHOR_EMAIL: `${owner}@users.noreply.github.com`,
    GIT_COMMITTER_NAME: 'GitHub',
    GIT_COMMITTER_EMAIL: 'noreply@github.com',
    GIT_CONFIG_NOSYSTEM: '1',
    HOME: root,
  };
  const git = (args: string[], input?: Buffer | string): string =>
    execFileSync('git', ['--git-dir', gitDir, ...args], {
      env,
      input,
      maxBuffer: MAX_BODY_BYTES * 2,
      stdio: ['pipe', 'pipe', 'pipe'],
    }).toString('utf8');
  const gitBuffer = (args: string[]): Buffer =>
    execFileSync('git', ['--git-dir', gitDir, ...args], { env, maxBuffer: MAX_BODY_BYTES * 2, stdio: ['pipe', 'pipe', 'pipe'] });
  const tryGit = (args: string[]): string | undefined => {
    try {
      return git(args).trim();
    } catch {
      return undefined;
    }
  };

  execFileSync('git', ['init', '--quiet', '--bare', `--initial-branch=${defaultBranch}`, gitDir], { env });
  const readme = git(['hash-object', '-w', '--stdin'], `# ${repo}\n`).trim();
  const firstTree = git(['mktree', '-z'], `100644 blob ${readme}\tREADME.md\0`).trim();
  const firstCommit = git(['commit-tree', firstTree, '-m', 'Initial commit']).trim();
  for (const name of branches) git(['update-ref', `refs/heads/${name}`, firstCommit]);

  // ---- git helpers -------------------------------------------------------------------------

  const objectType = (sha: string) => (SHA_PATTERN.test(sha) ? tryGit(['cat-file', '-t', sha]) : undefined);
  const branchHead = (name: string) => tryGit(['rev-parse', '--verify', '--quiet', `refs/heads/${name}^{commit}`]);
  const treeOf = (commit: string) => git(['rev-parse', `${commit}^{tree}`]).trim();

  /** One level of a tree: name → entry, read NUL-separated so Chinese names come back unquoted. */
  function readTree(tree: string): Map<string, Omit<GitTreeEntry, 'path'>> {
    const entries = new Map<string, Omit<GitTreeEntry, 'path'>>();
    for (const line of git(['ls-tree', '-z', tree]).split('\0')) {
      if (!line) continue;
      const tab = line.indexOf('\t');
      const [mode, type, sha] = line.slice(0, tab).split(' ') as [string, string, string];
      entries.set(line.slice(tab + 1), { mode, type, sha });
    }
    return entries;
  }

  type Change = { parts: string[]; entry: Omit<GitTreeEntry, 'path'> | null };
  /** Writes base + changes as new trees bottom-up (nested paths make nested trees); null removes. */
  function writeTree(base: string | undefined, changes: Change[]): string {
    const entries = base ? readTree(base) : new Map<string, Omit<GitTreeEntry, 'path'>>();
    const below = new Map<string, Change[]>();
    for (const change of changes) {
      const [head, ...rest] = change.parts as [string, ...string[]];
      if (rest.length === 0) {
        if (change.entry) entries.set(head, change.entry);
        else entries.delete(head);
      } else {
        below.set(head, [...(below.get(head) ?? []), { parts: rest, entry: change.entry }]);
      }
    }
    for (const [name, sub] of below) {
      const existing = entries.get(name);
      const tree = writeTree(existing?.type === 'tree' ? existing.sha : undefined, sub);
      if (readTree(tree).size === 0) entries.delete(name);
      else entries.set(name, { mode: '040000', type: 'tree', sha: tree });
    }
    const input = [...entries].map(([name, e]) => `${e.mode} ${e.type} ${e.sha}\t${name}\0`).join('');
    return git(['mktree', '-z'], input).trim();
  }

  /** The entry at a path of a tree-ish, or undefined. */
  function entryAt(treeish: string, path: string): Omit<GitTreeEntry, 'path'> | undefined {
    const line = tryGit(['ls-tree', '-z', treeish, '--', path])?.split('\0')[0];
    if (!line) return undefined;
    const [mode, type, sha] = line.slice(0, line.indexOf('\t')).split(' ') as [string, string, string];
    return { mode, type, sha };
  }

  const commitInfo = (sha: string) => {
    const raw = git(['cat-file', 'commit', sha]);
    const [head, ...message] = raw.split('\n\n');
    const field = (name: string) =>
      head!
        .split('\n')
        .filter((line) => line.startsWith(`${name} `))
        .map((line) => line.slice(name.length + 1));
    const person = (line: string | undefined) => {
      const match = /^(.*) <(.*)> (\d+) ([+-]\d{4})$/.exec(line ?? '');
      return {
        name: match?.[1] ?? '',
        email: match?.[2] ?? '',
        date: new Date(Number(match?.[3] ?? 0) * 1000).toISOString().replace('.000Z', 'Z'),
      };
    };
    return {
      tree: field('tree')[0]!,
      parents: field('parent'),
      author: person(field('author')[0]),
      committer: person(field('committer')[0]),
      message: message.join('\n\n').replace(/\n$/, ''),
    };
  };

  // ---- GitHub shapes ----------------------------------------------------------------------

  let origin = '';
  const apiRepo = () => `${origin}/repos/${owner}/${repo}`;
  const commitJson = (sha: string) => {
    const info = commitInfo(sha);
    return {
      sha,
      node_id: Buffer.from(`Commit:${sha}`).toString('base64'),
      url: `${apiRepo()}/git/commits/${sha}`,
      html_url: `${origin}/${owner}/${repo}/commit/${sha}`,
      author: info.author,
      committer: info.committer,
      tree: { sha: info.tree, url: `${apiRepo()}/git/trees/${info.tree}` },
      message: info.message,
      parents: info.parents.map((parent) => ({
        sha: parent,
        url: `${apiRepo()}/git/commits/${parent}`,
        html_url: `${origin}/${owner}/${repo}/commit/${parent}`,
      })),
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
    };
  };
  const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
  const contentJson = (path: string, sha: string, size: number, ref: string) => {
    const name = path.split('/').pop()!;
    const self = `${apiRepo()}/contents/${encodePath(path)}?ref=${encodeURIComponent(ref)}`;
    const html = `${origin}/${owner}/${repo}/blob/${ref}/${encodePath(path)}`;
    const gitUrl = `${apiRepo()}/git/blobs/${sha}`;
    return {
      name,
      path,
      sha,
      size,
      url: self,
      html_url: html,
      git_url: gitUrl,
      download_url: `${origin}/raw/${owner}/${repo}/${ref}/${encodePath(path)}`,
      type: 'file',
      _links: { self, git: gitUrl, html },
    };
  };
  const repoJson = (push: boolean | undefined) => ({
    id: 1296269,
    node_id: 'MDEwOlJlcG9zaXRvcnkxMjk2MjY5',
    name: repo,
    full_name: `${owner}/${repo}`,
    private: false,
    owner: { login: owner, id: 583231, type: 'User', url: `${origin}/users/${owner}` },
    html_url: `${origin}/${owner}/${repo}`,
    url: apiRepo(),
    default_branch: defaultBranch,
    visibility: 'public',
    ...(push === undefined ? {} : { permissions: { admin: false, maintain: false, push, triage: push, pull: true } }),
  });

  // ---- routes -------------------------------------------------------------------------------

  /** Creates a commit of `changes` on top of the branch and moves the branch; returns the commit. */
  function commitOnBranch(branchName: string, changes: Change[], message: string): string {
    const head = branchHead(branchName);
    if (!head) throw new HttpError(404, `Branch ${branchName} not found`);
    const tree = writeTree(treeOf(head), changes);
    const commit = git(['commit-tree', tree, '-p', head, '-m', message]).trim();
    git(['update-ref', `refs/heads/${branchName}`, commit, head]);
    return commit;
  }

  const requireString = (body: Record<string, unknown>, key: string): string => {
    const value = body[key];
    if (typeof value !== 'string' || !value) throw new HttpError(422, `Invalid request.\n\n"${key}" wasn't supplied.`);
    return value;
  };
  const decodeContent = (content: string, encoding: unknown) => {
    if (encoding === 'utf-8' || encoding === 'utf8') return Buffer.from(content, 'utf8');
    if (!/^[A-Za-z0-9+/=\s]*$/.test(content)) throw new HttpError(422, 'content is not valid Base64');
    return Buffer.from(content, 'base64');
  };

  function putContents(path: string, body: Record<string, unknown>) {
    const message = requireString(body, 'message');
    const content = decodeContent(requireString(body, 'content'), 'base64');
    const branchName = typeof body.branch === 'string' && body.branch ? body.branch : defaultBranch;
    const head = branchHead(branchName);
    if (!head) throw new HttpError(404, `Branch ${branchName} not found`);
    const existing = entryAt(head, path);
    if (existing?.type === 'tree') throw new HttpError(422, `Invalid request.\n\n"${path}" is a directory.`);
    if (existing && body.sha === undefined) throw new HttpError(422, 'Invalid request.\n\n"sha" wasn\'t supplied.');
    if (existing && body.sha !== existing.sha) throw new HttpError(409, `${path} does not match ${String(body.sha)}`);
    const blob = git(['hash-object', '-w', '--stdin'], content).trim();
    const commit = commitOnBranch(branchName, [{ parts: path.split('/'), entry: { mode: '100644', type: 'blob', sha: blob } }], message);
    return {
      status: existing ? 200 : 201,
      json: { content: contentJson(path, blob, content.length, branchName), commit: commitJson(commit) },
    };
  }

  function deleteContents(path: string, body: Record<string, unknown>) {
    const message = requireString(body, 'message');
    const sha = requireString(body, 'sha');
    const branchName = typeof body.branch === 'string' && body.branch ? body.branch : defaultBranch;
    const head = branchHead(branchName);
    if (!head) throw new HttpError(404, `Branch ${branchName} not found`);
    const existing = entryAt(head, path);
    if (!existing || existing.type !== 'blob') throw new HttpError(404, 'Not Found');
    if (existing.sha !== sha) throw new HttpError(409, `${path} does not match ${sha}`);
    const commit = commitOnBranch(branchName, [{ parts: path.split('/'), entry: null }], message);
    return { status: 200, json: { content: null, commit: commitJson(commit) } };
  }

  function getContents(path: string, ref: string) {
    const head = branchHead(ref) ?? (objectType(ref) === 'commit' ? ref : undefined);
    if (!head) throw new HttpError(404, `No commit found for the ref ${ref}`);
    const entry = path ? entryAt(head, path) : { mode: '040000', type: 'tree', sha: treeOf(head) };
    if (!entry) throw new HttpError(404, 'Not Found');
    if (entry.type === 'tree') {
      return [...readTree(entry.sha)].map(([name, e]) => {
        const childPath = path ? `${path}/${name}` : name;
        const size = e.type === 'blob' ? Number(git(['cat-file', '-s', e.sha]).trim()) : 0;
        return { ...contentJson(childPath, e.sha, size, ref), type: e.type === 'tree' ? 'dir' : 'file' };
      });
    }
    const bytes = gitBuffer(['cat-file', 'blob', entry.sha]);
    // GitHub wraps the Base64 at 60 characters with \n.
    const base64 = bytes.toString('base64').replace(/.{60}/g, '$&\n');
    return { ...contentJson(path, entry.sha, bytes.length, ref), encoding: 'base64', content: base64 };
  }

  function createBlob(body: Record<string, unknown>) {
    if (typeof body.content !== 'string') throw new HttpError(422, 'Invalid request.\n\n"content" wasn\'t supplied.');
    const sha = git(['hash-object', '-w', '--stdin'], decodeContent(body.content, body.encoding ?? 'utf-8')).trim();
    return { status: 201, json: { sha, url: `${apiRepo()}/git/blobs/${sha}` } };
  }

  function createTree(body: Record<string, unknown>) {
    if (!Array.isArray(body.tree)) throw new HttpError(422, 'Invalid request.\n\n"tree" wasn\'t supplied.');
    const base = body.base_tree;
    if (base !== undefined && base !== null && (typeof base !== 'string' || objectType(base) !== 'tree'))
      throw new HttpError(422, 'base_tree is not a valid tree oid');
    const changes: Change[] = [];
    for (const item of body.tree as Record<string, unknown>[]) {
      const path = typeof item?.path === 'string' ? item.path : '';
      const mode = String(item?.mode ?? '');
      const type = String(item?.type ?? 'blob');
      if (!path || path.startsWith('/') || path.split('/').some((part) => !part || part === '.' || part === '..'))
        throw new HttpError(422, `tree.path ${JSON.stringify(path)} is invalid`);
      if (!['100644', '100755', '040000', '160000', '120000'].includes(mode)) throw new HttpError(422, `tree.mode ${mode} is invalid`);
      let sha: string | null;
      if (typeof item.content === 'string') sha = git(['hash-object', '-w', '--stdin'], Buffer.from(item.content, 'utf8')).trim();
      else if (item.sha === null) sha = null;
      else if (typeof item.sha === 'string' && objectType(item.sha) === type) sha = item.sha;
      else throw new HttpError(422, `tree.sha ${String(item.sha)} is not a valid ${type}`);
      changes.push({ parts: path.split('/'), entry: sha === null ? null : { mode, type, sha } });
    }
    const sha = writeTree(typeof base === 'string' ? base : undefined, changes);
    const tree = [...readTree(sha)].map(([path, e]) => ({
      path,
      ...e,
      ...(e.type === 'blob' ? { size: Number(git(['cat-file', '-s', e.sha]).trim()) } : {}),
      url: `${apiRepo()}/git/${e.type}s/${e.sha}`,
    }));
    return { status: 201, json: { sha, url: `${apiRepo()}/git/trees/${sha}`, tree, truncated: false } };
  }

  function createCommit(body: Record<string, unknown>) {
    const message = requireString(body, 'message');
    const tree = requireString(body, 'tree');
    if (objectType(tree) !== 'tree') throw new HttpError(422, 'Tree SHA does not exist');
    const parents = Array.isArray(body.parents) ? body.parents : [];
    for (const parent of parents)
      if (typeof parent !== 'string' || objectType(parent) !== 'commit')
        throw new HttpError(422, 'Parent SHA does not exist or is not a commit object');
    const sha = git(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', String(parent)]), '-m', message]).trim();
    return { status: 201, json: commitJson(sha) };
  }

  function updateRef(branchName: string, body: Record<string, unknown>) {
    const sha = requireString(body, 'sha');
    const head = branchHead(branchName);
    if (!head) throw new HttpError(422, 'Reference does not exist');
    if (objectType(sha) !== 'commit') throw new HttpError(422, 'Object does not exist');
    if (body.force !== true && tryGit(['merge-base', '--is-ancestor', head, sha]) === undefined)
      throw new HttpError(422, 'Update is not a fast forward');
    git(['update-ref', `refs/heads/${branchName}`, sha, head]);
    const ref = `refs/heads/${branchName}`;
    return {
      status: 200,
      json: {
        ref,
        node_id: 'MDM6UmVmcmVmcy9oZWFkcy9tYWlu',
        url: `${apiRepo()}/git/${ref}`,
        object: { sha, type: 'commit', url: `${apiRepo()}/git/commits/${sha}` },
      },
    };
  }

  function branchJson(name: string) {
    const head = branchHead(name);
    if (!head) throw new HttpError(404, 'Branch not found');
    return {
      name,
      commit: {
        ...commitJson(head),
        commit: (({ author, committer, message, tree }) => ({ author, committer, message, tree, comment_count: 0 }))(commitJson(head)),
      },
      _links: {
        self: `${apiRepo()}/branches/${encodeURIComponent(name)}`,
        html: `${origin}/${owner}/${repo}/tree/${encodeURIComponent(name)}`,
      },
      protected: false,
    };
  }

  // ---- the HTTP side ------------------------------------------------------------------------

  async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
      chunks.push(chunk as Buffer);
    }
    if (size === 0) return {};
    try {
      const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      return parsed as Record<string, unknown>;
    } catch {
      throw new HttpError(400, 'Problems parsing JSON');
    }
  }

  const remainingFor = (key: string) => budget ?? Math.max(0, rateLimit - (used.get(key) ?? 0));
  /** Big Base64 contents are logged by length: a 50-file batch would otherwise keep every picture twice. */
  const loggable = (body: Record<string, unknown>) =>
    typeof body.content === 'string' && body.content.length > 1024 ? { ...body, content: `<${body.content.length} characters>` } : body;

  function rateHeaders(remaining: number): Record<string, string> {
    return {
      'X-RateLimit-Limit': String(rateLimit),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(resetAt),
      'X-RateLimit-Used': String(rateLimit - remaining),
      'X-RateLimit-Resource': 'core',
    };
  }

  function send(res: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}) {
    const body = json === undefined ? '' : JSON.stringify(json);
    res.writeHead(status, {
      ...CORS_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'private, max-age=60, s-maxage=60',
      // As GitHub answers: a browser keeps one answer per token (a read-only token's check is not
      // answered from the cache of a pushing token's).
      Vary: 'Accept, Authorization, Cookie, X-GitHub-OTP',
      'X-GitHub-Media-Type': 'github.v3; format=json',
      'Content-Length': String(Buffer.byteLength(body)),
      ...headers,
    });
    res.end(body);
  }
  const errorJson = (status: number, message: string, extra: Record<string, unknown> = {}) => ({
    message,
    documentation_url: DOCS,
    status: String(status),
    ...extra,
  });

  function serveRaw(req: IncomingMessage, res: ServerResponse, parts: string[]) {
    const [o, r, b, ...rest] = parts;
    const head = o === owner && r === repo && b ? branchHead(b) : undefined;
    const entry = head && rest.length ? entryAt(head, rest.join('/')) : undefined;
    if (!entry || entry.type !== 'blob') {
      res
        .writeHead(404, { ...CORS_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' })
        .end(req.method === 'HEAD' ? undefined : '404: Not Found');
      return;
    }
    const bytes = gitBuffer(['cat-file', 'blob', entry.sha]);
    const ext = rest.at(-1)!.split('.').pop()!.toLowerCase();
    res.writeHead(200, {
      ...CORS_HEADERS,
      'Content-Type': MIME[ext] ?? 'application/octet-stream',
      'Content-Length': String(bytes.length),
      'Cache-Control': 'max-age=300',
      ETag: `"${entry.sha}"`,
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(204, { ...CORS_HEADERS, ...PREFLIGHT_HEADERS }).end();
      return;
    }
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const segments = url.pathname
      .split('/')
      .filter(Boolean)
      .map((part) => decodeURIComponent(part));
    if (segments[0] === 'raw' && (method === 'GET' || method === 'HEAD')) return serveRaw(req, res, segments.slice(1));

    const body = method === 'GET' || method === 'HEAD' ? {} : await readBody(req);
    const authorization = req.headers.authorization;
    requests.push({ method, path: url.pathname, authorization, body: loggable(body) });
    const token = /^(?:token|bearer)\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
    const rateKey = token ?? `ip:${req.socket.remoteAddress}`;

    // Forced answers first: they stand for GitHub having a bad moment whatever the request was.
    const sub = url.pathname.replace(`/repos/${owner}/${repo}`, '');
    const forced = intercepts.find((i) => (!i.method || i.method === method) && (!i.path || i.path.test(sub) || i.path.test(url.pathname)));
    if (forced) {
      if (--forced.times <= 0) intercepts.splice(intercepts.indexOf(forced), 1);
      const headers = { ...rateHeaders(remainingFor(rateKey)), ...forced.headers };
      return send(
        res,
        forced.status,
        forced.body !== undefined ? forced.body : errorJson(forced.status, DEFAULT_MESSAGES[forced.status] ?? 'Error'),
        headers,
      );
    }

    if (token !== undefined && !tokens[token]) return send(res, 401, errorJson(401, 'Bad credentials'));
    const exhausted = remainingFor(rateKey) <= 0;
    if (!exhausted) {
      if (budget !== undefined) budget--;
      else used.set(rateKey, (used.get(rateKey) ?? 0) + 1);
    }
    const limits = rateHeaders(remainingFor(rateKey));
    if (exhausted) {
      return send(
        res,
        403,
        errorJson(
          403,
          'API rate limit exceeded for user ID 583231. If you reach out to GitHub Support for help, please include the request ID.',
          { documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api` },
        ),
        limits,
      );
    }
    const push = token ? tokens[token]!.push : undefined;
    requestListener?.({ method, path: sub });

    try {
      if (segments[0] !== 'repos' || segments[1] !== owner || segments[2] !== repo) throw new HttpError(404, 'Not Found');
      const [, , , kind, ...rest] = segments;
      const isWrite = method !== 'GET' && method !== 'HEAD';
      if (isWrite && push === undefined) throw new HttpError(401, 'Requires authentication');
      if (isWrite && !push) throw new HttpError(403, 'Resource not accessible by personal access token');
      let answer: { status: number; json: unknown };
      if (kind === undefined && method === 'GET') answer = { status: 200, json: repoJson(push) };
      else if (kind === 'branches' && rest.length > 0 && method === 'GET') answer = { status: 200, json: branchJson(rest.join('/')) };
      else if (kind === 'contents' && method === 'GET')
        answer = { status: 200, json: getContents(rest.join('/'), url.searchParams.get('ref') || defaultBranch) };
      else if (kind === 'contents' && method === 'PUT' && rest.length > 0) answer = putContents(rest.join('/'), body);
      else if (kind === 'contents' && method === 'DELETE' && rest.length > 0) answer = deleteContents(rest.join('/'), body);
      else if (kind === 'git' && rest[0] === 'blobs' && rest.length === 1 && method === 'POST') answer = createBlob(body);
      else if (kind === 'git' && rest[0] === 'trees' && rest.length === 1 && method === 'POST') answer = createTree(body);
      else if (kind === 'git' && rest[0] === 'commits' && rest.length === 1 && method === 'POST') answer = createCommit(body);
      else if (kind === 'git' && rest[0] === 'refs' && rest[1] === 'heads' && rest.length > 2 && method === 'PATCH')
        answer = updateRef(rest.slice(2).join('/'), body);
      else throw new HttpError(404, 'Not Found');
      send(res, answer.status, answer.json, limits);
    } catch (error) {
      if (error instanceof HttpError) send(res, error.status, errorJson(error.status, error.message, error.extra), limits);
      else send(res, 500, errorJson(500, `Server Error: ${(error as Error).message}`), limits);
    }
  }

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) send(res, error.status, errorJson(error.status, error.message));
      else if (!res.headersSent) send(res, 500, errorJson(500, 'Server Error'));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const lsRef = (ref = defaultBranch): GitTreeEntry[] =>
    git(['ls-tree', '-r', '-z', ref])
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const tab = line.indexOf('\t');
        const [mode, type, sha] = line.slice(0, tab).split(' ') as [string, string, string];
        return { mode, type, sha, path: line.slice(tab + 1) };
      });

  return {
    url: origin,
    rawUrl: `${origin}/raw`,
    owner,
    repo,
    defaultBranch,
    gitDir,
    requests,
    intercept: (intercept) => intercepts.push({ ...intercept, times: intercept.times ?? 1 }),
    failNext: (times, status, { retryAfter, method, path } = {}) =>
      intercepts.push({ times, status, method, path, headers: retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) } }),
    setLatency: (ms) => void (latencyMs = ms),
    onRequest: (listener) => void (requestListener = listener),
    setRateLimitRemaining: (remaining) => void (budget = remaining),
    git,
    log: (ref = defaultBranch) =>
      git(['log', '--format=%H%x00%P%x00%B%x01', ref])
        .split('\x01')
        .map((chunk) => chunk.replace(/^\n/, ''))
        .filter(Boolean)
        .map((chunk) => {
          const [sha, parents, message] = chunk.split('\0') as [string, string, string];
          return { sha, parents: parents ? parents.split(' ') : [], message: message.trim() };
        }),
    show: (path, ref = defaultBranch) => {
      const entry = entryAt(ref, path);
      return entry?.type === 'blob' ? gitBuffer(['cat-file', 'blob', entry.sha]) : undefined;
    },
    ls: lsRef,
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      for (const socket of sockets) socket.destroy();
      await closed;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * `npx tsx server/testing/github-server.ts [port]`: the same server by hand, to try /pic/hub without
 * GitHub (set the hub's API address to the printed URL and PICHUB_CONNECT_SRC to its origin).
 */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await startGithubServer({ port: Number(process.argv[2] ?? 0) });
  console.log(
    `GitHub test server: ${server.url} (repository ${server.owner}/${server.repo}, branch ${server.defaultBranch}, git ${server.gitDir})`,
  );
  console.log(`token with push: ${PUSH_TOKEN}\nread-only token: ${READ_TOKEN}\nraw files: ${server.rawUrl}/{owner}/{repo}/{branch}/{path}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)));
}
