import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import type { Page } from '@shared/contracts/api';
import { AD_IMAGE_MAX_BYTES, AD_IMAGE_URL_PREFIX, AD_SETTINGS_MAX_BYTES, AD_STATUSES, CUSTOMER_ADS_API } from '@shared/contracts/ads-base';
import type { AdActor, AdInput, AdStatus, CustomerAd, SiteAdsResponse } from '@shared/contracts/ads-base';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { ADMIN, TEST_JWT_SECRET, startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { apiClient } from '../../testing/api-client';
import { startTestServer } from '../../testing/test-server';

const DAY = 24 * 3600 * 1000;
/** The server's clock runs this far ahead of the real one; tests move it to tomorrow or past an expiry. */
let clockOffset = 0;
let kit: AccountsServer;
let admin: string;
let ann: string;
let bob: string;
let users = 0;

async function newUser(): Promise<string> {
  users += 1;
  const name = `adder${users}`;
  return (await kit.register(name, `${name}@example.com`, 'adder-password')).accessToken;
}

beforeAll(async () => {
  // Roomy limits: only the limit's own test, on its own server, meets one.
  kit = await startAccountsServer({
    customerAds: {
      now: () => Date.now() + clockOffset,
      publishPerUser: { windowMs: 60_000, limit: 10_000 },
      countsPerIp: { windowMs: 60_000, limit: 10_000 },
    },
  });
  admin = (await kit.adminLogin()).accessToken;
  ann = await newUser();
  bob = await newUser();
});

afterAll(async () => {
  await kit.close();
});

const api = (path = '') => `${CUSTOMER_ADS_API}${path}`;
const messagesOf = (body: { ext?: { messages?: unknown[] } }) => (body.ext?.messages ?? []) as ServerMessage[];
const keysOf = (body: { ext?: { messages?: unknown[] } }) => messagesOf(body).map((message) => message.key);

const adInput = (patch: Partial<AdInput> = {}): AdInput => ({
  type: 'TOP_BANNER',
  settings: { text: '百宝箱好用', link: 'https://example.com/a', ribbon: { text: '广告', placement: 'topRight' } },
  expirationTime: Date.now() + 30 * DAY,
  ...patch,
});

const png = (width = 32, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

function form(ad: unknown, image?: { bytes: Buffer; name: string; type: string }): FormData {
  const data = new FormData();
  data.append('ad', typeof ad === 'string' ? ad : JSON.stringify(ad));
  if (image) data.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return data;
}

const publish = (token: string | undefined, ad: unknown = adInput()) =>
  kit.call<CustomerAd>('POST', api('/publish'), { json: ad, ...(token ? { token } : {}) });
const publishForm = (token: string, data: FormData) => kit.call<CustomerAd>('POST', api('/publish'), { form: data, token });
const edit = (token: string, ad: unknown) => kit.call<CustomerAd>('PUT', api(), { json: ad, token });
const changeStatus = (token: string | undefined, id: number, status: AdStatus) =>
  kit.call<CustomerAd>('POST', api('/change-status'), { json: { id, status }, ...(token ? { token } : {}) });
const site = (latestTimestamp?: number) =>
  kit.call<SiteAdsResponse>('GET', api(`/site${latestTimestamp === undefined ? '' : `?latestTimestamp=${latestTimestamp}`}`));
const mine = (token: string) => kit.call<Page<CustomerAd>>('GET', api('/list/page/mine?pageSize=100'), { token });
const all = (query = '') => kit.call<Page<CustomerAd>>('GET', api(`/list/page?pageSize=100${query}`), { token: admin });
const view = (id: number, agent = 'agent-a') => kit.call<null>('POST', api('/view'), { json: { id }, headers: { 'User-Agent': agent } });
/** Sent as the page sends it (spec §7), which the test client's helpers cannot say. */
const visit = async (id: number, agent = 'agent-a') => {
  const res = await fetch(`${kit.server.baseUrl}${api('/visit')}`, {
    method: 'POST',
    headers: { 'User-Agent': agent, 'Content-Type': 'application/json-patch+json' },
    body: JSON.stringify({ id }),
  });
  return { status: res.status, body: (await res.json()) as { data: unknown } };
};
/** The ad as the admin sees it, soft-deleted or not, on whichever page it is. */
async function adById(id: number): Promise<CustomerAd | undefined> {
  for (let pageNum = 1; ; pageNum += 1) {
    const { list, total } = (await all(`&deleted=true&pageNum=${pageNum}`)).body.data;
    const found = list.find((ad) => ad.id === id);
    if (found || pageNum * 100 >= total) return found;
  }
}

/** Published by `owner` and approved by the admin: visible on the site. */
async function liveAd(owner: string, patch: Partial<AdInput> = {}): Promise<CustomerAd> {
  const published = await publish(owner, adInput(patch));
  expect(published.status).toBe(200);
  const approved = await changeStatus(admin, published.body.data.id, 'APPROVED');
  expect(approved.status).toBe(200);
  return approved.body.data;
}

describe('publish, edit and the lists', () => {
  it('a user publishes an ad: pending review, in their list and the admin’s, not on the site', async () => {
    const res = await publish(ann);
    expect(res.status).toBe(200);
    const ad = res.body.data;
    expect(ad).toMatchObject({ status: 'PENDING', deleted: false, pausedBy: null, type: 'TOP_BANNER', views: 0, visits: 0 });
    expect(ad.ownerName).toBe('adder1');
    expect((await mine(ann)).body.data.list.map((row) => row.id)).toContain(ad.id);
    expect((await mine(bob)).body.data.list.map((row) => row.id)).not.toContain(ad.id);
    expect((await all()).body.data.list.map((row) => row.id)).toContain(ad.id);
    expect(((await site()).body.data.ads ?? []).map((row) => row.id)).not.toContain(ad.id);
  });

  it('publishes a picture as a multipart form and serves it with long caching', async () => {
    const bytes = await png();
    const res = await publishForm(
      ann,
      form(adInput({ settings: { link: 'https://example.com/p' } }), { bytes, name: 'b.png', type: 'image/png' }),
    );
    expect(res.status).toBe(200);
    const image = res.body.data.settings.image ?? '';
    expect(image.startsWith(AD_IMAGE_URL_PREFIX)).toBe(true);
    const served = await fetch(`${kit.server.baseUrl}${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await fetch(`${kit.server.baseUrl}${AD_IMAGE_URL_PREFIX}1-0000000000000000.png`)).status).toBe(404);
  });
});

describe('who may call what', () => {
  it('a visitor reaches only site, view, visit and pictures; everything else is 401', async () => {
    const ad = await liveAd(ann);
    const closed: [string, string, unknown?][] = [
      ['GET', '/list/page'],
      ['GET', '/list/page/mine'],
      ['POST', '/publish', adInput()],
      ['PUT', '', { ...adInput(), id: ad.id }],
      ['POST', '/change-status', { id: ad.id, status: 'PAUSED' }],
      ['DELETE', `/${ad.id}/soft`],
      ['DELETE', `/${ad.id}`],
    ];
    for (const [method, path, json] of closed) {
      const res = await kit.call(method, api(path), json === undefined ? {} : { json });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code).toBe(API_CODE.UNAUTHORIZED);
    }
    expect((await site()).status).toBe(200);
    expect((await view(ad.id)).status).toBe(200);
    expect((await visit(ad.id)).status).toBe(200);
    expect(await adById(ad.id)).toMatchObject({ status: 'APPROVED', deleted: false });
  });

  it('another user cannot edit, pause or delete someone’s ad, nor use the admin calls', async () => {
    const ad = await liveAd(ann);
    const pending = (await publish(ann)).body.data;
    const refused = [
      await edit(bob, { ...adInput(), id: pending.id }),
      await changeStatus(bob, ad.id, 'PAUSED'),
      await kit.call('DELETE', api(`/${ad.id}/soft`), { token: bob }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(keysOf(res.body)).toEqual(['ads.notYours']);
    }
    for (const [method, path] of [
      ['GET', '/list/page'],
      ['DELETE', `/${ad.id}`],
    ] as const) {
      const res = await kit.call(method, api(path), { token: bob });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe(API_CODE.FORBIDDEN);
    }
    // The owner, too, cannot hard-delete or list everyone's ads.
    expect((await kit.call('DELETE', api(`/${ad.id}`), { token: ann })).status).toBe(403);
    expect((await kit.call('GET', api('/list/page'), { token: ann })).status).toBe(403);
    expect(await adById(ad.id)).toMatchObject({ status: 'APPROVED', deleted: false });
    expect(await adById(pending.id)).toMatchObject({ status: 'PENDING', settings: pending.settings });
  });

  it('an unknown ad is 404 for owner calls and admin calls alike', async () => {
    for (const res of [
      await edit(ann, { ...adInput(), id: 999_999 }),
      await changeStatus(admin, 999_999, 'APPROVED'),
      await kit.call('DELETE', api('/999999/soft'), { token: ann }),
      await kit.call('DELETE', api('/999999'), { token: admin }),
    ]) {
      expect(res.status).toBe(404);
      expect(keysOf(res.body)).toEqual(['ads.notFound']);
    }
  });
});

/** An ad of ann's brought to `from`, paused by `pausedBy` when PAUSED. */
async function adIn(from: AdStatus, pausedBy: AdActor = 'OWNER'): Promise<CustomerAd> {
  const ad = (await publish(ann)).body.data;
  if (from === 'PENDING') return ad;
  if (from === 'REJECTED') return (await changeStatus(admin, ad.id, 'REJECTED')).body.data;
  const approved = (await changeStatus(admin, ad.id, 'APPROVED')).body.data;
  if (from === 'APPROVED') return approved;
  return (await changeStatus(pausedBy === 'ADMIN' ? admin : ann, ad.id, 'PAUSED')).body.data;
}

describe('the status machine (docs/ads.md)', () => {
  // Written out rather than read from AD_TRANSITIONS, so a change to the machine must change this too.
  const allowed: Record<string, string[]> = {
    'ADMIN PENDING': ['APPROVED', 'REJECTED'],
    'ADMIN REJECTED': ['APPROVED'],
    'ADMIN APPROVED': ['PAUSED'],
    'ADMIN PAUSED/OWNER': ['APPROVED'],
    'ADMIN PAUSED/ADMIN': ['APPROVED'],
    'OWNER PENDING': [],
    'OWNER REJECTED': [],
    'OWNER APPROVED': ['PAUSED'],
    'OWNER PAUSED/OWNER': ['APPROVED'],
    'OWNER PAUSED/ADMIN': [],
  };

  for (const [case_, targets] of Object.entries(allowed)) {
    const [actor, fromText] = case_.split(' ') as [AdActor, string];
    const [from, pausedBy] = fromText.split('/') as [AdStatus, AdActor | undefined];
    it(`${actor}: ${fromText} → ${targets.join(', ') || 'nothing'}`, async () => {
      for (const to of AD_STATUSES) {
        const ad = await adIn(from, pausedBy);
        expect(ad.status).toBe(from);
        const res = await changeStatus(actor === 'ADMIN' ? admin : ann, ad.id, to);
        if (targets.includes(to)) {
          expect(res.status, `${from} → ${to}`).toBe(200);
          expect(res.body.data).toMatchObject({ status: to, pausedBy: to === 'PAUSED' ? actor : null });
        } else {
          expect(res.status, `${from} → ${to}`).toBe(400);
          expect(keysOf(res.body)).toEqual(['ads.statusChange']);
          expect((await adById(ad.id))?.status).toBe(from);
        }
      }
    });
  }

  it('an unknown status is refused with the field’s message', async () => {
    const ad = (await publish(ann)).body.data;
    const res = await changeStatus(admin, ad.id, 'LIVE' as AdStatus);
    expect(res.status).toBe(400);
    expect(keysOf(res.body)).toEqual(['ads.field.status']);
  });

  it('the owner edits a pending or rejected ad, which goes back to review; not an approved or paused one', async () => {
    const pending = (await publish(ann)).body.data;
    const edited = await edit(ann, { ...adInput({ type: 'BOTTOM_MINI_BANNER', settings: { text: '改过了' } }), id: pending.id });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ status: 'PENDING', type: 'BOTTOM_MINI_BANNER', settings: { text: '改过了' } });

    const rejected = await adIn('REJECTED');
    expect((await edit(ann, { ...adInput(), id: rejected.id })).body.data.status).toBe('PENDING');

    for (const from of ['APPROVED', 'PAUSED'] as const) {
      const ad = await adIn(from);
      const res = await edit(ann, { ...adInput({ settings: { text: 'sneaky' } }), id: ad.id });
      expect(res.status).toBe(400);
      expect(keysOf(res.body)).toEqual(['ads.notEditable']);
      expect(await adById(ad.id)).toMatchObject({ status: from, settings: ad.settings });
    }
  });

  it('the admin edits any ad and its status stays', async () => {
    const ad = await liveAd(ann);
    const res = await edit(admin, { ...adInput({ settings: { text: '站长改的' } }), id: ad.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'APPROVED', ownerId: ad.ownerId, settings: { text: '站长改的' } });
  });
});

describe('racing calls', () => {
  it('of two status changes decided on the same status, one wins and the other is refused', async () => {
    const ad = (await publish(ann)).body.data;
    const answers = await Promise.all([changeStatus(admin, ad.id, 'APPROVED'), changeStatus(admin, ad.id, 'REJECTED')]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
    const winner = answers.find((res) => res.status === 200)?.body.data.status;
    expect((await adById(ad.id))?.status).toBe(winner);
  });

  it('the same visitor’s views sent at once count once', async () => {
    const ad = await liveAd(ann);
    await Promise.all(Array.from({ length: 5 }, () => view(ad.id, 'eager-tab')));
    expect((await adById(ad.id))?.views).toBe(1);
  });
});

describe('deleting', () => {
  it('a soft delete hides the ad from its owner and the site; the admin sees it only with deleted=true', async () => {
    const ad = await liveAd(ann);
    expect((await kit.call('DELETE', api(`/${ad.id}/soft`), { token: ann })).status).toBe(200);
    expect((await mine(ann)).body.data.list.map((row) => row.id)).not.toContain(ad.id);
    expect(((await site()).body.data.ads ?? []).map((row) => row.id)).not.toContain(ad.id);
    expect((await all()).body.data.list.map((row) => row.id)).not.toContain(ad.id);
    expect((await all('&deleted=true')).body.data.list.find((row) => row.id === ad.id)).toMatchObject({ deleted: true });
    // Gone for the owner: no more status changes or edits.
    expect((await changeStatus(ann, ad.id, 'PAUSED')).status).toBe(404);
    expect((await view(ad.id, 'after-delete')).status).toBe(200);
    expect((await adById(ad.id))?.views).toBe(0);
  });

  it('the admin soft-deletes anyone’s ad, and hard-deletes it with its picture', async () => {
    const data = form(adInput({ settings: { text: 'pic' } }), { bytes: await png(40, 20), name: 'x.png', type: 'image/png' });
    const ad = (await publishForm(ann, data)).body.data;
    expect((await kit.call('DELETE', api(`/${ad.id}/soft`), { token: admin })).status).toBe(200);
    expect((await fetch(`${kit.server.baseUrl}${ad.settings.image}`)).status).toBe(200);
    expect((await kit.call('DELETE', api(`/${ad.id}`), { token: admin })).status).toBe(200);
    expect(await adById(ad.id)).toBeUndefined();
    expect((await fetch(`${kit.server.baseUrl}${ad.settings.image}`)).status).toBe(404);
    expect((await kit.call('DELETE', api(`/${ad.id}`), { token: admin })).status).toBe(404);
  });
});

describe('the site call', () => {
  it('answers approved, unexpired ads, and null while the caller’s timestamp is current', async () => {
    const first = (await site()).body.data;
    expect(first.ads).not.toBeNull();
    const again = (await site(first.latestTimestamp)).body.data;
    expect(again).toEqual({ ads: null, latestTimestamp: first.latestTimestamp });

    const ad = await liveAd(bob, { type: 'BOTTOM_BANNER', settings: { text: '新广告' } });
    const changed = (await site(first.latestTimestamp)).body.data;
    expect(changed.latestTimestamp).toBeGreaterThan(first.latestTimestamp);
    expect(changed.ads?.find((row) => row.id === ad.id)).toEqual({
      id: ad.id,
      type: 'BOTTOM_BANNER',
      settings: { text: '新广告' },
      expirationTime: ad.expirationTime,
    });

    // The admin's edit makes a newer timestamp, and the new text comes with it.
    await edit(admin, { ...adInput({ type: 'BOTTOM_BANNER', settings: { text: '改了' } }), id: ad.id });
    const edited = (await site(changed.latestTimestamp)).body.data;
    expect(edited.latestTimestamp).toBeGreaterThan(changed.latestTimestamp);
    expect(edited.ads?.find((row) => row.id === ad.id)?.settings).toEqual({ text: '改了' });

    // Pausing takes it off; every change moves the timestamp.
    await changeStatus(bob, ad.id, 'PAUSED');
    const paused = (await site(edited.latestTimestamp)).body.data;
    expect(paused.latestTimestamp).toBeGreaterThan(edited.latestTimestamp);
    expect(paused.ads?.map((row) => row.id)).not.toContain(ad.id);
  });

  it('an expired ad is gone without any change, and its views no longer count', async () => {
    const ad = await liveAd(ann, { expirationTime: Date.now() + 3600_000 });
    const before = (await site()).body.data;
    expect(before.ads?.map((row) => row.id)).toContain(ad.id);
    clockOffset = 2 * 3600_000;
    try {
      const after = (await site()).body.data;
      expect(after.latestTimestamp).toBe(before.latestTimestamp);
      expect(after.ads?.map((row) => row.id)).not.toContain(ad.id);
      await view(ad.id, 'late-visitor');
      expect((await adById(ad.id))?.views).toBe(0);
    } finally {
      clockOffset = 0;
    }
  });

  it('refuses a latestTimestamp that is no number', async () => {
    const res = await kit.call('GET', api('/site?latestTimestamp=yesterday'));
    expect(res.status).toBe(400);
    expect(keysOf(res.body)).toEqual(['ads.field.latestTimestamp']);
  });
});

describe('counting views and visits', () => {
  it('once per visitor per ad per day', async () => {
    const ad = await liveAd(ann);
    await view(ad.id, 'phone');
    await view(ad.id, 'phone');
    expect((await adById(ad.id))?.views).toBe(1);
    await view(ad.id, 'laptop');
    expect((await adById(ad.id))?.views).toBe(2);

    expect((await visit(ad.id, 'phone')).status).toBe(200);
    await visit(ad.id, 'phone');
    expect(await adById(ad.id)).toMatchObject({ views: 2, visits: 1 });

    clockOffset = 24 * 3600_000;
    try {
      await view(ad.id, 'phone');
      await visit(ad.id, 'phone');
      await view(ad.id, 'phone');
    } finally {
      clockOffset = 0;
    }
    expect(await adById(ad.id)).toMatchObject({ views: 3, visits: 2 });
    // The owner sees the same counts.
    expect((await mine(ann)).body.data.list.find((row) => row.id === ad.id)).toMatchObject({ views: 3, visits: 2 });
  });

  it('counts nothing for ads visitors cannot see, and stays quiet about it', async () => {
    const pending = (await publish(ann)).body.data;
    expect((await view(pending.id)).status).toBe(200);
    expect((await visit(pending.id)).status).toBe(200);
    expect((await view(987_654)).status).toBe(200);
    expect(await adById(pending.id)).toMatchObject({ views: 0, visits: 0 });
  });

  it('visit takes application/json-patch+json and application/json alike', async () => {
    const ad = await liveAd(ann);
    await kit.call('POST', api('/visit'), { json: { id: ad.id }, headers: { 'User-Agent': 'json-visitor' } });
    await visit(ad.id, 'patch-visitor');
    expect((await adById(ad.id))?.visits).toBe(2);
  });
});

describe('lists', () => {
  it('newest first, paged, with the admin’s filters', async () => {
    const carl = await newUser();
    const a = (await publish(carl, adInput({ type: 'TOP_MINI_BANNER' }))).body.data;
    const b = await liveAd(carl, { type: 'BOTTOM_MINI_BANNER' });
    const c = (await publish(carl)).body.data;
    const page1 = (await kit.call<Page<CustomerAd>>('GET', api('/list/page/mine?pageNum=1&pageSize=2'), { token: carl })).body.data;
    expect(page1).toMatchObject({ pageNum: 1, pageSize: 2, total: 3 });
    expect(page1.list.map((ad) => ad.id)).toEqual([c.id, b.id]);
    const page2 = (await kit.call<Page<CustomerAd>>('GET', api('/list/page/mine?pageNum=2&pageSize=2'), { token: carl })).body.data;
    expect(page2.list.map((ad) => ad.id)).toEqual([a.id]);

    const byName = (await all(`&owner=${c.ownerName.toUpperCase()}`)).body.data;
    expect(byName.list.map((ad) => ad.id)).toEqual([c.id, b.id, a.id]);
    expect((await all(`&owner=${c.ownerId}`)).body.data.total).toBe(3);
    expect((await all(`&owner=${c.ownerId}&status=APPROVED`)).body.data.list.map((ad) => ad.id)).toEqual([b.id]);
    expect((await all(`&owner=${c.ownerId}&type=TOP_MINI_BANNER`)).body.data.list.map((ad) => ad.id)).toEqual([a.id]);
    expect((await all('&owner=nobody-by-that-name')).body.data.total).toBe(0);
  });

  it('refuses bad filters with their messages', async () => {
    for (const [query, key] of [
      ['&status=LIVE', 'ads.field.status'],
      ['&type=SIDEBAR', 'ads.field.type'],
      ['&deleted=maybe', 'ads.field.deleted'],
      ['&pageNum=0', 'ads.field.pageNum'],
    ]) {
      const res = await all(query);
      expect(res.status, query).toBe(400);
      expect(keysOf(res.body), query).toEqual([key]);
    }
  });
});

describe('bad input is refused with a translated message and changes nothing', () => {
  const refusedWith = async (res: Promise<{ status: number; body: { ext?: { messages?: unknown[] } } }>, status: number, key: string) => {
    const answer = await res;
    expect(answer.status).toBe(status);
    expect(keysOf(answer.body)).toEqual([key]);
  };

  it('an oversized picture', async () => {
    const big = Buffer.concat([await png(), randomBytes(AD_IMAGE_MAX_BYTES)]);
    await refusedWith(publishForm(ann, form(adInput(), { bytes: big, name: 'big.png', type: 'image/png' })), 413, 'ads.imageTooLarge');
  });

  it('text named .png, and an SVG', async () => {
    const text = Buffer.from('definitely not a picture '.repeat(40));
    await refusedWith(publishForm(ann, form(adInput(), { bytes: text, name: 'fake.png', type: 'image/png' })), 400, 'ads.imageWrongType');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await refusedWith(publishForm(ann, form(adInput(), { bytes: svg, name: 'a.svg', type: 'image/svg+xml' })), 400, 'ads.imageWrongType');
  });

  it('a truncated picture', async () => {
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer();
    await refusedWith(
      publishForm(ann, form(adInput(), { bytes: whole.subarray(0, 200), name: 'cut.jpg', type: 'image/jpeg' })),
      400,
      'ads.imageUnreadable',
    );
  });

  it('an expiry in the past, or more than a year ahead', async () => {
    await refusedWith(publish(ann, adInput({ expirationTime: Date.now() - 60_000 })), 400, 'ads.field.expirationPast');
    await refusedWith(publish(ann, adInput({ expirationTime: Date.now() + 400 * DAY })), 400, 'ads.field.expirationTooFar');
  });

  it('a javascript: link', async () => {
    await refusedWith(publish(ann, adInput({ settings: { text: 'x', link: 'javascript:alert(1)' } })), 400, 'ads.field.link');
  });

  it('settings over the cap', async () => {
    const settings = { text: 'x', qr: `https://example.com/${'q'.repeat(2020)}`, link: `https://example.com/${'l'.repeat(2020)}` };
    expect(JSON.stringify(settings).length).toBeGreaterThan(AD_SETTINGS_MAX_BYTES);
    await refusedWith(publish(ann, adInput({ settings })), 400, 'ads.field.settings');
  });

  it('no picture and no text; a picture of another ad; a form whose ad is no JSON', async () => {
    await refusedWith(publish(ann, adInput({ settings: { link: 'https://example.com' } })), 400, 'ads.field.content');
    await refusedWith(
      publish(ann, adInput({ settings: { image: `${AD_IMAGE_URL_PREFIX}1-0123456789abcdef.png` } })),
      400,
      'ads.field.image',
    );
    await refusedWith(publishForm(ann, form('{not json')), 400, 'ads.field.request');
  });

  it('a refused edit leaves the ad as it was', async () => {
    const ad = (await publish(ann)).body.data;
    await refusedWith(edit(ann, { ...adInput({ settings: { text: 'x', link: 'javascript:void 0' } }), id: ad.id }), 400, 'ads.field.link');
    expect(await adById(ad.id)).toMatchObject({ settings: ad.settings, updateTime: ad.updateTime });
  });
});

describe('pictures on edit', () => {
  it('a new picture replaces the old one, which is deleted; keeping the path keeps the picture', async () => {
    const first = await png(10, 10);
    const ad = (await publishForm(ann, form(adInput({ settings: { text: 'a' } }), { bytes: first, name: '1.png', type: 'image/png' }))).body
      .data;
    const kept = await edit(ann, { ...adInput({ settings: { text: 'b', image: ad.settings.image } }), id: ad.id });
    expect(kept.status).toBe(200);
    expect(kept.body.data.settings.image).toBe(ad.settings.image);

    const webp = await sharp({ create: { width: 12, height: 12, channels: 4, background: '#f00a' } })
      .webp()
      .toBuffer();
    const replaced = await kit.call<CustomerAd>('PUT', api(), {
      form: form({ ...adInput({ settings: { text: 'c' } }), id: ad.id }, { bytes: webp, name: '2.webp', type: 'image/webp' }),
      token: ann,
    });
    expect(replaced.status).toBe(200);
    const image = replaced.body.data.settings.image ?? '';
    expect(image).not.toBe(ad.settings.image);
    const served = await fetch(`${kit.server.baseUrl}${image}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await fetch(`${kit.server.baseUrl}${ad.settings.image}`)).status).toBe(404);
  });
});

describe('limits', () => {
  it('refuses the publish beyond the allowance with its message; refused forms do not count; counts beyond theirs are quietly dropped', async () => {
    const tight = await startAccountsServer({
      customerAds: { publishPerUser: { windowMs: 60 * 60_000, limit: 2 }, countsPerIp: { windowMs: 60 * 60_000, limit: 2 } },
    });
    try {
      const token = (await tight.register('limited', 'limited@example.com', 'limited-password')).accessToken;
      const send = (ad: unknown) => tight.call('POST', api('/publish'), { json: ad, token });
      expect((await send(adInput({ settings: { text: 'x', link: 'javascript:1' } }))).status).toBe(400);
      expect((await send(adInput())).status).toBe(200);
      expect((await send(adInput())).status).toBe(200);
      const refused = await send(adInput());
      expect(refused.status).toBe(429);
      expect(messagesOf(refused.body)).toEqual([{ key: 'ads.tooManyPublishes', params: { minutes: 60 } }]);

      const boss = (await tight.adminLogin()).accessToken;
      const ad = (await tight.call<Page<CustomerAd>>('GET', api('/list/page/mine'), { token })).body.data.list[0] as CustomerAd;
      await tight.call('POST', api('/change-status'), { json: { id: ad.id, status: 'APPROVED' }, token: boss });
      for (const agent of ['one', 'two', 'three']) {
        const res = await tight.call('POST', api('/view'), { json: { id: ad.id }, headers: { 'User-Agent': agent } });
        expect(res.status).toBe(200);
        expect(res.body.data).toBeNull();
      }
      const counted = (await tight.call<Page<CustomerAd>>('GET', api('/list/page/mine'), { token })).body.data.list[0];
      expect(counted?.views).toBe(2);
    } finally {
      await tight.close();
    }
  });
});

describe('a second instance on the same database and store', () => {
  it('sees every change at once, shares the counts, and sweeps pictures no ad points to at start-up', async () => {
    const kept = (await publishForm(ann, form(adInput(), { bytes: await png(8, 8), name: 'k.png', type: 'image/png' }))).body.data;
    const orphan = join(kit.dataDir, 'customer-ads', '999-0123456789abcdef.png');
    await mkdir(join(kit.dataDir, 'customer-ads'), { recursive: true });
    await writeFile(orphan, await png(8, 8));

    const two = await startTestServer({ dataDir: kit.dataDir, env: { JWT_SECRET: TEST_JWT_SECRET, ADMIN_PASSWORD: ADMIN.password } });
    try {
      const callTwo = apiClient(two.baseUrl);
      const siteTwo = (latestTimestamp?: number) =>
        callTwo<SiteAdsResponse>('GET', api(`/site${latestTimestamp === undefined ? '' : `?latestTimestamp=${latestTimestamp}`}`));

      expect((await fetch(`${two.baseUrl}${AD_IMAGE_URL_PREFIX}999-0123456789abcdef.png`)).status).toBe(404);
      expect((await fetch(`${two.baseUrl}${kept.settings.image}`)).status).toBe(200);

      const before = (await siteTwo()).body.data;
      const ad = await liveAd(bob, { settings: { text: '从一号实例发布' } });
      const after = (await siteTwo(before.latestTimestamp)).body.data;
      expect(after.latestTimestamp).toBeGreaterThan(before.latestTimestamp);
      expect(after.ads?.map((row) => row.id)).toContain(ad.id);
      expect((await siteTwo()).body.data.ads?.map((row) => row.id)).toContain(ad.id);

      await view(ad.id, 'roaming');
      await callTwo('POST', api('/view'), { json: { id: ad.id }, headers: { 'User-Agent': 'roaming' } });
      expect((await adById(ad.id))?.views).toBe(1);
    } finally {
      await two.close();
    }
  });
});
