import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@shared/contracts/api';
import {
  DONATION_AMOUNT_MAX_CENTS,
  DONATION_MESSAGE_MAX_LENGTH,
  DONATION_NAME_MAX_LENGTH,
  DONATIONS_API,
  DONATIONS_LIVE_ROOM,
} from '@shared/contracts/donations-base';
import type { Donation, DonationInput, DonationRanking } from '@shared/contracts/donations-base';
import { LIVE_PATH } from '@shared/contracts/live';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { serverMessageText } from '@shared/contracts/server-messages';
import { connectLive } from '../../live/live-test-kit';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { rankSupporters } from './donations.service';

let kit: AccountsServer;
let admin: string;
let ann: string;
let annId: number;
let bob: string;

beforeAll(async () => {
  kit = await startAccountsServer();
  admin = (await kit.adminLogin()).accessToken;
  ann = (await kit.register('donor-ann', 'donor-ann@example.com')).accessToken;
  bob = (await kit.register('donor-bob', 'donor-bob@example.com')).accessToken;
  annId = (await kit.call<{ userId: number }>('GET', '/api/users/info', { token: ann })).body.data.userId;
});

afterAll(async () => {
  await kit.close();
});

const keysOf = (body: { ext?: { messages?: unknown[] } }) => ((body.ext?.messages ?? []) as ServerMessage[]).map((m) => m.key);
const gift = (patch: Partial<DonationInput> = {}): DonationInput => ({ amountCents: 1000, donatedAt: Date.now() - 60_000, ...patch });
const create = (token: string | undefined, body: unknown = gift()) =>
  kit.call<Donation>('POST', DONATIONS_API, { json: body, ...(token ? { token } : {}) });
const ranking = async () => (await kit.call<DonationRanking>('GET', `${DONATIONS_API}/ranking`)).body.data;

