import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import i18n from 'i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodePayload } from '@shared/api/payload-codec';
import { API_CODE } from '@shared/contracts/api';
import type { EncodedCode } from '@shared/api/payload-codec';
import { createHttpClient, HTTP_TIMEOUT_MS, isHttpError } from './index';
import type { HttpClientOptions, HttpError, Translate } from './index';
import { cn, en } from './locales';
import { clearLog, logEntries } from '@/lib/log';

const PAGE_ADDRESS = 'https://baibao.test/file/hasher?tab=compare';
const SITE_TITLE = '百宝箱';
const SLOW_MS = 5_000;

let server: Server;
let baseURL: string;

/** A stand-in for the real API: one route per case of spec §7 and §8. */
function createApi() {
  const app = express();
  app.use(express.json());
  const ok = (data: unknown) => ({ code: API_CODE.OK, msg: 'ok', data });

  app.all('/api/echo', (req, res) => {
    res.json(ok({ method: req.method, url: req.originalUrl, headers: req.headers, query: req.query, body: req.body ?? null }));
  });
  app.get('/api/issued-id', (_req, res) => {
    res.set('X-Request-Id', 'server-issued-id').json(ok(null));
  });
  app.get('/api/echoed-id', (req, res) => {
    res.set('X-Request-Id', req.get('X-Request-Id') ?? '').json(ok(null));
  });
  app.get('/api/encoded/:code', (req, res) => {
    const code = Number(req.params.code) as EncodedCode;
    res.json({ code, msg: 'ok', data: encodePayload({ list: [{ id: 7, name: '文件哈希' }], total: 1 }, code) });
  });
  app.get('/api/bad-encoded', (_req, res) => {
    res.json({ code: API_CODE.ENCODED, msg: 'ok', data: 'short' });
  });
  app.get('/api/server-error-code', (_req, res) => {
    res.json({ code: API_CODE.SERVER_ERROR, msg: '数据库开小差了', data: null });
  });
  app.get('/api/server-error-code-500', (_req, res) => {
    res.status(500).json({ code: API_CODE.SERVER_ERROR, msg: '数据库开小差了', data: null });
  });
  app.get('/api/popup', (_req, res) => {
    res.json({ code: API_CODE.OK, msg: '今日次数已用完', data: { left: 0 }, ext: { popupNotice: true } });
  });
  app.get('/api/popup-bilingual', (_req, res) => {
    res.status(400).json({
      code: API_CODE.BAD_REQUEST,
      msg: 'email: 邮箱已被使用 / This email is already in use',
      data: null,
      ext: { popupNotice: true },
    });
  });
  // msg differs from the catalogue on purpose: the client must translate the keys, not split msg.
  app.get('/api/popup-keyed', (_req, res) => {
    res.status(429).json({
      code: API_CODE.TOO_MANY_REQUESTS,
      msg: '旧文本 / old text',
      data: null,
      ext: { popupNotice: true, messages: [{ key: 'users.tooManyLogins', params: { minutes: 15 } }] },
    });
  });
  app.get('/api/popup-fields', (_req, res) => {
    const messages = [
      { key: 'users.field.email', field: 'email' },
      { key: 'users.field.captcha', field: 'captcha' },
    ];
    res.status(400).json({ code: API_CODE.BAD_REQUEST, msg: '旧文本 / old text', data: null, ext: { popupNotice: true, messages } });
  });
  // A newer server: one key this build lacks, so the whole answer is read from msg.
  app.get('/api/popup-unknown-key', (_req, res) => {
    const messages = [{ key: 'pictures.quotaUsed', field: 'file' }, { key: 'users.loginFailed' }];
    res.status(400).json({
      code: API_CODE.BAD_REQUEST,
      msg: 'file: 图床空间已满 / Picture space is full',
      data: null,
      ext: { popupNotice: true, messages },
    });
  });
  app.get('/api/business', (_req, res) => {
    res.json({ code: API_CODE.BAD_REQUEST, msg: '参数错误', data: null });
  });
  app.get('/api/expired', (_req, res) => {
    res.status(401).json({ code: API_CODE.TOKEN_EXPIRED, msg: 'token expired', data: null });
  });
  // 40100 until the call carries the token the refresh hands out.
  app.get('/api/expired-until-refreshed', (req, res) => {
    if (req.get('Authorization') === 'Bearer refreshed') return res.json(ok('after refresh'));
    res.status(401).json({ code: API_CODE.TOKEN_EXPIRED, msg: 'token expired', data: null });
  });
  app.get('/api/unauthorized', (_req, res) => {
    res.status(401).json({ code: API_CODE.UNAUTHORIZED, msg: 'unauthorized', data: null });
  });
  app.get('/api/forbidden', (_req, res) => {
    res.status(403).json({ code: API_CODE.FORBIDDEN, msg: 'forbidden', data: null });
  });
  app.get('/api/status/:status', (req, res) => {
    res.status(Number(req.params.status)).send('plain failure page');
  });
  app.get('/api/slow', (_req, res) => {
    const timer = setTimeout(() => res.json(ok('late')), SLOW_MS);
    res.on('close', () => clearTimeout(timer));
  });
  app.get('/raw', (_req, res) => {
    res.type('text/plain').send('pong');
  });
  return app;
}

