import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ url: '' }));
vi.mock('@/platform/host', () => ({
  get apiUrl() {
    return api.url;
  },
  tokens: { load: () => Promise.resolve({}), save: () => Promise.resolve(), clear: () => Promise.resolve() },
  // The app's client (account.put/delete) reads the platform index, which asks whether this is the desktop app.
  native: undefined,
}));

const { useSession } = await import('@/auth/session');
const { account } = await import('./account');

/** A real server on loopback that records what reaches it. */
const received: { method: string; path: string; authorization: string; body: string }[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    received.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization ?? '', body });
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ code: 20000, msg: 'ok', data: { method: req.method, path: req.url } }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  useSession.setState({ logged: false, userId: 0, accessToken: '' });
});

describe('the account seam', () => {
  it('names the logged-in user only', () => {
    useSession.setState({ accessToken: 'a1' });
    expect(account.userId()).toBeUndefined();
    useSession.setState({ logged: true, userId: 7 });
    expect(account.userId()).toBe(7);
    useSession.setState({ logged: false, userId: 0 });
    expect(account.userId()).toBeUndefined();
  });

  it('tells of logins, logouts and user changes, not of token refreshes', () => {
    const heard: (number | undefined)[] = [];
    const stop = account.onChange((userId) => heard.push(userId));
    useSession.setState({ accessToken: 'a1' });
    useSession.setState({ logged: true, userId: 7 });
    useSession.setState({ accessToken: 'a2' });
    useSession.setState({ logged: true, userId: 8 });
    useSession.setState({ logged: false, userId: 0 });
    stop();
    useSession.setState({ logged: true, userId: 9 });
    expect(heard).toEqual([7, 8, undefined]);
  });

  it('on leaving, posts JSON with the session’s token; a visitor sends nothing', async () => {
    expect(account.postOnLeave('/api/busi/reading-sync/mine/save', { locations: [] })).toBe(false);
    useSession.setState({ logged: true, userId: 7, accessToken: 'token-7' });
    expect(account.postOnLeave('/api/busi/reading-sync/mine/save', { locations: [{ bookId: 'b' }] })).toBe(true);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toEqual({
      method: 'POST',
      path: '/api/busi/reading-sync/mine/save',
      authorization: 'Bearer token-7',
      body: JSON.stringify({ locations: [{ bookId: 'b' }] }),
    });
  });

  it('puts and deletes as the logged-in user, repeating an array parameter', async () => {
    useSession.setState({ logged: true, userId: 7, accessToken: 'token-7' });
    // The client adds its cache-busting `_t` to every call.
    expect(await account.put('/api/busi/pic-hub/default', { gid: 'g1' })).toEqual({
      method: 'PUT',
      path: expect.stringMatching(/^\/api\/busi\/pic-hub\/default(\?_t=\d+)?$/),
    });
    expect(await account.delete('/api/busi/pic-hub-file/mine', { gids: ['a', 'b'] })).toEqual({
      method: 'DELETE',
      path: expect.stringMatching(/^\/api\/busi\/pic-hub-file\/mine\?gids=a&gids=b(&_t=\d+)?$/),
    });
    expect(received.map(({ method, authorization, body }) => ({ method, authorization, body }))).toEqual([
      { method: 'PUT', authorization: 'Bearer token-7', body: JSON.stringify({ gid: 'g1' }) },
      { method: 'DELETE', authorization: 'Bearer token-7', body: '' },
    ]);
  });
});
