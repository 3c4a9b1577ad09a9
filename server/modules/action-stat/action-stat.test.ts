import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import { makeTempDir, startTestServer } from '../../testing/test-server';
import type { TestServer } from '../../testing/test-server';
import { ACTION_STAT_RATE_LIMIT, MAX_ACTION_STAT_BYTES, MAX_SOURCE_URL_LENGTH } from './action-stat.router';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let server: TestServer;

// A fresh server per test: the rate limiter's memory starts empty each time.
beforeEach(async () => {
  temp = await makeTempDir();
  server = await startTestServer({ dataDir: temp.path });
});

afterEach(async () => {
  await server.close();
  await temp.remove();
});

const postLog = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/api/system/action-stat/log`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const storedRows = () => server.db.selectFrom('action_stat_logs').selectAll().execute();

describe('POST /api/system/action-stat/log', () => {
  it('stores the source URL, the caller fields, ip and user agent', async () => {
    const res = await postLog(
      { sourceUrl: 'https://baibao.example/file/hasher?x=1', action: 'hash', algorithms: ['md5'] },
      { 'User-Agent': 'vitest-agent/1.0' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: API_CODE.OK, msg: 'ok', data: null });

    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ source_url: 'https://baibao.example/file/hasher?x=1', ip: '127.0.0.1', user_agent: 'vitest-agent/1.0' });
    expect(JSON.parse(row?.payload ?? '')).toEqual({ action: 'hash', algorithms: ['md5'] });
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(row?.created_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    ['a missing sourceUrl', { action: 'x' }, /^sourceUrl: /],
    ['a non-http sourceUrl', { sourceUrl: 'javascript:alert(1)' }, /^sourceUrl: Invalid URL/],
    ['an over-long sourceUrl', { sourceUrl: `https://a.example/${'p'.repeat(MAX_SOURCE_URL_LENGTH)}` }, /^sourceUrl: /],
    ['an array body', [{ sourceUrl: 'https://a.example/' }], /expected object/],
    ['caller fields over the size cap', { sourceUrl: 'https://a.example/', note: 'n'.repeat(MAX_ACTION_STAT_BYTES) }, /at most 4096 bytes/],
  ])('rejects %s with a 400 envelope and writes nothing', async (_name, body, message) => {
    const res = await postLog(body);
    expect(res.status).toBe(400);
    const envelope = await res.json();
    expect(envelope.code).toBe(API_CODE.BAD_REQUEST);
    expect(envelope.msg).toMatch(message);
    expect(await storedRows()).toHaveLength(0);
  });

  it('answers a deeply nested body by its size, never with a 500', async () => {
    const nested = (depth: number) => `{"sourceUrl":"https://a.example/","deep":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const post = (body: string) =>
      fetch(`${server.baseUrl}/api/system/action-stat/log`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

    const tooBig = await post(nested(5000));
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).msg).toMatch(/at most 4096 bytes/);
    expect(await storedRows()).toHaveLength(0);

    const withinCap = nested(1500);
    expect(withinCap.length).toBeLessThanOrEqual(MAX_ACTION_STAT_BYTES);
    expect((await post(withinCap)).status).toBe(200);
    expect(await storedRows()).toHaveLength(1);
  });

  it('rejects a body without JSON content type and writes nothing', async () => {
    const res = await fetch(`${server.baseUrl}/api/system/action-stat/log`, { method: 'POST', body: 'sourceUrl=https://a.example/' });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toMatch(/^sourceUrl: /);
    expect(await storedRows()).toHaveLength(0);
  });

  it('rate-limits one client once the window allowance is used up', async () => {
    const body = { sourceUrl: 'https://a.example/' };
    for (let i = 0; i < ACTION_STAT_RATE_LIMIT.limit; i++) expect((await postLog(body)).status).toBe(200);

    const limited = await postLog(body);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: API_CODE.TOO_MANY_REQUESTS, msg: 'Too many requests, try again later', data: null });
    expect(await storedRows()).toHaveLength(ACTION_STAT_RATE_LIMIT.limit);
  });
});