function listen(app: express.Express): Promise<Server> {
  return new Promise((resolve, reject) => {
    const started = app.listen(0, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(started)));
  });
}

const portOf = (target: Server) => (target.address() as AddressInfo).port;

beforeAll(async () => {
  server = await listen(createApi());
  baseURL = `http://127.0.0.1:${portOf(server)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Reads locales.ts the way the shell registers it (`common:http.*`), without the cn fallback, so a wrong key fails. */
const translatorFor =
  (texts: typeof cn): Translate =>
  (key, { replace = {} }) => {
    const path = key.startsWith('http.') ? key.slice('http.'.length).split('.') : [];
    const template = path.reduce<unknown>(
      (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      texts,
    );
    if (typeof template !== 'string' || path.length === 0) throw new Error(`no http text for ${key}`);
    return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(replace[name]));
  };
const translate = translatorFor(cn);

/** A client wired to recording fakes of the page: toasts, navigation, reload, auth hooks. */
function setUp(create: typeof createHttpClient, options: HttpClientOptions = {}) {
  const notices: string[] = [];
  const steps: string[] = [];
  const navigate = vi.fn((path: string) => void steps.push(`navigate ${path}`));
  const reload = vi.fn(() => void steps.push('reload'));
  const client = create({
    baseURL,
    notify: (type, text) => notices.push(`${type}: ${text}`),
    translate,
    navigate,
    reload,
    getCurrentAddress: () => PAGE_ADDRESS,
    getSiteTitle: () => SITE_TITLE,
    ...options,
  });
  return { client, notices, steps, navigate, reload };
}

/** The HttpError a call rejects with; `isError` comes from the module graph that built the client. */
async function rejection(promise: Promise<unknown>, isError = isHttpError): Promise<HttpError> {
  const error: unknown = await promise.then(
    () => new Error('expected the call to reject'),
    (reason: unknown) => reason,
  );
  if (!isError(error)) throw error;
  return error;
}

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string | undefined>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
}

describe('shared rules of calls (spec §7)', () => {
  it('sends no-cache headers, a fresh _t and arrays without indices', async () => {
    const { client } = setUp(createHttpClient);
    const before = Date.now();
    const echo = await client.get<Echo>('/api/echo', { params: { ids: [1, 2], name: '哈希' } });
    expect(echo.headers['cache-control']).toBe('no-cache');
    expect(echo.headers.pragma).toBe('no-cache');
    expect(Number(echo.query._t)).toBeGreaterThanOrEqual(before);
    expect(Number(echo.query._t)).toBeLessThanOrEqual(Date.now());
    expect(echo.url).toContain('ids=1&ids=2');
    expect(echo.url).not.toContain('%5B');
    expect(echo.query.ids).toEqual(['1', '2']);
    expect(echo.query.name).toBe('哈希');
  });

  it('leaves _t out when the call sets noTimestamp', async () => {
    const { client } = setUp(createHttpClient);
    const echo = await client.get<Echo>('/api/echo', { noTimestamp: true });
    expect(echo.query).not.toHaveProperty('_t');
  });

  it('adds debug=true only when the page has debug', async () => {
    const debugging = setUp(createHttpClient, { isDebug: () => true });
    expect((await debugging.client.get<Echo>('/api/echo')).query.debug).toBe('true');
    const normal = setUp(createHttpClient, { isDebug: () => false });
    expect((await normal.client.get<Echo>('/api/echo')).query).not.toHaveProperty('debug');
  });

  it('times out after 60 s by default', () => {
    expect(HTTP_TIMEOUT_MS).toBe(60_000);
    expect(setUp(createHttpClient).client.axios.defaults.timeout).toBe(60_000);
  });

  it('sends method and body for post, put and delete', async () => {
    const { client } = setUp(createHttpClient);
    expect(await client.post<Echo>('/api/echo', { sourceUrl: '/otp' })).toMatchObject({ method: 'POST', body: { sourceUrl: '/otp' } });
    expect(await client.put<Echo>('/api/echo', { layoutMode: 'side' })).toMatchObject({ method: 'PUT', body: { layoutMode: 'side' } });
    expect(await client.delete<Echo>('/api/echo', { params: { gid: 'g1' } })).toMatchObject({ method: 'DELETE', query: { gid: 'g1' } });
  });
});

describe('request id', () => {
  it('sends the page request id, then refreshes it with a generated id after the response', async () => {
    const setRequestId = vi.fn();
    const { client } = setUp(createHttpClient, { getRequestId: () => 'page-id-1', setRequestId, createRequestId: () => 'generated-2' });
    const echo = await client.get<Echo>('/api/echo');
    expect(echo.headers['x-request-id']).toBe('page-id-1');
    expect(setRequestId).toHaveBeenCalledExactlyOnceWith('generated-2');
  });

  it('sends no header while the page has no request id', async () => {
    const { client } = setUp(createHttpClient, { getRequestId: () => '', setRequestId: vi.fn() });
    expect((await client.get<Echo>('/api/echo')).headers).not.toHaveProperty('x-request-id');
  });

  it('takes the id the server issues, but not an echo of the id it was sent', async () => {
    const setRequestId = vi.fn();
    const { client } = setUp(createHttpClient, { getRequestId: () => 'page-id-1', setRequestId, createRequestId: () => 'generated-2' });
    await client.get('/api/issued-id');
    expect(setRequestId).toHaveBeenLastCalledWith('server-issued-id');
    await client.get('/api/echoed-id');
    expect(setRequestId).toHaveBeenLastCalledWith('generated-2');
  });

  it('keeps the id when the call fails', async () => {
    const setRequestId = vi.fn();
    const { client } = setUp(createHttpClient, { getRequestId: () => 'page-id-1', setRequestId });
    await rejection(client.get('/api/status/404'));
    expect(setRequestId).not.toHaveBeenCalled();
  });

  it('chains random ids by itself when the shell gives no page state', async () => {
    const { client } = setUp(createHttpClient);
    expect((await client.get<Echo>('/api/echo')).headers).not.toHaveProperty('x-request-id');
    const second = (await client.get<Echo>('/api/echo')).headers['x-request-id'];
    const third = (await client.get<Echo>('/api/echo')).headers['x-request-id'];
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(third).toMatch(/^[0-9a-f]{32}$/);
    expect(third).not.toBe(second);
  });
});

describe('responses', () => {
  it('resolves a 20000 envelope to its data', async () => {
    const { client, notices } = setUp(createHttpClient);
    expect(await client.get<Echo>('/api/echo')).toMatchObject({ method: 'GET' });
    expect(notices).toEqual([]);
  });

  it.each([API_CODE.ENCODED, API_CODE.ENCODED_REVERSED])('decodes the payload of code %i', async (code) => {
    const { client } = setUp(createHttpClient);
    expect(await client.get(`/api/encoded/${code}`)).toEqual({ list: [{ id: 7, name: '文件哈希' }], total: 1 });
  });

  it('rejects a payload that does not decode', async () => {
    const { client, notices } = setUp(createHttpClient);
    const error = await rejection(client.get('/api/bad-encoded'));
    expect(error).toMatchObject({ kind: 'decode', code: API_CODE.ENCODED, message: '服务异常, 请通知下站长!' });
    expect(notices).toEqual(['error: 服务异常, 请通知下站长!']);
  });

  it('returns a body that is not an envelope as it is', async () => {
    const { client } = setUp(createHttpClient);
    expect(await client.get('/raw')).toBe('pong');
  });

  it('rejects other failure codes with the server msg and leaves telling to the caller', async () => {
    const { client, notices } = setUp(createHttpClient);
    const error = await rejection(client.get('/api/business'));
    expect(error).toMatchObject({ kind: 'business', code: API_CODE.BAD_REQUEST, message: '参数错误' });
    expect(notices).toEqual([]);
  });
});

describe('error catalogue (spec §8)', () => {
  it.each([
    ['code 50000', '/api/server-error-code'],
    ['code 50000 on a 500', '/api/server-error-code-500'],
    ['ext.popupNotice', '/api/popup'],
  ])('shows the server msg for %s, even with hideMessage, and rejects', async (_case, url) => {
    const { client, notices } = setUp(createHttpClient);
    const error = await rejection(client.get(url, { hideMessage: true }));
    expect(error.kind).toBe('business');
    expect(notices).toEqual([`error: ${error.message}`]);
    expect(['数据库开小差了', '今日次数已用完']).toContain(error.message);
  });

  it.each([
    ['cn', cn, '登录尝试过多，请 15 分钟后再试'],
    ['en', en, 'Too many login attempts, try again in 15 min'],
  ] as const)('translates a server message key with its parameters (%s)', async (language, texts, shown) => {
    const { client, notices } = setUp(createHttpClient, { getLanguage: () => language, translate: translatorFor(texts) });
    const error = await rejection(client.get('/api/popup-keyed'));
    expect(notices).toEqual([`error: ${shown}`]);
    expect(error).toMatchObject({ kind: 'business', status: 429, message: shown, messages: [{ text: shown }] });
  });

  it.each([
    ['cn', cn, '请输入有效的邮箱地址（最多 254 个字符）', '验证码为 6 位数字', '；'],
    ['en', en, 'Enter a valid email address (at most 254 characters)', 'The verification code is 6 digits', '; '],
  ] as const)(
    'shows every field message in one notice and keeps each with its field on the error (%s)',
    async (language, texts, email, captcha, separator) => {
      const { client, notices } = setUp(createHttpClient, { getLanguage: () => language, translate: translatorFor(texts) });
      const error = await rejection(client.get('/api/popup-fields'));
      expect(notices).toEqual([`error: ${email}${separator}${captcha}`]);
      expect(error.messages).toEqual([
        { field: 'email', text: email },
        { field: 'captcha', text: captcha },
      ]);
    },
  );

  it.each([
    ['cn', '邮箱已被使用', '/api/popup-bilingual', 'email'],
    ['en', 'This email is already in use', '/api/popup-bilingual', 'email'],
    ['cn', '图床空间已满', '/api/popup-unknown-key', 'file'],
    ['en', 'Picture space is full', '/api/popup-unknown-key', 'file'],
  ] as const)('falls back to the bilingual msg of a server without keys this build knows (%s, %s)', async (language, shown, url, field) => {
    const { client, notices } = setUp(createHttpClient, { getLanguage: () => language });
    const error = await rejection(client.get(url));
    expect(notices).toEqual([`error: ${shown}`]);
    expect(error).toMatchObject({ message: shown, messages: [{ field, text: shown }] });
  });

  it.each([
    [404, '服务不存在!'],
    [500, '服务异常, 请通知下站长!'],
    [502, '服务器维护升级中，请稍后访问!'],
    [503, '服务器维护升级中，请稍后访问!'],
    [418, '未知异常! 状态码:[418]'],
  ])('tells the visitor about a %i', async (status, text) => {
    const { client, notices } = setUp(createHttpClient);
    const error = await rejection(client.get(`/api/status/${status}`));
    expect(error).toMatchObject({ kind: 'status', status, message: text });
    expect(notices).toEqual([`error: ${text}`]);
  });

  it.each([
    [404, true],
    [500, false],
    [502, true],
    [503, true],
    [418, false],
  ])('hideMessage on a %i still shows the notice: %s', async (status, shown) => {
    const { client, notices } = setUp(createHttpClient);
    await rejection(client.get(`/api/status/${status}`, { hideMessage: true }));
    expect(notices.length > 0).toBe(shown);
  });

  it('quiet calls show nothing but still reject', async () => {
    const { client, notices } = setUp(createHttpClient);
    expect((await rejection(client.get('/api/status/404', { quiet: true }))).kind).toBe('status');
    expect((await rejection(client.get('/api/server-error-code', { quiet: true }))).kind).toBe('business');
    expect(notices).toEqual([]);
  });

  it('goes home on a 403 without a notice', async () => {
    const { client, notices, navigate } = setUp(createHttpClient);
    const error = await rejection(client.get('/api/forbidden'));
    expect(error).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/');
    expect(notices).toEqual([]);
  });

  it('reports a timeout when the server is too slow', async () => {
    const { client, notices } = setUp(createHttpClient);
    const error = await rejection(client.get('/api/slow', { timeout: 100 }));
    expect(error).toMatchObject({ kind: 'timeout', message: cn.timeout });
    expect(notices).toEqual([`error: ${cn.timeout}`]);
  });

  it('reports 网络不通 when nothing answers', async () => {
    const closed = await listen(express());
    const port = portOf(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client, notices } = setUp(createHttpClient, { baseURL: `http://127.0.0.1:${port}` });
    const error = await rejection(client.get('/api/echo'));
    expect(error).toMatchObject({ kind: 'network', message: '网络不通' });
    expect(notices).toEqual(['error: 网络不通']);
  });

  it('says nothing when the caller cancels', async () => {
    const { client, notices } = setUp(createHttpClient);
    const controller = new AbortController();
    const call = client.get('/api/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await rejection(call)).kind).toBe('canceled');
    expect(notices).toEqual([]);
  });
});

