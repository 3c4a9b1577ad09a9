import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import { serverMessageText } from '@shared/contracts/server-messages';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { EMPTY_WELFARE, SITE_CONTENT_MAX_BYTES } from '@shared/contracts/site-content';
import type { EnterpriseInfo, WelfareConfig } from '@shared/contracts/site-content';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';

/**
 * Site-owner content (issue 19): the welfare tabs and the enterprise info are system configs the
 * admin edits with PUT /api/system/configs/code/{code} and every visitor reads without a login.
 */
let kit: AccountsServer;
let admin: string;
let user: string;

beforeAll(async () => {
  kit = await startAccountsServer();
  admin = (await kit.adminLogin()).accessToken;
  user = (await kit.register('welfareuser', 'welfareuser@example.com')).accessToken;
});

afterAll(async () => {
  await kit?.close();
});

const item = { title: '支付宝红包', payload: 'https://qr.example.com/red-packet?c=42', note: '每天可领一次' };
const put = (code: string, value: unknown, token?: string) =>
  kit.call<{ code: string; value: unknown }>('PUT', `/api/system/configs/code/${code}`, { json: { value }, ...(token ? { token } : {}) });
const read = <T>(code: string) => kit.call<{ code: string; value: T }>('GET', `/api/system/configs/code/${code}`);
const messagesOf = (body: { ext?: { messages?: unknown[] } }) => (body.ext?.messages ?? []) as ServerMessage[];

describe('site content configs', () => {
  it('start empty for everyone, so the widget and the drawer stay hidden', async () => {
    expect((await read<WelfareConfig>('welfare')).body.data).toEqual({ code: 'welfare', value: EMPTY_WELFARE });
    expect((await read<EnterpriseInfo>('enterprise')).body.data).toEqual({ code: 'enterprise', value: {} });
  });

  it('the admin edits them and an anonymous visitor reads the checked, trimmed value', async () => {
    const saved = await put('welfare', { payApp: [item, { title: ' 微信红包 ', payload: 'wxp://f2f0abc', image: '' }] }, admin);
    expect(saved.status).toBe(200);
    const expected = { ...EMPTY_WELFARE, payApp: [item, { title: '微信红包', payload: 'wxp://f2f0abc' }] };
    expect(saved.body.data).toEqual({ code: 'welfare', value: expected });
    expect((await read<WelfareConfig>('welfare')).body.data.value).toEqual(expected);

    expect((await put('enterprise', { name: '百宝箱工作室', email: 'hi@example.com', phone: '' }, admin)).status).toBe(200);
    expect((await read<EnterpriseInfo>('enterprise')).body.data.value).toEqual({ name: '百宝箱工作室', email: 'hi@example.com' });
    const listed = await kit.call<{ code: string }[]>('GET', '/api/system/configs/list?codes=welfare&codes=enterprise');
    expect(listed.body.data.map((entry) => entry.code)).toEqual(['enterprise', 'welfare']);
  });

  it('refuses a user and an anonymous caller, leaving the stored value alone', async () => {
    const before = (await read<WelfareConfig>('welfare')).body.data.value;
    const asUser = await put('welfare', EMPTY_WELFARE, user);
    expect(asUser.status).toBe(403);
    expect((await put('welfare', EMPTY_WELFARE)).status).toBe(401);
    expect((await read<WelfareConfig>('welfare')).body.data.value).toEqual(before);
  });

  it('refuses bad input with translated messages under the fields they blame', async () => {
    const bad = await put('welfare', { coupons: [{ title: '', payload: 'x', image: 'javascript:alert(1)' }] }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(API_CODE.BAD_REQUEST);
    const messages = messagesOf(bad.body);
    expect(messages.map((message) => [message.field, message.key]).sort()).toEqual([
      ['coupons.0.image', 'siteContent.field.image'],
      ['coupons.0.title', 'siteContent.field.title'],
    ]);
    expect(
      serverMessageText(
        messages.find((message) => message.key === 'siteContent.field.image')!,
        'en',
      ),
    ).toMatch(/^The picture must be/);

    const unknownTab = await put('welfare', { lottery: [item] }, admin);
    expect(messagesOf(unknownTab.body).map((message) => message.key)).toEqual(['siteContent.field.tab']);
    expect(messagesOf((await put('enterprise', { name: 'x'.repeat(201) }, admin)).body).map((message) => message.key)).toEqual([
      'siteContent.field.text',
    ]);
    expect((await read<WelfareConfig>('welfare')).body.data.value.payApp).toHaveLength(2);
  });

  it('lets no other config be edited: the site setting, the environment-fixed ones and unknown codes', async () => {
    for (const code of ['setting', 'externalTools', 'nope']) {
      const refused = await put(code, {}, admin);
      expect(refused.status, code).toBe(400);
      expect(messagesOf(refused.body).map((message) => message.key)).toEqual(['siteContent.unknownCode']);
    }
  });

  it('refuses a body over the cap', async () => {
    const huge = await put('enterprise', { about: 'x'.repeat(SITE_CONTENT_MAX_BYTES) }, admin);
    expect(huge.status).toBe(413);
    expect(messagesOf(huge.body).map((message) => message.key)).toEqual(['siteContent.tooLarge']);
  });

  it('public reads revalidate by ETag: an unchanged config answers 304, an edit a new body', async () => {
    const url = `${kit.server.baseUrl}/api/system/configs/code/welfare`;
    const first = await fetch(url);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // What a browser sends to revalidate (Node's fetch would add no-cache without a Cache-Control of ours).
    const revalidate = { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' };
    expect((await fetch(url, { headers: revalidate })).status).toBe(304);
    await put('welfare', { ...EMPTY_WELFARE, coupons: [item] }, admin);
    const changed = await fetch(url, { headers: revalidate });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { data: { value: WelfareConfig } }).data.value.coupons).toEqual([item]);
  });
});
