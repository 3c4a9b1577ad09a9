import { describe, expect, it } from 'vitest';
import { GITHUB_API_URL } from '../contracts/pic-hub-base';
import { bytesToBase64, createGithubClient, encodeGithubPath, GithubError, type GithubFetch, type GithubFetchInit } from './github';

/**
 * The client's own rules with a scripted fetch (the real sequence against a git-backed server is in
 * server/testing/github-flow.test.ts): Base64, path encoding, headers, and the retry arithmetic.
 */

interface Scripted {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

function scripted(answers: Scripted[]) {
  const calls: { url: string; init: GithubFetchInit; self: unknown }[] = [];
  const fetch: GithubFetch = function (this: unknown, url, init) {
    calls.push({ url, init, self: this });
    const answer = answers.shift() ?? { status: 500 };
    const headers = new Map(Object.entries(answer.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    return Promise.resolve({
      status: answer.status,
      headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
      text: () => Promise.resolve(answer.body === undefined ? '' : JSON.stringify(answer.body)),
    });
  };
  return { fetch, calls };
}

function clientWith(answers: Scripted[], extra: { now?: () => number; apiBaseUrl?: string } = {}) {
  const { fetch, calls } = scripted(answers);
  const waits: number[] = [];
  const client = createGithubClient({
    token: 't0k',
    owner: 'me',
    repo: 'pics',
    branch: 'main',
    fetch,
    sleep: async (ms) => void waits.push(ms),
    ...extra,
  });
  return { client, calls, waits };
}

const ok = { status: 200, body: { full_name: 'me/pics', default_branch: 'main', private: true, permissions: { push: true } } };

async function failure(promise: Promise<unknown>): Promise<GithubError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GithubError);
  return error as GithubError;
}

describe('bytesToBase64', () => {
  it('matches a reference encoder at every length around its slice edges', () => {
    const reference = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
    for (const length of [0, 1, 2, 3, 4, 4095, 4096, 4097, 49151, 49152, 49153, 100_000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 131 + 7) & 0xff);
      expect(bytesToBase64(bytes), `length ${length}`).toBe(reference(bytes));
    }
  });
});

describe('encodeGithubPath', () => {
  it('encodes each segment and keeps the slashes, dropping them at the ends', () => {
    expect(encodeGithubPath('/图床/a b#?.png/')).toBe('%E5%9B%BE%E5%BA%8A/a%20b%23%3F.png');
  });
});

describe('requests', () => {
  it('call GitHub by default with the token, the API version, and no cached GET', async () => {
    const { client, calls } = clientWith([ok]);
    await expect(client.checkRepo()).resolves.toEqual({ fullName: 'me/pics', defaultBranch: 'main', private: true });
    expect(calls[0]!.url).toBe(`${GITHUB_API_URL}/repos/me/pics`);
    expect(calls[0]!.init).toMatchObject({
      method: 'GET',
      cache: 'no-store',
      headers: { Authorization: 'Bearer t0k', Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28' },
    });
    // A browser's fetch throws "Illegal invocation" when called as a method of another object.
    expect(calls[0]!.self).toBeUndefined();
  });

  it('go to apiBaseUrl (GitHub Enterprise, the test server) without doubling its slash', async () => {
    const { client, calls } = clientWith([ok], { apiBaseUrl: 'https://ghe.example.com/api/v3/' });
    await client.checkRepo();
    expect(calls[0]!.url).toBe('https://ghe.example.com/api/v3/repos/me/pics');
  });

  it('read a repository answer without push as no write access', async () => {
    const { client } = clientWith([{ status: 200, body: { full_name: 'me/pics', permissions: { push: false, pull: true } } }]);
    expect((await failure(client.checkRepo())).kind).toBe('noWriteAccess');
  });
});

describe('retries', () => {
  it('wait a Retry-After given as an HTTP date, measured by the injected clock', async () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const { client, waits } = clientWith(
      [{ status: 403, headers: { 'Retry-After': 'Thu, 01 Jan 2026 00:00:05 GMT' }, body: { message: 'secondary' } }, ok],
      { now: () => now },
    );
    await client.checkRepo();
    expect(waits).toEqual([5000]);
  });

  it('wait a minute for a secondary limit that names no Retry-After, as GitHub asks', async () => {
    const { client, waits } = clientWith([{ status: 403, body: { message: 'You have exceeded a secondary rate limit.' } }, ok]);
    await client.checkRepo();
    expect(waits).toEqual([60_000]);
  });

  it('never wait for a primary limit: its reset time travels with the error', async () => {
    const { client, waits, calls } = clientWith([
      {
        status: 403,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1800000000' },
        body: { message: 'API rate limit exceeded' },
      },
    ]);
    const error = await failure(client.checkRepo());
    expect([error.kind, error.resetAt]).toEqual(['rateLimited', 1_800_000_000_000]);
    expect([waits, calls.length]).toEqual([[], 1]);
  });

  it('stop at three tries of a 5xx and report a server error outside uploads', async () => {
    const { client, waits, calls } = clientWith([{ status: 502 }, { status: 503 }, { status: 500, body: { message: 'boom' } }]);
    const error = await failure(client.checkRepo());
    expect([error.kind, error.status, error.githubMessage]).toEqual(['serverError', 500, 'boom']);
    expect([waits, calls.length]).toEqual([[1000, 2000], 3]);
  });

  it('take a 403 that is no limit at all as no write access, at once', async () => {
    const { client, waits } = clientWith([{ status: 403, body: { message: 'Resource not accessible by personal access token' } }]);
    expect((await failure(client.deleteFile('a.png', 'f'.repeat(40)))).kind).toBe('noWriteAccess');
    expect(waits).toEqual([]);
  });
});