/** Each test is a new page: a fresh module graph resets the once-per-page refresh guard. */
async function freshPage(options: HttpClientOptions = {}) {
  vi.resetModules();
  const fresh = await import('./index');
  return { ...setUp(fresh.createHttpClient, options), fresh, rejects: (call: Promise<unknown>) => rejection(call, fresh.isHttpError) };
}

describe('401 handling', () => {
  it('any other 401: tells, resets the token, then goes to login with the address and site title', async () => {
    const page = await freshPage({
      auth: {
        resetToken: () => void page.steps.push('resetToken'),
        goToLogin: (target) => void page.steps.push(`goToLogin ${JSON.stringify(target)}`),
      },
    });
    const error = await page.rejects(page.client.get('/api/unauthorized'));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, code: API_CODE.UNAUTHORIZED, message: '认证已过期，请登录!' });
    expect(page.notices).toEqual(['error: 认证已过期，请登录!']);
    expect(page.steps).toEqual(['resetToken', `goToLogin ${JSON.stringify({ redirect: PAGE_ADDRESS, name: SITE_TITLE })}`]);
  });

  it('the default login target is /user/login with redirect and name', async () => {
    const page = await freshPage();
    await page.rejects(page.client.get('/api/unauthorized'));
    const path = page.navigate.mock.calls[0]?.[0] ?? '';
    const [pathname, search] = path.split('?');
    expect(pathname).toBe('/user/login');
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ redirect: PAGE_ADDRESS, name: SITE_TITLE });
  });

  it('40100: refreshes once, then reloads; a second 40100 on the same page refreshes nothing', async () => {
    const refreshToken = vi.fn(() => Promise.resolve());
    const goToLogin = vi.fn();
    const page = await freshPage({ auth: { refreshToken, goToLogin } });
    const first = await page.rejects(page.client.get('/api/expired'));
    expect(first).toMatchObject({ kind: 'unauthorized', code: API_CODE.TOKEN_EXPIRED });
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(page.reload).toHaveBeenCalledTimes(1);

    await page.rejects(page.client.get('/api/expired'));
    const otherClient = setUp(page.fresh.createHttpClient, { auth: { refreshToken, goToLogin } });
    await page.rejects(otherClient.client.get('/api/expired'));
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(otherClient.reload).not.toHaveBeenCalled();
    expect(goToLogin).not.toHaveBeenCalled();
    expect(page.notices).toEqual([]);
  });

  it('40100 answers arriving together share one refresh', async () => {
    let finishRefresh = () => {};
    const refreshToken = vi.fn(() => new Promise<void>((resolve) => (finishRefresh = resolve)));
    const page = await freshPage({ auth: { refreshToken } });
    const calls = [page.client.get('/api/expired'), page.client.get('/api/expired')];
    await vi.waitFor(() => expect(refreshToken).toHaveBeenCalled());
    finishRefresh();
    const errors = await Promise.all(calls.map(page.rejects));
    expect(errors.map((error) => error.kind)).toEqual(['unauthorized', 'unauthorized']);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('40100 without a refresh token (the default) ends the session instead of reloading', async () => {
    const page = await freshPage();
    const error = await page.rejects(page.client.get('/api/expired'));
    expect(error.message).toBe('refresh token does not exist');
    expect(page.notices).toEqual(['error: 认证已过期，请登录!']);
    expect(page.navigate).toHaveBeenCalledOnce();
    expect(page.navigate.mock.calls[0]?.[0]).toMatch(/^\/user\/login\?redirect=/);
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('40100 with a refresh that fails without a message reports token refresh error', async () => {
    const resetToken = vi.fn();
    const page = await freshPage({ auth: { refreshToken: () => Promise.reject(new Error('')), resetToken } });
    expect((await page.rejects(page.client.get('/api/expired'))).message).toBe('token refresh error');
    expect(resetToken).toHaveBeenCalledOnce();
    expect(page.reload).not.toHaveBeenCalled();
  });
});

describe('background calls (a sync the visitor never asked for) never leave the page', () => {
  it('a 401: rejects as unauthorized, says nothing, keeps the tokens, neither reloads nor goes to login', async () => {
    const resetToken = vi.fn();
    const goToLogin = vi.fn();
    const page = await freshPage({ auth: { resetToken, goToLogin } });
    const error = await page.rejects(page.client.get('/api/unauthorized', { background: true }));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, code: API_CODE.UNAUTHORIZED });
    expect(page.notices).toEqual([]);
    expect([resetToken.mock.calls.length, goToLogin.mock.calls.length, page.navigate.mock.calls.length]).toEqual([0, 0, 0]);
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('40100: the token is refreshed and the call made again, without the reload', async () => {
    let token = 'expired';
    const refreshToken = vi.fn(() => {
      token = 'refreshed';
      return Promise.resolve();
    });
    const page = await freshPage({ auth: { refreshToken } });
    page.client.axios.interceptors.request.use((config) => {
      config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    });
    await expect(page.client.get('/api/expired-until-refreshed', { background: true })).resolves.toBe('after refresh');
    expect(refreshToken).toHaveBeenCalledOnce();
    expect(page.reload).not.toHaveBeenCalled();
    expect(page.notices).toEqual([]);
  });

  it('40100 again after the refresh, or a refresh that fails: unauthorized, asked once, no reload, no login page', async () => {
    const refreshToken = vi.fn(() => Promise.resolve());
    const page = await freshPage({ auth: { refreshToken } });
    expect(await page.rejects(page.client.get('/api/expired', { background: true }))).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(refreshToken).toHaveBeenCalledOnce();

    const failing = await freshPage({ auth: { refreshToken: () => Promise.reject(new Error('token refresh error')) } });
    expect(await failing.rejects(failing.client.get('/api/expired', { background: true }))).toMatchObject({ kind: 'unauthorized' });
    for (const each of [page, failing]) {
      expect(each.reload).not.toHaveBeenCalled();
      expect(each.navigate).not.toHaveBeenCalled();
      expect(each.notices).toEqual([]);
    }
  });

  it('a 403 does not go home', async () => {
    const page = await freshPage();
    expect((await page.rejects(page.client.get('/api/forbidden', { background: true }))).kind).toBe('forbidden');
    expect(page.navigate).not.toHaveBeenCalled();
  });
});

describe('default translation', () => {
  afterEach(async () => {
    await i18n.changeLanguage('cn');
  });

  it('reads the texts from the app i18n instance where the shell registers them under common:http', async () => {
    await i18n.init({
      lng: 'cn',
      fallbackLng: 'cn',
      defaultNS: 'common',
      resources: { cn: { common: { http: cn } }, en: { common: { http: en } } },
      interpolation: { escapeValue: false },
    });
    const notices: string[] = [];
    const client = createHttpClient({ baseURL, notify: (_type, text) => notices.push(text) });
    await rejection(client.get('/api/status/418'));
    await rejection(client.get('/api/popup-keyed'));
    await i18n.changeLanguage('en');
    await rejection(client.get('/api/status/404'));
    await rejection(client.get('/api/popup-keyed'));
    expect(notices).toEqual([
      '未知异常! 状态码:[418]',
      '登录尝试过多，请 15 分钟后再试',
      'Service not found!',
      'Too many login attempts, try again in 15 min',
    ]);
  });
});

describe('failed calls reach the console panel (lib/log.ts)', () => {
  // The earlier tests' failures are in the log too.
  beforeEach(clearLog);

  it('records the method, address, status, message and the id the server answered with', async () => {
    const { client } = setUp(createHttpClient, { getRequestId: () => 'page-id-1', setRequestId: vi.fn() });
    await rejection(client.get('/api/issued-id-404'));
    await rejection(client.post('/api/business'));
    expect(logEntries()).toMatchObject([
      {
        kind: 'request',
        level: 'error',
        source: 'GET',
        status: 404,
        requestId: 'page-id-1',
        text: `${baseURL}/api/issued-id-404 — ${cn.notFound}`,
      },
      { kind: 'request', source: 'POST', status: 404 },
    ]);
  });

  it('records a failure inside a 200 answer and a dead server, but neither successes nor cancels', async () => {
    const { client } = setUp(createHttpClient);
    await client.get('/api/echo');
    await rejection(client.get('/api/business'));
    const controller = new AbortController();
    const canceled = client.get('/api/slow', { signal: controller.signal });
    controller.abort();
    await rejection(canceled);
    const closed = await listen(express());
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    await rejection(client.get(`${deadUrl}/api/echo`, { baseURL: '' }));
    expect(logEntries().map((entry) => [entry.status, entry.text])).toEqual([
      [200, `${baseURL}/api/business — 参数错误`],
      [undefined, `${deadUrl}/api/echo — ${cn.networkDown}`],
    ]);
  });
});
