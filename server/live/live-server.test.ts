import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '@shared/contracts/live';
import { loadConfig } from '../config';
import { startAccountsServer } from '../testing/accounts-kit';
import type { AccountsServer } from '../testing/accounts-kit';
import { connectLive } from './live-test-kit';

// The endpoint as `npm start` wires it: real accounts, real tokens, the in-process bus.
describe('live endpoint on the real server', () => {
  let accounts: AccountsServer;
  let url = '';
  beforeAll(async () => {
    accounts = await startAccountsServer();
    accounts.server.live.rooms.define('chat', { anonymous: false });
    url = `${accounts.server.baseUrl.replace('http', 'ws')}${LIVE_PATH}`;
  });
  afterAll(async () => {
    await accounts.close();
  });

  it('knows a logged-in user by the access token in the subprotocol, and refuses a forged one', async () => {
    const { accessToken } = await accounts.adminLogin();
    const admin = await connectLive(url, { token: accessToken });
    admin.send({ type: 'join', room: 'chat:lobby' });
    expect(await admin.next((m) => m.type === 'joined')).toMatchObject({ members: [{ userId: 1 }] });
    await accounts.server.live.publish('chat:lobby', 'from a route');
    expect(await admin.next((m) => m.type === 'message')).toMatchObject({ from: { peer: 'server' }, data: 'from a route' });
    await expect(connectLive(url, { token: `${accessToken.slice(0, -4)}AAAA` })).rejects.toThrow('refused 401');
    admin.socket.close();
    await admin.closed;
  });

  it('lets a visitor connect without a token but not into a room that needs a login', async () => {
    const visitor = await connectLive(url);
    visitor.send({ type: 'join', room: 'chat:lobby' });
    expect(await visitor.next((m) => m.type === 'error')).toMatchObject({ reason: 'loginRequired' });
    visitor.socket.close();
    await visitor.closed;
  });

  it('answers other upgrade paths with 404', async () => {
    await expect(connectLive(url.replace(LIVE_PATH, '/api/other'))).rejects.toThrow('refused 404');
  });

  it('takes REDIS_URL only as a redis:// address', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow('REDIS_URL');
  });
});
