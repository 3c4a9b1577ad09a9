import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@shared/contracts/api';
import {
  FEEDBACK_API,
  FEEDBACK_CONTENT_MAX_CHARS,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  feedbackScreenshotPath,
} from '@shared/contracts/feedback-base';
import type { Feedback, FeedbackInput } from '@shared/contracts/feedback-base';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { FEEDBACK_LIMITS } from './feedback.router';

let kit: AccountsServer;
let admin: string;
let ann: string;
let bob: string;
let users = 0;
/** Each anonymous sender comes from an address of its own (TRUST_PROXY=1), so only the limit's test meets the limit. */
let addresses = 0;
const newAddress = () => `198.51.100.${(addresses += 1)}`;

async function newUser(): Promise<string> {
  users += 1;
  const name = `teller${users}`;
  return (await kit.register(name, `${name}@example.com`, 'teller-password')).accessToken;
}

beforeAll(async () => {
  kit = await startAccountsServer({ env: { TRUST_PROXY: '1' } });
  admin = (await kit.adminLogin()).accessToken;
  ann = await newUser();
  bob = await newUser();
});

afterAll(async () => {
  await kit.close();
});

const keysOf = (body: { ext?: { messages?: unknown[] } }) => ((body.ext?.messages ?? []) as ServerMessage[]).map((message) => message.key);

const input = (patch: Partial<FeedbackInput> = {}): FeedbackInput => ({
  type: 'BUG',
  content: '图片压缩后颜色不对',
  page: '/image/compress?from=home',
  environment: 'Chrome 131 · Linux · 1280×720 · zh-CN',
  ...patch,
});

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

function form(feedback: unknown, screenshot?: { bytes: Buffer; name: string; type: string }): FormData {
  const data = new FormData();
  data.append('feedback', JSON.stringify(feedback));
  if (screenshot) data.append('screenshot', new Blob([new Uint8Array(screenshot.bytes)], { type: screenshot.type }), screenshot.name);
  return data;
}

/** Anonymous unless a token is given, each anonymous call from a fresh address. */
const send = (token: string | undefined, body: unknown = input(), address = newAddress()) =>
  kit.call<Feedback>('POST', FEEDBACK_API, {
    ...(body instanceof FormData ? { form: body } : { json: body }),
    ...(token ? { token } : {}),
    headers: { 'X-Forwarded-For': address },
  });
const mine = (token?: string) => kit.call<Page<Feedback>>('GET', `${FEEDBACK_API}/mine/list/page?pageSize=100`, token ? { token } : {});
const all = (token?: string, query = '') =>
  kit.call<Page<Feedback>>('GET', `${FEEDBACK_API}/list/page?pageSize=100${query}`, token ? { token } : {});
const setStatus = (token: string | undefined, id: number, status: unknown) =>
  kit.call<Feedback>('PUT', `${FEEDBACK_API}/${id}/status`, { json: { status }, ...(token ? { token } : {}) });
const reply = (token: string | undefined, id: number, text: unknown) =>
  kit.call<Feedback>('POST', `${FEEDBACK_API}/${id}/reply`, { json: { reply: text }, ...(token ? { token } : {}) });
