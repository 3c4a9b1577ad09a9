import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import type { Page } from '@shared/contracts/api';
import { HUB_FILES_PER_BATCH_MAX } from '@shared/contracts/pic-hub';
import type { HubFile, HubRecord, PicHubSettingsRecord } from '@shared/contracts/pic-hub';
import { serverMessageText } from '@shared/contracts/server-messages';
import type { ServerMessage } from '@shared/contracts/server-messages';
import type { TokenPair } from '@shared/contracts/users';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { apiClient } from '../../testing/api-client';
import { testEngine } from '../../testing/test-database';
import { startTestServer } from '../../testing/test-server';
import { CLOCK_SKEW_MARGIN_MS } from './pic-hub.service';

let kit: AccountsServer;
let ann: string;
let bob: string;
let users = 0;

async function newUser(): Promise<string> {
  users += 1;
  const name = `picker${users}`;
  return (await kit.register(name, `${name}@example.com`, 'picker-password')).accessToken;
}

beforeAll(async () => {
  kit = await startAccountsServer();
  ann = await newUser();
  bob = await newUser();
});

afterAll(async () => {
  await kit.close();
});

const TOKEN = 'ghp_annsSecretTokenThatMustNeverLeak0001';
const githubConfig = (gid: string, patch: Record<string, unknown> = {}) =>
  JSON.stringify({ id: gid, owner: 'ann', repo: 'pics', branch: 'main', path: 'img', token: TOKEN, updateTime: 1000, ...patch });

const saveHub = (token: string | undefined, body: unknown) =>
  kit.call<HubRecord>('POST', '/api/busi/pic-hub/save', { json: body, ...(token ? { token } : {}) });
const listHubs = (token: string, query = '') => kit.call<Page<HubRecord>>('GET', `/api/busi/pic-hub/list/page/mine${query}`, { token });
const file = (gid: string, patch: Partial<HubFile> = {}): HubFile => ({
  gid,
  originalName: `照片 ${gid}.jpg`,
  originalSize: 2048,
  name: `${gid}.webp`,
  path: `img/${gid}.webp`,
  size: 1024,
  hubId: 'hub-a',
  type: 'GITHUB',
  mediaType: 'image/webp',
  storage: 'REMOTE',
  createTime: '2026-11-27 13:30:00',
  config: JSON.stringify({ id: 'hub-a', owner: 'ann', repo: 'pics', branch: 'main', path: 'img' }),
  sha: 'a'.repeat(40),
  ...patch,
});
const batch = (token: string, body: unknown) => kit.call<HubFile[]>('POST', '/api/busi/pic-hub-file/batch', { json: body, token });
const listFiles = (token: string, query = '') => kit.call<Page<HubFile>>('GET', `/api/busi/pic-hub-file/list/page/mine${query}`, { token });
const messagesOf = (body: { ext?: { messages?: unknown[] } }) => (body.ext?.messages ?? []) as ServerMessage[];

describe('who may call', () => {
  it('a visitor gets 401 on every call of a user’s own data', async () => {
    const calls: [string, string][] = [
      ['POST', '/api/busi/pic-hub-file/upload'],
      ['POST', '/api/busi/pic-hub-file/batch'],
      ['GET', '/api/busi/pic-hub-file/list/page/mine'],
      ['DELETE', '/api/busi/pic-hub-file/mine?gids=a'],
      ['POST', '/api/busi/pic-hub/save'],
      ['DELETE', '/api/busi/pic-hub/mine?gid=a'],
      ['GET', '/api/busi/pic-hub/list/page/mine'],
      ['PUT', '/api/busi/pic-hub/default'],
      ['GET', '/api/busi/pic-hub/settings/mine'],
      ['POST', '/api/busi/pic-hub/settings/mine/save'],
    ];
    for (const [method, path] of calls) {
      const answer = await kit.call(method, path, method === 'GET' || method === 'DELETE' ? {} : { json: {} });
      expect([path, answer.status, answer.body.code]).toEqual([path, 401, API_CODE.UNAUTHORIZED]);
    }
  });

  it('one user never lists, deletes or makes default another’s hub or file', async () => {
    expect((await saveHub(ann, { gid: 'shared-gid', type: 'GITHUB', config: githubConfig('shared-gid') })).status).toBe(200);
    expect((await batch(ann, { files: [file('ann-file')] })).status).toBe(200);

    expect((await listHubs(bob)).body.data).toMatchObject({ total: 0, list: [] });
    expect((await listFiles(bob)).body.data).toMatchObject({ total: 0, list: [] });
    expect((await kit.call('DELETE', '/api/busi/pic-hub/mine?gid=shared-gid', { token: bob })).body.data).toEqual({ deleted: 0 });
    expect((await kit.call('DELETE', '/api/busi/pic-hub-file/mine?gids=ann-file', { token: bob })).body.data).toEqual({ deleted: 0 });
    const notHis = await kit.call('PUT', '/api/busi/pic-hub/default', { json: { gid: 'shared-gid' }, token: bob });
    expect(notHis.status).toBe(404);
    expect(messagesOf(notHis.body)).toEqual([{ key: 'picHub.hubNotFound' }]);

    // The same gid is Bob's own hub, apart from Ann's.
    const bobs = await saveHub(bob, {
      gid: 'shared-gid',
      type: 'GITHUB',
      config: githubConfig('shared-gid', { owner: 'bob' }),
      updateTime: 5,
    });
    expect(bobs.status).toBe(200);
    const annSees = (await listHubs(ann)).body.data.list;
    expect(annSees).toHaveLength(1);
    expect(JSON.parse(annSees[0]?.config ?? '{}')).toMatchObject({ owner: 'ann', token: TOKEN });
    expect((await listFiles(ann)).body.data.list.map((entry) => entry.gid)).toEqual(['ann-file']);
  });
});

