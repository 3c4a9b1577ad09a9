import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GITHUB_COMMIT_MESSAGE } from '../../shared/contracts/pic-hub-base';
import { createGithubClient, GithubError, type GithubClientOptions } from '../../shared/pic-hub/github';
import { PUSH_TOKEN, READ_TOKEN, startGithubServer, type GithubTestServer } from './github-server';

/**
 * PicHub's GitHub client against the GitHub-compatible test server over a real bare repository:
 * what the client claims is checked in git (log, ls-tree, cat-file), not in the server's answers.
 */

let server: GithubTestServer;
let waits: number[];

beforeEach(async () => {
  server = await startGithubServer({ branches: ['main', 'gh-pages'] });
  waits = [];
});
afterEach(async () => {
  await server.close();
});

function client(overrides: Partial<GithubClientOptions> = {}) {
  return createGithubClient({
    apiBaseUrl: server.url,
    token: PUSH_TOKEN,
    owner: server.owner,
    repo: server.repo,
    branch: 'main',
    fetch,
    sleep: async (ms) => void waits.push(ms),
    ...overrides,
  });
}

const bytes = (text: string) => new TextEncoder().encode(text);
/** A few KB that are not text, so Base64 and the blob round trip are exercised for real. */
const picture = (seed: number, size = 4096) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed * 7) & 0xff);

async function failure(promise: Promise<unknown>): Promise<GithubError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GithubError);
  return error as GithubError;
}

describe('checks', () => {
  it('accepts a token that may push and names the repository', async () => {
    await expect(client().checkRepo()).resolves.toEqual({
      fullName: `${server.owner}/${server.repo}`,
      defaultBranch: 'main',
      private: false,
    });
    await expect(client().checkBranch()).resolves.toEqual({ name: 'main', sha: server.log()[0]!.sha });
  });

  it('tells a refused token, a read-only token, a missing repository and a missing branch apart', async () => {
    expect((await failure(client({ token: 'ghp_wrong' }).checkRepo())).kind).toBe('auth');
    const readOnly = await failure(client({ token: READ_TOKEN }).checkRepo());
    expect([readOnly.kind, readOnly.step]).toEqual(['noWriteAccess', 'repo']);
    const missing = await failure(client({ repo: 'nothing-here' }).checkRepo());
    expect([missing.kind, missing.status, missing.githubMessage]).toEqual(['notFound', 404, 'Not Found']);
    expect((await failure(client({ branch: 'nope' }).checkBranch())).kind).toBe('branchNotFound');
  });
});