const screenshot = (key: string, token?: string) =>
  fetch(`${kit.server.baseUrl}${feedbackScreenshotPath(key)}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

describe('sending feedback', () => {
  it('anonymously: stored as new, without an owner, with what the form sent', async () => {
    const res = await send(undefined, input({ contact: 'reader@example.com' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      userId: null,
      type: 'BUG',
      content: '图片压缩后颜色不对',
      contact: 'reader@example.com',
      page: '/image/compress?from=home',
      environment: 'Chrome 131 · Linux · 1280×720 · zh-CN',
      status: 'NEW',
      reply: null,
      screenshot: null,
    });
    const listed = (await all(admin)).body.data.list.find((row) => row.id === res.body.data.id);
    expect(listed?.contact).toBe('reader@example.com');
  });

  it('logged in: owned by the user, in their list only; the environment left out stays out', async () => {
    const res = await send(ann, { type: 'IDEA', content: '希望支持 HEIC', contact: '' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'IDEA', contact: null, page: null, environment: null, status: 'NEW' });
    expect(res.body.data.userId).toBeGreaterThan(1);
    expect((await mine(ann)).body.data.list.map((row) => row.id)).toContain(res.body.data.id);
    expect((await mine(bob)).body.data.list.map((row) => row.id)).not.toContain(res.body.data.id);
  });

  it('HTML and script are kept as text, never changed into markup', async () => {
    const content = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const res = await send(ann, input({ content }));
    expect(res.body.data.content).toBe(content);
    const listed = (await mine(ann)).body.data.list.find((row) => row.id === res.body.data.id);
    expect(listed?.content).toBe(content);
  });

  it('refuses bad input with translated messages and stores nothing', async () => {
    const before = (await all(admin)).body.data.total;
    const cases: [unknown, string][] = [
      [input({ content: '   ' }), 'feedback.field.content'],
      [input({ content: 'x'.repeat(FEEDBACK_CONTENT_MAX_CHARS + 1) }), 'feedback.field.contentTooLong'],
      [{ ...input(), type: 'PRAISE' }, 'feedback.field.type'],
      [input({ contact: 'not-an-email' }), 'feedback.field.contact'],
      [input({ page: '/'.repeat(501) }), 'feedback.field.page'],
      [[1, 2], 'feedback.field.request'],
    ];
    for (const [body, key] of cases) {
      const res = await send(undefined, body);
      expect(res.status, key).toBe(400);
      expect(keysOf(res.body)).toContain(key);
    }
    expect((await all(admin)).body.data.total).toBe(before);
  });

  it('a bad token is refused (401), not taken for an anonymous sender', async () => {
    const res = await send('not-a-token');
    expect(res.status).toBe(401);
  });
});

describe('screenshots', () => {
  it('a PNG is kept; the owner and the admin see it, another user and a visitor do not', async () => {
    const bytes = await png();
    const res = await send(ann, form(input(), { bytes, name: 'shot.png', type: 'image/png' }));
    expect(res.status).toBe(200);
    const key = res.body.data.screenshot as string;
    expect(key).toMatch(/^[0-9a-f]{32}\.png$/);
    for (const token of [ann, admin]) {
      const got = await screenshot(key, token);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect((await screenshot(key, bob)).status).toBe(404);
    expect((await screenshot(key)).status).toBe(401);
  });

  it('an anonymous sender may attach one; only the admin sees it', async () => {
    const res = await send(undefined, form(input(), { bytes: await png(20, 20), name: 'a.png', type: 'image/png' }));
    expect(res.status).toBe(200);
    const key = res.body.data.screenshot as string;
    expect((await screenshot(key, admin)).status).toBe(200);
    expect((await screenshot(key, ann)).status).toBe(404);
  });

  it('refuses a file over the cap, a non-picture named .png and broken picture bytes; nothing is stored', async () => {
    const before = (await all(admin)).body.data.total;
    const huge = Buffer.alloc(FEEDBACK_SCREENSHOT_MAX_BYTES + 1, 7);
    const tooLarge = await send(ann, form(input(), { bytes: huge, name: 'big.png', type: 'image/png' }));
    expect(tooLarge.status).toBe(413);
    expect(keysOf(tooLarge.body)).toContain('feedback.screenshotTooLarge');

    const text = await send(
      ann,
      form(input(), { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'x.png', type: 'image/png' }),
    );
    expect(text.status).toBe(400);
    expect(keysOf(text.body)).toContain('feedback.screenshotWrongType');

    const broken = (await png()).subarray(0, 60);
    const unreadable = await send(ann, form(input(), { bytes: broken, name: 'cut.png', type: 'image/png' }));
    expect(unreadable.status).toBe(400);
    expect(keysOf(unreadable.body)).toContain('feedback.screenshotUnreadable');
    expect((await all(admin)).body.data.total).toBe(before);
  });

  it('an unknown or malformed key is not found', async () => {
    expect((await screenshot('0'.repeat(32) + '.png', admin)).status).toBe(404);
    expect((await screenshot('../../jwt-secret', admin)).status).toBe(404);
  });
});

describe('the back office', () => {
  it('the admin lists, filters, changes the status and replies; the user sees the reply', async () => {
    const sent = (await send(bob, input({ type: 'OTHER', content: '首页加载慢' }))).body.data;

    const progress = await setStatus(admin, sent.id, 'IN_PROGRESS');
    expect(progress.status).toBe(200);
    expect(progress.body.data.status).toBe('IN_PROGRESS');
    const answered = await reply(admin, sent.id, '已经优化，谢谢反馈');
    expect(answered.body.data).toMatchObject({ reply: '已经优化，谢谢反馈', status: 'IN_PROGRESS' });
    expect(answered.body.data.replyTime).toBeGreaterThan(0);
    await setStatus(admin, sent.id, 'DONE');

    const seen = (await mine(bob)).body.data.list.find((row) => row.id === sent.id);
    expect(seen).toMatchObject({ status: 'DONE', reply: '已经优化，谢谢反馈' });

    const done = (await all(admin, '&status=DONE&type=OTHER')).body.data.list;
    expect(done.map((row) => row.id)).toContain(sent.id);
    expect(done.every((row) => row.status === 'DONE' && row.type === 'OTHER')).toBe(true);
    expect((await all(admin, '&status=NEW')).body.data.list.map((row) => row.id)).not.toContain(sent.id);
  });

  it('pages newest first with the spec’s defaults', async () => {
    for (let index = 0; index < 3; index += 1) await send(bob, input({ content: `第 ${index} 条` }));
    const res = await kit.call<Page<Feedback>>('GET', `${FEEDBACK_API}/list/page?pageSize=2&pageNum=1`, { token: admin });
    expect(res.body.data).toMatchObject({ pageNum: 1, pageSize: 2 });
    expect(res.body.data.list).toHaveLength(2);
    expect(res.body.data.list[0]!.id).toBeGreaterThan(res.body.data.list[1]!.id);
    const defaults = await kit.call<Page<Feedback>>('GET', `${FEEDBACK_API}/mine/list/page`, { token: bob });
    expect(defaults.body.data).toMatchObject({ pageNum: 1, pageSize: 10 });
  });

  it('refuses a bad status, an empty reply and a missing feedback with translated messages', async () => {
    const sent = (await send(ann)).body.data;
    const badStatus = await setStatus(admin, sent.id, 'CLOSED');
    expect(badStatus.status).toBe(400);
    expect(keysOf(badStatus.body)).toContain('feedback.field.status');
    const emptyReply = await reply(admin, sent.id, '  ');
    expect(emptyReply.status).toBe(400);
    expect(keysOf(emptyReply.body)).toContain('feedback.field.reply');
    const missing = await setStatus(admin, 999_999, 'DONE');
    expect(missing.status).toBe(404);
    expect(keysOf(missing.body)).toContain('feedback.notFound');
    expect((await reply(admin, 999_999, 'x')).status).toBe(404);
  });
});

describe('permission matrix', () => {
  it('visitor: sends only; user and other user: send and their own list; admin: everything', async () => {
    const target = (await send(ann)).body.data.id;
    // [who, token, may list their own, may use the back office]
    const who: [string, string | undefined, number, number][] = [
      ['visitor', undefined, 401, 401],
      ['user', ann, 200, 403],
      ['other user', bob, 200, 403],
      ['admin', admin, 200, 200],
    ];
    for (const [name, token, ownList, backOffice] of who) {
      expect((await send(token)).status, `${name} sends`).toBe(200);
      expect((await mine(token)).status, `${name} own list`).toBe(ownList);
      expect((await all(token)).status, `${name} list all`).toBe(backOffice);
      expect((await setStatus(token, target, 'DONE')).status, `${name} status`).toBe(backOffice);
      expect((await reply(token, target, 'ok')).status, `${name} reply`).toBe(backOffice);
    }
    const record = (await all(admin)).body.data.list.find((row) => row.id === target);
    expect(record).toMatchObject({ status: 'DONE', reply: 'ok' });
  });
});

describe('rate limits', () => {
  it(`an address sends ${FEEDBACK_LIMITS.perAddress.limit} anonymous feedbacks an hour; refused ones do not count; an account is not held to it`, async () => {
    const address = newAddress();
    expect((await send(undefined, input({ content: '' }), address)).status).toBe(400);
    for (let index = 0; index < FEEDBACK_LIMITS.perAddress.limit; index += 1)
      expect((await send(undefined, input(), address)).status).toBe(200);
    const refused = await send(undefined, input(), address);
    expect(refused.status).toBe(429);
    expect(keysOf(refused.body)).toContain('feedback.tooMany');
    expect((await send(ann, input(), address)).status).toBe(200);
  });

  it(`an account sends ${FEEDBACK_LIMITS.perUser.limit} an hour`, async () => {
    const carol = await newUser();
    for (let index = 0; index < FEEDBACK_LIMITS.perUser.limit; index += 1)
      expect((await send(carol, input(), newAddress())).status).toBe(200);
    const refused = await send(carol, input(), newAddress());
    expect(refused.status).toBe(429);
    expect(keysOf(refused.body)).toContain('feedback.tooMany');
  });
});
