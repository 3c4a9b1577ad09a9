import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import { makeTempDir, startTestServer } from './testing/test-server';
import type { TestServer } from './testing/test-server';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  temp = await makeTempDir();
  const logger = pino({ level: 'error' }, { write: (line: string) => logLines.push(line) });
  server = await startTestServer({ dataDir: temp.path, logger });
});

afterAll(async () => {
  await server.close();
  await temp.remove();
});

const api = (path: string, init?: RequestInit) => fetch(server.baseUrl + path, init);

describe('cross-cutting API behaviour', () => {
  it('lets the desktop app (app://baibao) call across origins, and no other site', async () => {
    const preflight = await api('/api/users/info', {
      method: 'OPTIONS',
      headers: {
        Origin: 'app://baibao',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,x-request-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('app://baibao');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');

    const foreign = await api('/api/health', { headers: { Origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const desktop = await api('/api/health', { headers: { Origin: 'app://baibao' } });
    expect(desktop.headers.get('access-control-allow-origin')).toBe('app://baibao');
    expect(desktop.headers.get('access-control-expose-headers')?.split(',')).toContain('X-Request-Id');
  });

  it('reports health with the package version', async () => {
    const res = await api('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      code: API_CODE.OK,
      msg: 'ok',
      data: { status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
    });
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const kept = await api('/api/health', { headers: { 'X-Request-Id': 'client-req.42' } });
    expect(kept.headers.get('x-request-id')).toBe('client-req.42');

    const replaced = await api('/api/health', { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const generated = await api('/api/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends helmet headers with the SPA content security policy and hides the framework', async () => {
    const res = await api('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline' blob:");
    // The e-book reader's chapters are blob: iframes with blob: style sheets and fonts.
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).toContain("font-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown /api path with a 404 envelope', async () => {
    const res = await api('/api/does/not/exist?x=1');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: API_CODE.NOT_FOUND, msg: 'No API at GET /api/does/not/exist', data: null });
  });

  it('rejects malformed JSON and bodies over the API limit with 4xx envelopes', async () => {
    const post = (body: string) =>
      api('/api/system/action-stat/log', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

    const malformed = await post('{"sourceUrl":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ code: API_CODE.BAD_REQUEST, msg: 'Request body is not valid JSON', data: null });

    const huge = await post(JSON.stringify({ sourceUrl: 'https://example.com/', filler: 'x'.repeat(100 * 1024) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ code: API_CODE.BAD_REQUEST, msg: 'Request body is too large', data: null });
  });

  it('answers a malformed percent-escape in a path parameter with 400, logging no error', async () => {
    const before = logLines.length;
    for (const [method, path] of [
      ['GET', '/api/users/%/info/simplified'],
      ['PUT', '/api/users/%/enable'],
      ['GET', '/api/users/avatar/%E0'],
      ['GET', '/api/system/configs/code/%ZZ'],
    ] as const) {
      const res = await api(path, { method });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: API_CODE.BAD_REQUEST,
        msg: '网址格式错误 / Malformed URL',
        data: null,
        ext: { popupNotice: true, messages: [{ key: 'common.malformedUrl' }] },
      });
    }
    expect(logLines.slice(before)).toEqual([]);
  });

  it('hides internal error details from the caller, who is shown the 500 text of spec §8, but logs them', async () => {
    await server.db
      .insertInto('system_configs')
      .values({ code: 'broken', value: '{secret-internal-detail', created_at: 'x', updated_at: 'x' })
      .execute();

    const res = await api('/api/system/configs/code/broken');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      code: API_CODE.SERVER_ERROR,
      msg: '服务异常, 请通知下站长! / Service error, please let the webmaster know!',
      data: null,
      ext: { popupNotice: true, messages: [{ key: 'common.internalError' }] },
    });
    expect(text).not.toMatch(/secret|JSON|position/i);
    expect(logLines.some((line) => line.includes('unhandled error') && line.includes('SyntaxError'))).toBe(true);
  });
});
