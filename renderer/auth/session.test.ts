import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import type { StoredTokens } from '@shared/contracts/tokens';

/** The token store as the tabs of one browser share it (the cookies): what one tab saves, the others load. */
const store = vi.hoisted(() => {
  let stored: Partial<StoredTokens> = {};
  return {
    set(tokens: Partial<StoredTokens>) {
      stored = { ...tokens };
    },
    get: () => stored,
    tokens: {
      load: () => Promise.resolve({ ...stored }),
      save: (tokens: StoredTokens) => {
        stored = { ...tokens };
        return Promise.resolve();
      },
      clear: () => {
        stored = {};
        return Promise.resolve();
      },
    },
  };
});

vi.mock('@/platform', () => ({ platform: { apiUrl: 'http://api.test', tokens: store.tokens } }));
vi.mock('@/platform/host', () => ({ apiUrl: 'http://api.test', tokens: store.tokens }));

const { usePresets } = await import('@/components/image/presets');
const { REFRESH_FAILED, REFRESH_MISSING, applyUserInfo, refreshAhead, refreshSession, resetSession, storeTokens, useSession } =
  await import('./session');

const OLD = { accessToken: 'access-old', refreshToken: 'refresh-old' };
const NEWER = { accessToken: 'access-newer', refreshToken: 'refresh-newer' };
const PRESET = { id: 'p1', name: 'WebP 80', settings: { quality: 80 }, updatedAt: 1 };

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** This tab read OLD when it loaded, and shows it is logged in. */
function tabHolding(pair: typeof OLD) {
  useSession.setState({ ...pair, logged: true, userId: 7 });
}