describe('hubs', () => {
  it('saves, answers the owner the config with its token, and keeps the token sealed in the database', async () => {
    const token = await newUser();
    const saved = await saveHub(token, { gid: 'h1', type: 'GITHUB', config: githubConfig('h1'), storage: 'REMOTE' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      gid: 'h1',
      type: 'GITHUB',
      storage: 'REMOTE',
      isDefault: false,
      isSysDefault: false,
      updateTime: 1000,
    });
    expect(typeof saved.body.data.id).toBe('number');
    expect(JSON.parse(saved.body.data.config)).toMatchObject({ token: TOKEN });

    const rows = await kit.server.db.selectFrom('pic_hubs').select('config').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.config).toMatch(/^v1\./);
      expect(row.config).not.toContain(TOKEN);
    }
    if (testEngine === 'sqlite') {
      // The database file and its write-ahead log, as a copied backup would hold them.
      const files = (await readdir(kit.dataDir)).filter((name) => name.startsWith('baibao.sqlite'));
      expect(files.length).toBeGreaterThan(0);
      for (const name of files) expect((await readFile(join(kit.dataDir, name))).includes(TOKEN)).toBe(false);
    }
  });

  it('a save of an existing gid replaces it only when at least as new', async () => {
    const token = await newUser();
    await saveHub(token, { gid: 'lww', type: 'GITHUB', config: githubConfig('lww', { branch: 'v2' }), updateTime: 2000 });
    const older = await saveHub(token, { gid: 'lww', type: 'GITHUB', config: githubConfig('lww', { branch: 'v1' }), updateTime: 1000 });
    expect(older.status).toBe(200);
    expect(JSON.parse(older.body.data.config)).toMatchObject({ branch: 'v2' });
    expect(older.body.data.updateTime).toBe(2000);

    // Without updateTime in the body, the config's own updateTime decides.
    const newer = await saveHub(token, { gid: 'lww', type: 'GITHUB', config: githubConfig('lww', { branch: 'v3', updateTime: 3000 }) });
    expect(JSON.parse(newer.body.data.config)).toMatchObject({ branch: 'v3' });
    const list = (await listHubs(token)).body.data;
    expect(list.total).toBe(1);
    expect(JSON.parse(list.list[0]?.config ?? '{}')).toMatchObject({ branch: 'v3' });
  });

  it('a clock far ahead is clamped to the server’s plus the margin', async () => {
    const token = await newUser();
    const before = Date.now();
    const ahead = await saveHub(token, { gid: 'skew', type: 'GITHUB', config: githubConfig('skew'), updateTime: before + 86_400_000 });
    expect(ahead.body.data.updateTime).toBeLessThanOrEqual(Date.now() + CLOCK_SKEW_MARGIN_MS);
    const later = await saveHub(token, {
      gid: 'skew',
      type: 'GITHUB',
      config: githubConfig('skew', { branch: 'fresh' }),
      updateTime: Date.now() + CLOCK_SKEW_MARGIN_MS + 1000,
    });
    expect(JSON.parse(later.body.data.config)).toMatchObject({ branch: 'fresh' });
  });

  it('pages the list, keeps one default, and deletes', async () => {
    const token = await newUser();
    for (const gid of ['p1', 'p2', 'p3']) await saveHub(token, { gid, type: 'GITHUB', config: githubConfig(gid) });
    const page2 = (await listHubs(token, '?pageNum=2&pageSize=2')).body.data;
    expect(page2).toMatchObject({ pageNum: 2, pageSize: 2, total: 3 });
    expect(page2.list.map((hub) => hub.gid)).toEqual(['p3']);

    expect((await kit.call<HubRecord>('PUT', '/api/busi/pic-hub/default', { json: { gid: 'p1' }, token })).body.data.isDefault).toBe(true);
    const second = await kit.call<HubRecord>('PUT', '/api/busi/pic-hub/default', { json: { gid: 'p2' }, token });
    expect(second.body.data).toMatchObject({ gid: 'p2', isDefault: true });
    const defaults = (await listHubs(token)).body.data.list.filter((hub) => hub.isDefault).map((hub) => hub.gid);
    expect(defaults).toEqual(['p2']);

    expect((await kit.call('DELETE', '/api/busi/pic-hub/mine?gid=p2', { token })).body.data).toEqual({ deleted: 1 });
    expect((await listHubs(token)).body.data.list.map((hub) => hub.gid)).toEqual(['p1', 'p3']);
  });

  it('refuses malformed hubs with translated field messages', async () => {
    const token = await newUser();
    const bad = await saveHub(token, { gid: '', type: 'DROPBOX', config: 'not json' });
    expect(bad.status).toBe(400);
    const fields = messagesOf(bad.body).map((message) => [message.field, message.key]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['gid', 'picHub.field.gid'],
        ['type', 'picHub.field.type'],
        ['config', 'picHub.field.config'],
      ]),
    );
    const tooLong = await saveHub(token, { gid: 'long', type: 'GITHUB', config: JSON.stringify({ pad: 'x'.repeat(5000) }) });
    expect(messagesOf(tooLong.body)).toEqual([{ key: 'picHub.field.config', field: 'config' }]);
  });
});

