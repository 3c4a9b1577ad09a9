import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import { ADMIN_USER_ID } from '@shared/contracts/users';
import { apiClient } from '../testing/api-client';
import type { ApiCaller } from '../testing/api-client';
import { createAuthGuards, currentAuth } from './auth';
import type { Authenticate } from './auth';
import { sendOk } from './envelope';
import { errorHandler } from './error-handler';
import { HttpError } from './http-error';

/**
 * A module of the future (say picture hosting) uses the guards with nothing of the accounts module:
 * this app knows only http/auth.ts and a token check of its own.
 */
const SESSIONS: Record<string, { userId: number; sessionId: string }> = {
  'user-token': { userId: 7, sessionId: 'session-7' },
  'admin-token': { userId: ADMIN_USER_ID, sessionId: 'session-1' },
};
const verify: Authenticate = async (token) => {
  if (token === 'expired-token') throw new HttpError(401, API_CODE.TOKEN_EXPIRED, 'Access token expired');
  const claims = SESSIONS[token];
  if (!claims) throw new HttpError(401, API_CODE.UNAUTHORIZED, 'Invalid access token');
  return claims;
};

let server: Server;
let call: ApiCaller;

beforeAll(async () => {
  const guards = createAuthGuards(verify);
  const pictures = Router();
  pictures.get('/mine', guards.requireUser, (req, res) => sendOk(res, currentAuth(req)));
  pictures.delete('/any', guards.requireAdmin, (req, res) => sendOk(res, currentAuth(req)));
  pictures.get('/open', (req, res) => sendOk(res, currentAuth(req)));
  const app = express();
  app.use('/api/pictures', pictures);
  app.use(errorHandler);
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  call = apiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('requireUser', () => {
  it('lets a live session through and tells the route who called', async () => {
    expect(await call('GET', '/api/pictures/mine', { token: 'user-token' })).toMatchObject({
      status: 200,
      body: { code: API_CODE.OK, data: { userId: 7, sessionId: 'session-7', admin: false } },
    });
  });

  it('answers 401 40101 without a bearer token, with a cookie or another scheme, or with a bad token', async () => {
    const refused = { status: 401, body: { code: API_CODE.UNAUTHORIZED, data: null } };
    expect(await call('GET', '/api/pictures/mine')).toMatchObject(refused);
    expect(await call('GET', '/api/pictures/mine', { headers: { Cookie: 'access_token=user-token' } })).toMatchObject(refused);
    expect(await call('GET', '/api/pictures/mine', { headers: { Authorization: 'Basic dXNlci10b2tlbg==' } })).toMatchObject(refused);
    expect(await call('GET', '/api/pictures/mine', { token: 'forged-token' })).toMatchObject(refused);
  });

  it('passes an expired token on as 401 40100, so the client refreshes instead of logging out', async () => {
    expect(await call('GET', '/api/pictures/mine', { token: 'expired-token' })).toMatchObject({
      status: 401,
      body: { code: API_CODE.TOKEN_EXPIRED },
    });
  });

  it('is the only way to a caller: an unguarded route asking for one answers 401', async () => {
    expect(await call('GET', '/api/pictures/open', { token: 'user-token' })).toMatchObject({
      status: 401,
      body: { code: API_CODE.UNAUTHORIZED },
    });
  });
});

describe('requireAdmin', () => {
  it('lets user 1 through', async () => {
    expect(await call('DELETE', '/api/pictures/any', { token: 'admin-token' })).toMatchObject({
      status: 200,
      body: { data: { userId: ADMIN_USER_ID, admin: true } },
    });
  });

  it('answers 403 40300 to another user and 401 (not 403) to nobody', async () => {
    expect(await call('DELETE', '/api/pictures/any', { token: 'user-token' })).toMatchObject({
      status: 403,
      body: { code: API_CODE.FORBIDDEN },
    });
    expect(await call('DELETE', '/api/pictures/any')).toMatchObject({ status: 401, body: { code: API_CODE.UNAUTHORIZED } });
    expect(await call('DELETE', '/api/pictures/any', { token: 'expired-token' })).toMatchObject({
      status: 401,
      body: { code: API_CODE.TOKEN_EXPIRED },
    });
  });
});