describe('who may do what', () => {
  it('anyone reads the ranking; only the admin lists, records, edits and deletes', async () => {
    const recorded = await create(admin, gift({ userId: annId, message: 'matrix' }));
    expect(recorded.status).toBe(200);
    const id = recorded.body.data.id;
    expect(recorded.body.data).toMatchObject({ userId: annId, userName: 'donor-ann', amountCents: 1000, message: 'matrix' });

    const calls = [
      (token?: string) => kit.call('GET', `${DONATIONS_API}/list/page`, token ? { token } : {}),
      (token?: string) => create(token),
      (token?: string) => kit.call('PUT', `${DONATIONS_API}/${id}`, { json: gift({ amountCents: 1 }), ...(token ? { token } : {}) }),
      (token?: string) => kit.call('DELETE', `${DONATIONS_API}/${id}`, token ? { token } : {}),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      // ann is the linked supporter: her own donation is still the owner's record.
      expect((await call(ann)).status).toBe(403);
      expect((await call(bob)).status).toBe(403);
    }
    expect((await kit.call('GET', `${DONATIONS_API}/ranking`)).status).toBe(200);
    expect((await kit.call('GET', `${DONATIONS_API}/ranking`, { token: bob })).status).toBe(200);

    const listed = await kit.call<Page<Donation>>('GET', `${DONATIONS_API}/list/page`, { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.data.list.find((d) => d.id === id)).toMatchObject({ amountCents: 1000 });
    const edited = await kit.call<Donation>('PUT', `${DONATIONS_API}/${id}`, {
      json: gift({ amountCents: 2500, name: '阿安' }),
      token: admin,
    });
    expect(edited.body.data).toMatchObject({ id, amountCents: 2500, name: '阿安' });
    expect(edited.body.data.userId).toBeUndefined();
    expect((await kit.call('DELETE', `${DONATIONS_API}/${id}`, { token: admin })).status).toBe(200);
    const gone = await kit.call('DELETE', `${DONATIONS_API}/${id}`, { token: admin });
    expect(gone.status).toBe(404);
    expect(keysOf(gone.body)).toEqual(['donations.notFound']);
    expect((await kit.call('PUT', `${DONATIONS_API}/${id}`, { json: gift(), token: admin })).status).toBe(404);
  });
});

describe('bad input', () => {
  const refused = async (body: unknown, key: string) => {
    const before = await ranking();
    const res = await create(admin, body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(keysOf(res.body)).toContain(key);
    // Nothing recorded, and the message reads in both languages.
    expect(await ranking()).toEqual(before);
    for (const language of ['cn', 'en'] as const) expect(serverMessageText({ key: key as ServerMessage['key'] }, language)).not.toBe(key);
  };

  it('refuses each with its translated message and records nothing', async () => {
    await refused(gift({ amountCents: 0 }), 'donations.field.amount');
    await refused(gift({ amountCents: 12.5 }), 'donations.field.amount');
    await refused(gift({ amountCents: DONATION_AMOUNT_MAX_CENTS + 1 }), 'donations.field.amount');
    await refused({ ...gift(), amountCents: '1000' }, 'donations.field.amount');
    await refused(gift({ name: 'x'.repeat(DONATION_NAME_MAX_LENGTH + 1) }), 'donations.field.name');
    await refused(gift({ message: '长'.repeat(DONATION_MESSAGE_MAX_LENGTH + 1) }), 'donations.field.message');
    await refused(gift({ donatedAt: Date.now() + 3_600_000 }), 'donations.field.donatedAt');
    await refused(gift({ userId: 987_654 }), 'donations.field.user');
    await refused({ ...gift(), currency: 'USD' }, 'donations.field.request');
    const page = await kit.call('GET', `${DONATIONS_API}/list/page?pageSize=100000`, { token: admin });
    expect(keysOf(page.body)).toEqual(['donations.field.pageSize']);
    expect((await kit.call('DELETE', `${DONATIONS_API}/abc`, { token: admin })).status).toBe(400);
  });

  it('keeps HTML in a message as text (the page renders it inert)', async () => {
    const html = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const res = await create(admin, gift({ name: '<b>bold</b>', message: html }));
    expect(res.body.data).toMatchObject({ name: '<b>bold</b>', message: html });
    await kit.call('DELETE', `${DONATIONS_API}/${res.body.data.id}`, { token: admin });
  });
});

describe('the ranking', () => {
  it('groups by account, then by name; anonymous gifts stand alone; sorted by total, a tie to who got there first', () => {
    const rows = [
      { id: 1, user_id: 7, name: null, amount_cents: 500, message: 'first', donated_at: 10 },
      { id: 2, user_id: 7, name: 'ignored for an account', amount_cents: 700, message: 'latest', donated_at: 30 },
      { id: 3, user_id: 7, name: null, amount_cents: 100, message: null, donated_at: 40 },
      { id: 4, user_id: null, name: 'Li', amount_cents: 1300, message: null, donated_at: 20 },
      { id: 5, user_id: null, name: null, amount_cents: 1300, message: 'anon', donated_at: 5 },
      { id: 6, user_id: null, name: null, amount_cents: 50, message: null, donated_at: 50 },
    ];
    const ranked = rankSupporters(rows);
    expect(ranked.supporters.map((s) => s.key)).toEqual(['a5', 'nLi', 'u7', 'a6']);
    expect(ranked.supporters[2]).toEqual({ key: 'u7', userId: 7, totalCents: 1300, count: 3, message: 'latest', lastTime: 40 });
    expect(ranked.supporters[1]).toEqual({ key: 'nLi', name: 'Li', totalCents: 1300, count: 1, lastTime: 20 });
    expect(ranked).toMatchObject({ supporterCount: 4, donationCount: 6, totalCents: 3950 });
  });

  it('shows the top 50 and counts everyone', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      user_id: null,
      name: null,
      amount_cents: i + 1,
      message: null,
      donated_at: i,
    }));
    const ranked = rankSupporters(rows);
    expect(ranked.supporters).toHaveLength(50);
    expect(ranked.supporters[0]!.totalCents).toBe(60);
    expect(ranked).toMatchObject({ supporterCount: 60, donationCount: 60, totalCents: (60 * 61) / 2 });
  });

  it('reaches open pages live when the admin records, edits or deletes; visitors cannot publish', async () => {
    const visitor = await connectLive(`${kit.server.baseUrl.replace('http', 'ws')}${LIVE_PATH}`);
    visitor.send({ type: 'join', room: DONATIONS_LIVE_ROOM });
    await visitor.next((m) => m.type === 'joined');
    visitor.send({ type: 'publish', room: DONATIONS_LIVE_ROOM, data: { supporters: [] } });
    expect(await visitor.next((m) => m.type === 'error')).toMatchObject({ reason: 'forbidden' });

    const base = await ranking();
    const res = await create(admin, gift({ name: 'live-one', amountCents: 88_800, message: '加油' }));
    const heard = (await visitor.next((m) => m.type === 'message')) as { from: { peer: string }; data: DonationRanking };
    expect(heard.from.peer).toBe('server');
    expect(heard.data.totalCents).toBe(base.totalCents + 88_800);
    expect(heard.data.supporters[0]).toMatchObject({ name: 'live-one', totalCents: 88_800, message: '加油' });
    expect(heard.data).toEqual(await ranking());

    await kit.call('DELETE', `${DONATIONS_API}/${res.body.data.id}`, { token: admin });
    const after = (await visitor.next((m) => m.type === 'message')) as { data: DonationRanking };
    expect(after.data).toEqual(base);
    visitor.socket.close();
  });
});

describe('the donation codes (system config `donation`)', () => {
  const put = (value: unknown, token?: string) =>
    kit.call<{ value: unknown }>('PUT', '/api/system/configs/code/donation', { json: { value }, ...(token ? { token } : {}) });
  const read = async () => (await kit.call<{ value: unknown }>('GET', '/api/system/configs/code/donation')).body.data.value;
  const wechat = { title: '微信支付', payload: 'wxp://f2f0donate' };

  it('start empty; only the admin edits them, each checked', async () => {
    expect(await read()).toEqual({ codes: [] });
    expect((await put({ codes: [wechat] })).status).toBe(401);
    expect((await put({ codes: [wechat] }, ann)).status).toBe(403);
    expect(await read()).toEqual({ codes: [] });

    const saved = await put({ codes: [wechat, { title: ' 支付宝 ', payload: 'https://qr.alipay.com/x', note: '' }] }, admin);
    expect(saved.status).toBe(200);
    const codes = [wechat, { title: '支付宝', payload: 'https://qr.alipay.com/x' }];
    expect(await read()).toEqual({ codes });

    const tooMany = await put({ codes: Array.from({ length: 5 }, () => wechat) }, admin);
    expect(keysOf(tooMany.body)).toContain('siteContent.field.donationCodes');
    const script = await put({ codes: [{ ...wechat, image: 'javascript:alert(1)' }] }, admin);
    expect(keysOf(script.body)).toContain('siteContent.field.image');
    expect(await read()).toEqual({ codes });
  });
});