describe('files', () => {
  it('saves one record and a batch, pages newest first, and a repeated gid replaces its record', async () => {
    const token = await newUser();
    const one = await kit.call<HubFile>('POST', '/api/busi/pic-hub-file/upload', { json: file('f0'), token });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ ...file('f0'), id: expect.any(Number) });

    const files = Array.from({ length: 5 }, (_, index) => file(`f${index + 1}`, { hubId: index % 2 ? 'hub-b' : 'hub-a' }));
    const saved = await batch(token, { files });
    expect(saved.body.data.map((entry) => entry.gid)).toEqual(['f1', 'f2', 'f3', 'f4', 'f5']);

    const first = (await listFiles(token, '?pageSize=4')).body.data;
    expect(first).toMatchObject({ pageNum: 1, pageSize: 4, total: 6 });
    expect(first.list.map((entry) => entry.gid)).toEqual(['f5', 'f4', 'f3', 'f2']);
    expect((await listFiles(token, '?hubId=hub-b')).body.data.list.map((entry) => entry.gid)).toEqual(['f4', 'f2']);

    await batch(token, { files: [file('f1', { sha: 'b'.repeat(40) })] });
    const all = (await listFiles(token, '?pageSize=100')).body.data;
    expect(all.total).toBe(6);
    expect(all.list.find((entry) => entry.gid === 'f1')?.sha).toBe('b'.repeat(40));
  });

  it('searches names and original names ignoring case, literally', async () => {
    const token = await newUser();
    await batch(token, {
      files: [
        file('s1', { name: 'Holiday_Beach.webp', originalName: 'IMG_0001.JPG' }),
        file('s2', { name: 'abc.webp', originalName: '海边 100%.png' }),
        file('s3', { name: 'other.webp', originalName: 'other.png' }),
      ],
    });
    const search = async (keyword: string) =>
      (await listFiles(token, `?keyword=${encodeURIComponent(keyword)}`)).body.data.list.map((entry) => entry.gid).sort();
    expect(await search('holiday_b')).toEqual(['s1']);
    expect(await search('img_')).toEqual(['s1']);
    expect(await search('100%')).toEqual(['s2']);
    expect(await search('海边')).toEqual(['s2']);
    expect(await search('_')).toEqual(['s1']);
  });

  it('a token in a record’s hub settings is never stored', async () => {
    const token = await newUser();
    const saved = await batch(token, { files: [file('tok', { config: githubConfig('hub-a') })] });
    expect(JSON.parse(saved.body.data[0]?.config ?? '{}')).not.toHaveProperty('token');
    const rows = await kit.server.db.selectFrom('pic_hub_files').select('config').where('gid', '=', 'tok').execute();
    expect(rows[0]?.config).not.toContain(TOKEN);
  });

  it('deletes by gids, only the caller’s', async () => {
    const token = await newUser();
    await batch(token, { files: [file('d1'), file('d2'), file('d3')] });
    const answer = await kit.call('DELETE', '/api/busi/pic-hub-file/mine?gids=d1&gids=d3&gids=nope', { token });
    expect(answer.body.data).toEqual({ deleted: 2 });
    expect((await listFiles(token)).body.data.list.map((entry) => entry.gid)).toEqual(['d2']);
    const none = await kit.call('DELETE', '/api/busi/pic-hub-file/mine', { token });
    expect(none.status).toBe(400);
    expect(messagesOf(none.body)[0]?.key).toBe('picHub.field.gids');
  });

  it('a batch whose files is not an array is spec §8’s 参数非数组！', async () => {
    const token = await newUser();
    for (const body of [{ files: 'f1' }, { files: { gid: 'x' } }, {}]) {
      const answer = await batch(token, body);
      expect(answer.status).toBe(400);
      expect(messagesOf(answer.body)).toEqual([{ key: 'picHub.notArray', field: 'files' }]);
      expect(serverMessageText(messagesOf(answer.body)[0] as ServerMessage, 'cn')).toBe('参数非数组！');
    }
  });

  it('takes a full batch of realistic records in one call, and refuses one more', async () => {
    const token = await newUser();
    const files = Array.from({ length: HUB_FILES_PER_BATCH_MAX }, (_, index) =>
      file(`full-${String(index).padStart(3, '0')}-${'0'.repeat(20)}`, {
        originalName: `Screenshot_2026-11-27-13-30-00-${index}_com.tencent.mm_微信图片（副本）.jpg`,
        name: `2026/11/27/微信图片_${index}-0123abcd.webp`,
        path: `images/pichub/2026/11/27/微信图片_${index}-0123abcd.webp`,
        config: JSON.stringify({
          id: 'hub-a-0123456789abcdef',
          owner: 'some-longer-owner-name',
          repo: 'picture-hosting-repository',
          branch: 'main',
          path: 'images/pichub',
          apiBaseUrl: 'https://github.example.com/api/v3',
        }),
      }),
    );
    // Past the API-wide 64 KB cap (app.ts): the batch route takes more.
    expect(Buffer.byteLength(JSON.stringify({ files }))).toBeGreaterThan(64 * 1024);
    const saved = await batch(token, { files });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toHaveLength(HUB_FILES_PER_BATCH_MAX);

    const over = await batch(token, { files: [...files, file('one-more')] });
    expect(over.status).toBe(400);
    expect(messagesOf(over.body)).toEqual([{ key: 'picHub.tooManyFiles', field: 'files' }]);
  });

  it('refuses a malformed record with the field it blames', async () => {
    const token = await newUser();
    const answer = await batch(token, { files: [file('bad', { createTime: '2026/11/27', storage: 'CLOUD' as never })] });
    expect(answer.status).toBe(400);
    expect(
      messagesOf(answer.body)
        .map((message) => message.field)
        .sort(),
    ).toEqual(['files.0.createTime', 'files.0.storage']);
  });
});