describe('uploads', () => {
  it('commits one file with PUT contents, message "upload by pichub", under a Chinese name', async () => {
    const before = server.log();
    const content = picture(1);
    const [uploaded] = await client().uploadFiles([{ path: '/img/2026/图 片 #1.png', content }]);

    const commits = server.log();
    expect(commits).toHaveLength(before.length + 1);
    expect(commits[0]).toMatchObject({ message: GITHUB_COMMIT_MESSAGE, parents: [before[0]!.sha] });
    expect(uploaded).toEqual({ path: 'img/2026/图 片 #1.png', sha: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(server.show('img/2026/图 片 #1.png')).toEqual(Buffer.from(content));
    expect(server.ls().find((entry) => entry.path === 'img/2026/图 片 #1.png')).toMatchObject({ mode: '100644', sha: uploaded!.sha });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /repos/${server.owner}/${server.repo}/contents/img/2026/%E5%9B%BE%20%E7%89%87%20%231.png`,
    ]);
    expect(server.requests[0]!.authorization).toBe(`Bearer ${PUSH_TOKEN}`);
    expect(server.requests[0]!.body).toMatchObject({ message: GITHUB_COMMIT_MESSAGE, branch: 'main' });
  });

  it('commits a batch of 50 as ONE commit whose tree holds the 50 files (mode 100644) beside what was there', async () => {
    await client().uploadFiles([{ path: 'keep/old.txt', content: bytes('kept') }]);
    const before = server.log();
    const files = Array.from({ length: 50 }, (_, i) => ({
      path: `pics/p${String(i).padStart(2, '0')}.png`,
      content: picture(i, 2000 + i),
    }));
    const progress: string[] = [];

    const uploaded = await client().uploadFiles(files, { onProgress: (p) => progress.push(`${p.step} ${p.done}/${p.total}`) });

    const commits = server.log();
    expect(commits).toHaveLength(before.length + 1);
    expect(commits[0]).toMatchObject({ message: GITHUB_COMMIT_MESSAGE, parents: [before[0]!.sha] });
    // The commit's own diff against its parent is exactly the 50 new files.
    const changed = server.git(['diff-tree', '--no-commit-id', '-r', '--name-status', commits[0]!.sha]).trim().split('\n');
    expect(changed).toEqual(files.map((f) => `A\t${f.path}`));
    const tree = server.ls();
    for (const [i, file] of files.entries()) {
      expect(tree.find((entry) => entry.path === file.path)).toEqual({
        mode: '100644',
        type: 'blob',
        sha: uploaded[i]!.sha,
        path: file.path,
      });
      expect(server.show(file.path)).toEqual(Buffer.from(file.content));
    }
    expect(tree.map((entry) => entry.path)).toEqual(expect.arrayContaining(['README.md', 'keep/old.txt']));
    expect(progress.at(-1)).toBe('ref 54/54');
    const calls = server.requests.slice(1).map((r) => `${r.method} ${r.path.replace(`/repos/${server.owner}/${server.repo}`, '')}`);
    expect(calls.filter((c) => c === 'POST /git/blobs')).toHaveLength(50);
    expect(calls.slice(50)).toEqual(['GET /branches/main', 'POST /git/trees', 'POST /git/commits', 'PATCH /git/refs/heads/main']);
  });

  it('commits to the branch it is given, leaving the others alone', async () => {
    const main = server.log('main');
    await client({ branch: 'gh-pages' }).uploadFiles([
      { path: 'a.png', content: picture(1) },
      { path: 'b.png', content: picture(2) },
    ]);
    expect(server.log('main')).toEqual(main);
    expect(server.ls('gh-pages').map((e) => e.path)).toEqual(['README.md', 'a.png', 'b.png']);
  });

  it('takes the same picture again as done, but refuses to overwrite another file of that name', async () => {
    const [first] = await client().uploadFiles([{ path: 'same.png', content: picture(3) }]);
    const commits = server.log().length;
    await expect(client().uploadFiles([{ path: 'same.png', content: picture(3) }])).resolves.toEqual([first]);
    expect(server.log()).toHaveLength(commits);

    const clash = await failure(client().uploadFiles([{ path: 'same.png', content: picture(4) }]));
    expect([clash.kind, clash.status, clash.path]).toEqual(['uploadFailed', 422, 'same.png']);
    expect(server.show('same.png')).toEqual(Buffer.from(picture(3)));
  });

  it('handles a 25 MB picture (Base64 in slices) in one PUT', async () => {
    const big = new Uint8Array(25 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i & 0xff;
    const [uploaded] = await client().uploadFiles([{ path: 'big.bin', content: big }]);
    expect(server.git(['cat-file', '-s', uploaded!.sha]).trim()).toBe(String(big.length));
    expect(server.show('big.bin')!.equals(Buffer.from(big))).toBe(true);
  });
});

describe('delete', () => {
  it('removes the file from the branch in a commit "upload by pichub"', async () => {
    const [uploaded] = await client().uploadFiles([{ path: 'gone/soon.png', content: picture(5) }]);
    await client().deleteFile(uploaded!.path, uploaded!.sha);
    expect(server.show('gone/soon.png')).toBeUndefined();
    expect(server.ls().map((e) => e.path)).toEqual(['README.md']);
    expect(server.log()[0]!.message).toBe(GITHUB_COMMIT_MESSAGE);
  });

  it('refuses a stale sha (409) and a file that is not there (404)', async () => {
    const [uploaded] = await client().uploadFiles([{ path: 'x.png', content: picture(6) }]);
    const stale = await failure(client().deleteFile('x.png', '0'.repeat(40)));
    expect([stale.kind, stale.status, stale.githubMessage]).toEqual(['conflict', 409, `x.png does not match ${'0'.repeat(40)}`]);
    expect(server.show('x.png')).toBeDefined();
    const missing = await failure(client().deleteFile('nothing.png', uploaded!.sha));
    expect([missing.kind, missing.status]).toEqual(['notFound', 404]);
  });
});

describe('failures', () => {
  const two = () => [
    { path: 'a.png', content: picture(1) },
    { path: 'b.png', content: picture(2) },
  ];

  it('reports a refused token and a token without push on upload, committing nothing', async () => {
    const commits = server.log();
    expect((await failure(client({ token: 'ghp_wrong' }).uploadFiles(two()))).kind).toBe('auth');
    const readOnly = await failure(client({ token: READ_TOKEN }).uploadFiles([{ path: 'a.png', content: picture(1) }]));
    expect([readOnly.kind, readOnly.status]).toEqual(['noWriteAccess', 403]);
    expect(server.log()).toEqual(commits);
  });

  it('reports a branch or repository that does not exist', async () => {
    const one = await failure(client({ branch: 'nope' }).uploadFiles([{ path: 'a.png', content: picture(1) }]));
    expect([one.kind, one.step]).toEqual(['branchNotFound', 'content']);
    const batch = await failure(client({ branch: 'nope' }).uploadFiles(two()));
    expect([batch.kind, batch.step]).toEqual(['branchNotFound', 'branch']);
    expect((await failure(client({ repo: 'nothing-here' }).uploadFiles(two()))).kind).toBe('notFound');
  });

  it('retries a 5xx with backoff and then succeeds', async () => {
    server.failNext(2, 503, { path: /\/git\/commits$/ });
    await client().uploadFiles(two());
    expect(waits).toEqual([1000, 2000]);
    expect(server.log()[0]!.message).toBe(GITHUB_COMMIT_MESSAGE);
    expect(server.ls().map((e) => e.path)).toEqual(['README.md', 'a.png', 'b.png']);
  });

  it('gives up after three tries: the commit step is commitFailed, a file step uploadFailed', async () => {
    const commits = server.log();
    server.failNext(3, 502, { path: /\/git\/commits$/ });
    const commit = await failure(client().uploadFiles(two()));
    expect([commit.kind, commit.step, commit.status]).toEqual(['commitFailed', 'commit', 502]);
    server.failNext(3, 500, { method: 'PUT' });
    const file = await failure(client().uploadFiles([{ path: 'a.png', content: picture(1) }]));
    expect([file.kind, file.step, file.status, file.path]).toEqual(['uploadFailed', 'content', 500, 'a.png']);
    expect(waits).toEqual([1000, 2000, 1000, 2000]);
    expect(server.log()).toEqual(commits);
  });

  it('sits out a short secondary limit (Retry-After) but reports a long one without waiting', async () => {
    server.failNext(1, 403, { retryAfter: 3, path: /\/git\/blobs$/ });
    await client().uploadFiles(two());
    expect(waits).toEqual([3000]);
    server.failNext(1, 429, { retryAfter: 600, path: /\/git\/blobs$/ });
    const error = await failure(client().uploadFiles(two()));
    expect([error.kind, error.retryAfterMs]).toEqual(['rateLimited', 600_000]);
    expect(waits).toEqual([3000]);
  });

  it('reports an exhausted rate limit with its reset time and does not retry', async () => {
    server.setRateLimitRemaining(0);
    const error = await failure(client().uploadFiles(two()));
    expect(error.kind).toBe('rateLimited');
    expect(error.resetAt).toBeGreaterThan(Date.now());
    expect(error.githubMessage).toMatch(/^API rate limit exceeded/);
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('reads a 2xx answer carrying a message, or lacking the sha, as a failure (spec §5)', async () => {
    server.intercept({ status: 201, body: { message: 'Something went wrong' }, method: 'PUT' });
    const put = await failure(client().uploadFiles([{ path: 'a.png', content: picture(1) }]));
    expect([put.kind, put.githubMessage]).toEqual(['uploadFailed', 'Something went wrong']);
    server.intercept({ status: 201, body: { url: 'x' }, path: /\/git\/blobs$/ });
    expect((await failure(client().uploadFiles(two()))).kind).toBe('uploadFailed');
    server.intercept({ status: 201, body: { message: GITHUB_COMMIT_MESSAGE }, path: /\/git\/commits$/ });
    const commit = await failure(client().uploadFiles(two()));
    expect([commit.kind, commit.step]).toEqual(['commitFailed', 'commit']);
    server.intercept({ status: 201, body: { message: 'tree trouble' }, path: /\/git\/trees$/ });
    expect((await failure(client().uploadFiles(two()))).kind).toBe('commitFailed');
  });

  it('rebuilds the commit on the new head when another push lands mid-batch (ref update not a fast forward)', async () => {
    let pushedElsewhere = '';
    server.onRequest(({ method }) => {
      if (method !== 'PATCH' || pushedElsewhere) return;
      // Another device's upload, straight into git, between our branch read and our ref update.
      const head = server.git(['rev-parse', 'main']).trim();
      const blob = server.git(['hash-object', '-w', '--stdin'], 'from elsewhere').trim();
      const tree = server.git(['mktree'], `100644 blob ${blob}\telsewhere.txt\n${server.git(['ls-tree', 'main']).trim()}\n`).trim();
      pushedElsewhere = server.git(['commit-tree', tree, '-p', head, '-m', 'elsewhere']).trim();
      server.git(['update-ref', 'refs/heads/main', pushedElsewhere, head]);
    });
    await client().uploadFiles(two());
    const [ours, theirs] = server.log();
    expect(theirs!.sha).toBe(pushedElsewhere);
    expect(ours).toMatchObject({ message: GITHUB_COMMIT_MESSAGE, parents: [pushedElsewhere] });
    expect(server.ls().map((e) => e.path)).toEqual(['README.md', 'a.png', 'b.png', 'elsewhere.txt']);
    expect(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/git/blobs'))).toHaveLength(2);
  });

  it('reads a ref update refused every time as commitFailed', async () => {
    const commits = server.log();
    server.intercept({ times: 3, status: 422, body: { message: 'Update is not a fast forward', documentation_url: 'x' }, method: 'PATCH' });
    const error = await failure(client().uploadFiles(two()));
    expect([error.kind, error.step, error.status]).toEqual(['commitFailed', 'ref', 422]);
    expect(server.log()).toEqual(commits);
  });

  it('writes one file again when GitHub says the branch moved under it (409)', async () => {
    server.intercept({ status: 409, body: { message: 'is at 1234 but expected 5678', documentation_url: 'x' }, method: 'PUT' });
    await client().uploadFiles([{ path: 'a.png', content: picture(1) }]);
    expect(server.show('a.png')).toEqual(Buffer.from(picture(1)));
  });

  it('says network when nothing answers', async () => {
    const gone = client();
    await server.close();
    expect((await failure(gone.uploadFiles(two()))).kind).toBe('network');
    expect((await failure(gone.checkRepo())).kind).toBe('network');
    server = await startGithubServer();
  });

  it('stops when cancelled, before or during the batch, without moving the branch', async () => {
    const commits = server.log();
    const early = new AbortController();
    early.abort();
    expect((await failure(client().uploadFiles(two(), { signal: early.signal }))).kind).toBe('cancelled');
    expect(server.requests).toHaveLength(0);

    server.setLatency(200);
    const late = new AbortController();
    const pending = client({ sleep: undefined }).uploadFiles(two(), { signal: late.signal });
    setTimeout(() => late.abort(), 300);
    expect((await failure(pending)).kind).toBe('cancelled');
    expect(server.log()).toEqual(commits);
  });
});

describe('the test server as a browser meets it', () => {
  it('answers the CORS preflight and exposes the rate-limit headers', async () => {
    const preflight = await fetch(`${server.url}/repos/${server.owner}/${server.repo}/contents/a.png`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:9',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,content-type,x-github-api-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Content-Type.*X-GitHub-Api-Version/);
    const answer = await fetch(`${server.url}/repos/${server.owner}/${server.repo}`, { headers: { Authorization: `token ${PUSH_TOKEN}` } });
    expect(answer.headers.get('access-control-expose-headers')).toMatch(/X-RateLimit-Remaining/);
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('4999');
  });

  it('serves committed files raw (as raw.githubusercontent.com) for links and the CDN probe', async () => {
    const content = picture(9);
    await client().uploadFiles([{ path: 'r/图.png', content }]);
    const raw = await fetch(`${server.rawUrl}/${server.owner}/${server.repo}/main/r/${encodeURIComponent('图')}.png`);
    expect(raw.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await raw.arrayBuffer())).toEqual(content);
    expect((await fetch(`${server.rawUrl}/${server.owner}/${server.repo}/main/r/none.png`, { method: 'HEAD' })).status).toBe(404);
  });

  it('serves GET contents as GitHub does: Base64 wrapped at 60, the blob sha', async () => {
    const [uploaded] = await client().uploadFiles([{ path: 'c.txt', content: bytes('x'.repeat(100)) }]);
    const answer = (await (await fetch(`${server.url}/repos/${server.owner}/${server.repo}/contents/c.txt?ref=main`)).json()) as Record<
      string,
      string
    >;
    expect(answer).toMatchObject({ type: 'file', encoding: 'base64', sha: uploaded!.sha, size: 100, path: 'c.txt' });
    expect(answer.content!.split('\n')[0]).toHaveLength(60);
    expect(Buffer.from(answer.content!, 'base64').toString()).toBe('x'.repeat(100));
  });
});
