import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import type { Page } from '@shared/contracts/api';
import { USER_FIELD_MESSAGES } from '@shared/contracts/users';
import type { LoginLog, OAuth2Binding, TokenPair, UserDetails, UserInfo, UserSimplified } from '@shared/contracts/users';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';

let kit: AccountsServer;
let session: TokenPair;
let userId: number;

beforeAll(async () => {
  kit = await startAccountsServer();
  session = await kit.register('quinn', 'quinn@example.com', 'quinn-password');
  userId = (await kit.call<UserInfo>('GET', '/api/users/info', { token: session.accessToken })).body.data.userId;
});

afterAll(async () => {
  await kit.close();
});

const storedUser = () => kit.server.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

describe('own profile', () => {
  it('reads info (force accepted) and details, and updates the nick name', async () => {
    const info = await kit.call<UserInfo>('GET', '/api/users/info?force=true', { token: session.accessToken });
    expect(info.body.data).toEqual({
      userId,
      userName: 'quinn',
      nickName: 'quinn',
      roles: ['user'],
      permissions: [],
      ext: { avatar: '', adCoin: 0, resScore: 0, settings: '{}' },
    });
    const details = await kit.call<UserDetails>('GET', '/api/users/info/details', { token: session.accessToken });
    expect(details.body.data).toMatchObject({ email: 'quinn@example.com', enabled: true });

    const updated = await kit.call<UserDetails>('PUT', '/api/users/info/details', {
      json: { nickName: '  小奎  ' },
      token: session.accessToken,
    });
    expect(updated.body.data.nickName).toBe('小奎');
    expect((await storedUser()).nick_name).toBe('小奎');

    const empty = await kit.call('PUT', '/api/users/info/details', { json: { nickName: '   ' }, token: session.accessToken });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toMatch(/^nickName: /);
    expect((await storedUser()).nick_name).toBe('小奎');
  });

  it('refuses nicknames with control, bidi or invisible characters, and ones with nothing visible', async () => {
    const before = (await storedUser()).nick_name;
    for (const [nickName, text] of [
      ['\u200B', USER_FIELD_MESSAGES.nickNameInvisible],
      ['\u202Eadmin', USER_FIELD_MESSAGES.nickNameInvisible],
      ['a\u0000b', USER_FIELD_MESSAGES.nickNameInvisible],
      ['a\uD800b', USER_FIELD_MESSAGES.nickNameInvisible],
      ['\u3164', USER_FIELD_MESSAGES.nickName],
    ]) {
      const res = await kit.call('PUT', '/api/users/info/details', { json: { nickName }, token: session.accessToken });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ext: { popupNotice: true, messages: [{ key: text, field: 'nickName' }] } });
    }
    expect((await storedUser()).nick_name).toBe(before);
  });

  it('keeps settings as JSON text: round trip, and refuses non-objects and oversize', async () => {
    const settings = JSON.stringify({
      layoutMode: 'side',
      sideCollapsed: true,
      footerFixed: false,
      assistantModel: 'x',
      consoleVisible: false,
      floatMenuVisible: true,
    });
    expect((await kit.call('PUT', '/api/users/settings', { json: { settings }, token: session.accessToken })).status).toBe(200);
    const info = await kit.call<UserInfo>('GET', '/api/users/info', { token: session.accessToken });
    expect(JSON.parse(info.body.data.ext.settings)).toEqual(JSON.parse(settings));

    const tooLarge = { key: USER_FIELD_MESSAGES.settingsTooLarge, field: 'settings' };
    for (const [bad, message] of [
      ['[1,2]', { key: 'users.settingsNotObject', field: 'settings' }],
      ['{oops', { key: 'users.settingsNotJson', field: 'settings' }],
      // Over in bytes only, and over in characters too: one answer for both.
      [JSON.stringify({ note: '字'.repeat(3000) }), tooLarge],
      [JSON.stringify({ note: 'n'.repeat(9000) }), tooLarge],
    ] as const) {
      const res = await kit.call('PUT', '/api/users/settings', { json: { settings: bad }, token: session.accessToken });
      expect(res.status).toBe(400);
      expect(res.body.ext).toEqual({ popupNotice: true, messages: [message] });
    }
    expect((await storedUser()).settings).toBe(settings);
  });

  it('pages its own login logs, newest first', async () => {
    for (let i = 0; i < 11; i++) await kit.login('quinn', 'quinn-password');
    await kit.call('POST', '/api/users/login', { json: { account: 'quinn', password: 'wrong-password' } });
    await kit.adminLogin();

    const first = await kit.call<Page<LoginLog>>('GET', '/api/users/login-logs/mine/list/page', { token: session.accessToken });
    // Signing up was the first login.
    expect(first.body.data).toMatchObject({ total: 13, pageNum: 1, pageSize: 10 });
    expect(first.body.data.list).toHaveLength(10);
    expect(first.body.data.list[0]).toMatchObject({ result: 'failure', ip: '127.0.0.1' });
    const times = first.body.data.list.map((log) => log.loginTime);
    expect([...times].sort().reverse()).toEqual(times);

    const second = await kit.call<Page<LoginLog>>('GET', '/api/users/login-logs/mine/list/page?pageNum=2&pageSize=10', {
      token: session.accessToken,
    });
    expect(second.body.data.list).toHaveLength(3);
    expect(second.body.data.list.at(-1)).toMatchObject({ result: 'success', ip: '127.0.0.1' });
    expect((await kit.call('GET', '/api/users/login-logs/mine/list/page?pageSize=1000', { token: session.accessToken })).body.msg).toMatch(
      /^pageSize: /,
    );
  });

  it('lists OAuth2 bindings', async () => {
    expect((await kit.call<OAuth2Binding[]>('GET', '/api/users/me/oauth2/list', { token: session.accessToken })).body.data).toEqual([]);
    await kit.server.db
      .insertInto('oauth2_bindings')
      .values({ id: 'b1', user_id: userId, provider: 'github', external_id: '42', bound_at: '2026-01-02T03:04:05.000Z' })
      .execute();
    const res = await kit.call<OAuth2Binding[]>('GET', '/api/users/me/oauth2/list', { token: session.accessToken });
    expect(res.body.data).toEqual([{ provider: 'github', externalId: '42', boundAt: '2026-01-02T03:04:05.000Z' }]);
  });

  it('shows anyone the simplified public profile, nothing more', async () => {
    const res = await kit.call<UserSimplified>('GET', `/api/users/${userId}/info/simplified`);
    expect(res.body.data).toEqual({ userId, nickName: '小奎', avatar: '' });
    expect((await kit.call('GET', '/api/users/99999/info/simplified')).status).toBe(404);
    expect((await kit.call('GET', '/api/users/abc/info/simplified')).status).toBe(400);
  });

  it('changing the own password needs the old one and ends the other sessions only', async () => {
    const other = await kit.login('quinn', 'quinn-password');
    const wrong = await kit.call('POST', '/api/users/password/change/mine', {
      json: { oldPassword: 'nope-nope', password: 'quinn-password-2' },
      token: session.accessToken,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/^oldPassword: /);

    const ok = await kit.call('POST', '/api/users/password/change/mine', {
      json: { oldPassword: 'quinn-password', password: 'quinn-password-2' },
      token: session.accessToken,
    });
    expect(ok.status).toBe(200);
    expect((await kit.call('GET', '/api/users/info', { token: session.accessToken })).status).toBe(200);
    expect(await kit.call('GET', '/api/users/info', { token: other.accessToken })).toMatchObject({
      status: 401,
      body: { code: API_CODE.UNAUTHORIZED },
    });
    await kit.login('quinn', 'quinn-password-2');
  });
});