describe('token refresh with several tabs', () => {
  beforeEach(() => {
    usePresets.getState().clear();
    usePresets.getState().merge('image-compress', [PRESET]);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ logged: false, accessToken: '', refreshToken: '' });
    store.set({});
  });

  it('takes the pair another tab stored instead of presenting the traded token again', async () => {
    tabHolding(OLD);
    store.set(NEWER);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);

    await expect(refreshSession()).resolves.toBeUndefined();

    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSession.getState()).toMatchObject({ ...NEWER, logged: true });
    expect(store.get()).toEqual(NEWER);
  });

  it('trades the token itself when the store still holds it, and stores the new pair', async () => {
    tabHolding(OLD);
    store.set(OLD);
    const fetchMock = vi.fn(() => Promise.resolve(answer(200, { code: API_CODE.OK, msg: 'ok', data: { ...NEWER, expiresIn: 900 } })));
    vi.stubGlobal('fetch', fetchMock);

    await refreshSession();

    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]).toEqual([
      'http://api.test/api/users/token/refresh',
      expect.objectContaining({ body: OLD.refreshToken }),
    ]);
    expect(useSession.getState()).toMatchObject(NEWER);
    expect(store.get()).toEqual(NEWER);
  });

  it('shares one server call between refreshes that overlap in one tab', async () => {
    tabHolding(OLD);
    store.set(OLD);
    let respond: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (respond = resolve)));
    vi.stubGlobal('fetch', fetchMock);

    const first = refreshSession();
    const second = refreshSession();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    respond(answer(200, { code: API_CODE.OK, msg: 'ok', data: { ...NEWER, expiresIn: 900 } }));
    await Promise.all([first, second]);

    expect(fetchMock).toHaveBeenCalledOnce();
    expect(store.get()).toEqual(NEWER);
  });

  it("keeps a newer pair another tab stored while this tab's refresh failed", async () => {
    tabHolding(OLD);
    store.set(OLD);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        store.set(NEWER); // the other tab's refresh lands first
        return Promise.resolve(answer(401, { code: API_CODE.UNAUTHORIZED, msg: 'refresh token reused', data: null }));
      }),
    );

    await expect(refreshSession()).rejects.toThrow(REFRESH_FAILED);
    // The API client ends the session after a failed refresh; that must not end the other tab's either.
    await resetSession();

    expect(useSession.getState()).toMatchObject({ logged: false, accessToken: '', refreshToken: '' });
    expect(store.get()).toEqual(NEWER);
    expect(usePresets.getState().byTool).toEqual({ 'image-compress': [PRESET] });
  });

  it("clears the store, and the account's presets, when it still holds the token that failed", async () => {
    tabHolding(OLD);
    store.set(OLD);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(401, { code: API_CODE.UNAUTHORIZED, msg: 'expired', data: null }))),
    );

    await expect(refreshSession()).rejects.toThrow(REFRESH_FAILED);

    expect(store.get()).toEqual({});
    expect(usePresets.getState().byTool).toEqual({});
  });

  it('without any refresh token there is nothing to trade', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(refreshSession()).rejects.toThrow(REFRESH_MISSING);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('session reset', () => {
  beforeEach(() => {
    usePresets.getState().clear();
    usePresets.getState().merge('image-compress', [PRESET]);
  });

  afterEach(() => store.set({}));

  it("leaves a visitor's presets alone when a tab without a session is reset", async () => {
    useSession.setState({ logged: false, accessToken: '', refreshToken: '' });
    await resetSession();
    expect(usePresets.getState().byTool).toEqual({ 'image-compress': [PRESET] });
  });

  it('forced (logout) clears whatever is stored', async () => {
    tabHolding(OLD);
    store.set(NEWER);
    await resetSession({ force: true });
    expect(store.get()).toEqual({});
    expect(usePresets.getState().byTool).toEqual({});
  });
});

describe('user info', () => {
  it('points the avatar at the API, whose origin the desktop page (app://) does not share', () => {
    const info = {
      userId: 7,
      userName: 'li',
      nickName: 'Li',
      roles: ['user'],
      ext: { avatar: '/api/users/avatar/7-a.webp', adCoin: 0, resScore: 0, settings: '{}' },
    };
    applyUserInfo(info as Parameters<typeof applyUserInfo>[0]);
    expect(useSession.getState().avatar).toBe('http://api.test/api/users/avatar/7-a.webp');
    applyUserInfo({ ...info, ext: { ...info.ext, avatar: '' } } as Parameters<typeof applyUserInfo>[0]);
    expect(useSession.getState().avatar).toBe('');
  });
});

/** An access token as the server signs it: issued at `issuedAt` (ms, server clock), valid for `ttl` seconds. */
const accessToken = (issuedAt: number, ttl = 900) =>
  new SignJWT({ sid: 's' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('7')
    .setIssuedAt(Math.floor(issuedAt / 1000))
    .setExpirationTime(Math.floor(issuedAt / 1000) + ttl)
    .sign(new Uint8Array(32));

describe('refreshing ahead of expiry', () => {
  const refreshed = async () => ({ accessToken: await accessToken(Date.now()), refreshToken: 'refresh-fresh' });

  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ logged: false, accessToken: '', refreshToken: '' });
    store.set({});
  });

  it('trades a token that expires within the minute before the request goes out, so no 401 reloads the page', async () => {
    const pair = { accessToken: await accessToken(Date.now() - 870_000), refreshToken: 'refresh-old' };
    tabHolding(pair);
    store.set(pair);
    const fresh = await refreshed();
    const fetchMock = vi.fn(() => Promise.resolve(answer(200, { code: API_CODE.OK, msg: 'ok', data: { ...fresh, expiresIn: 900 } })));
    vi.stubGlobal('fetch', fetchMock);

    await refreshAhead();

    expect(fetchMock).toHaveBeenCalledOnce();
    expect(useSession.getState().accessToken).toBe(fresh.accessToken);
  });

  it('leaves a token with time to spare alone, and a session without tokens', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await refreshAhead();
    tabHolding({ accessToken: await accessToken(Date.now() - 60_000), refreshToken: 'refresh-old' });
    await refreshAhead();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("plans by the server's clock, learnt from the last fresh token, not by a device clock an hour fast", async () => {
    const serverNow = Date.now() - 3_600_000;
    await storeTokens({ accessToken: await accessToken(serverNow), refreshToken: 'refresh-now' });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await refreshAhead();
    expect(fetchMock).not.toHaveBeenCalled();
    // Fourteen and a half server minutes later it is due.
    await refreshAhead(Date.now() + 870_000);
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