describe('settings', () => {
  it('stores both JSON texts per user and answers null before the first save', async () => {
    const token = await newUser();
    expect((await kit.call('GET', '/api/busi/pic-hub/settings/mine', { token })).body.data).toBeNull();
    const settings = JSON.stringify({ renameType: 'HASH', compression: true, linkFormat: 'markdown' });
    const githubCdns = JSON.stringify([{ id: 'china-jsdelivr', active: true }]);
    const saved = await kit.call<PicHubSettingsRecord>('POST', '/api/busi/pic-hub/settings/mine/save', {
      json: { settings, githubCdns },
      token,
    });
    expect(saved.body.data).toMatchObject({ settings, githubCdns });
    const read = await kit.call<PicHubSettingsRecord>('GET', '/api/busi/pic-hub/settings/mine', { token });
    expect(read.body.data).toMatchObject({ settings, githubCdns });
    // Another user's settings are their own.
    expect((await kit.call('GET', '/api/busi/pic-hub/settings/mine', { token: bob })).body.data).toBeNull();

    const bad = await kit.call('POST', '/api/busi/pic-hub/settings/mine/save', { json: { settings: '[1]', githubCdns: '{}' }, token });
    expect(bad.status).toBe(400);
    expect(
      messagesOf(bad.body)
        .map((message) => message.key)
        .sort(),
    ).toEqual(['picHub.field.githubCdns', 'picHub.field.settings']);
  });
});

describe('the calls’ limit', () => {
  it('counts each account’s calls on both prefixes, and another account has its own allowance', async () => {
    const tight = await startAccountsServer({ picHub: { callsPerAccountAndIp: { windowMs: 60_000, limit: 3 } } });
    try {
      const first = (await tight.register('tight1', 'tight1@example.com', 'tight-password')).accessToken;
      const second = (await tight.register('tight2', 'tight2@example.com', 'tight-password')).accessToken;
      expect((await tight.call('GET', '/api/busi/pic-hub/list/page/mine', { token: first })).status).toBe(200);
      expect((await tight.call('GET', '/api/busi/pic-hub-file/list/page/mine', { token: first })).status).toBe(200);
      expect((await tight.call('GET', '/api/busi/pic-hub/settings/mine', { token: first })).status).toBe(200);
      const over = await tight.call('POST', '/api/busi/pic-hub-file/batch', { json: { files: [] }, token: first });
      expect(over.status).toBe(429);
      expect(messagesOf(over.body)).toEqual([{ key: 'picHub.tooManyRequests', params: { minutes: 1 } }]);
      expect((await tight.call('GET', '/api/busi/pic-hub/list/page/mine', { token: second })).status).toBe(200);
      // The public system hub is not counted.
      expect((await tight.call('GET', '/api/busi/pic-hub/sys/default', { token: first })).status).toBe(200);
    } finally {
      await tight.close();
    }
  });
});

describe('a new app secret', () => {
  it('answers hubs sealed under the former one without config and as oldest, until a save replaces them', async () => {
    const token = await newUser();
    const account = `picker${users}`;
    await saveHub(token, { gid: 'old-a', type: 'GITHUB', config: githubConfig('old-a'), updateTime: Date.now() + 60_000 });
    await saveHub(token, { gid: 'old-b', type: 'GITHUB', config: githubConfig('old-b') });
    await batch(token, { files: [file('kept-file')] });

    // The same database, started with another JWT_SECRET (the secret file lost, or the setting changed).
    const restarted = await startTestServer({ dataDir: kit.dataDir, env: { JWT_SECRET: 'another-secret-of-at-least-32-characters' } });
    try {
      const call = apiClient(restarted.baseUrl);
      const login = await call<TokenPair>('POST', '/api/users/login', { json: { account, password: 'picker-password' } });
      const again = login.body.data.accessToken;
      const listed = await call<Page<HubRecord>>('GET', '/api/busi/pic-hub/list/page/mine', { token: again });
      expect(listed.status).toBe(200);
      // Still listed (a browser's merge would otherwise take them for deleted and drop them), as the oldest.
      expect(listed.body.data.list.map((hub) => [hub.gid, hub.config, hub.updateTime])).toEqual([
        ['old-a', '{"id":"old-a"}', 0],
        ['old-b', '{"id":"old-b"}', 0],
      ]);
      const made = await call<HubRecord>('PUT', '/api/busi/pic-hub/default', { json: { gid: 'old-b' }, token: again });
      expect(made.body.data).toMatchObject({ gid: 'old-b', isDefault: true, updateTime: 0 });

      // Saved again from the browser, with an older time than the unreadable row had: it is kept.
      const saved = await call<HubRecord>('POST', '/api/busi/pic-hub/save', {
        json: { gid: 'old-a', type: 'GITHUB', config: githubConfig('old-a', { branch: 'again' }), updateTime: 5 },
        token: again,
      });
      expect(saved.status).toBe(200);
      expect(JSON.parse(saved.body.data.config)).toMatchObject({ branch: 'again', token: TOKEN });
      expect(saved.body.data.updateTime).toBe(5);
      // File records hold no secret: they stay as they were.
      const files = await call<Page<HubFile>>('GET', '/api/busi/pic-hub-file/list/page/mine', { token: again });
      expect(files.body.data.list.map((entry) => entry.gid)).toEqual(['kept-file']);
    } finally {
      await restarted.close();
    }
  });
});
