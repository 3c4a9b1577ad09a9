import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import { PIC_HUB_SYS_UPLOAD_MAX_BYTES } from '@shared/contracts/pic-hub';
import type { HubFile, HubRecord } from '@shared/contracts/pic-hub';
import { serverMessageText } from '@shared/contracts/server-messages';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { PUSH_TOKEN, READ_TOKEN, startGithubServer } from '../../testing/github-server';
import type { GithubTestServer } from '../../testing/github-server';

/**
 * The system hub (beyond spec §7, docs/api.md "PicHub"): the admin sets it, anyone reads it without
 * its token, and anyone may upload one picture to it, which the server commits to the repository
 * through the guarded outbound call. The GitHub test server is a real bare git repository on
 * loopback, which the outbound guard lets through only with PROXY_ALLOW_PRIVATE.
 */
let github: GithubTestServer;
let kit: AccountsServer;
let admin: string;
let user: string;

beforeAll(async () => {
  github = await startGithubServer();
  kit = await startAccountsServer({ env: { PROXY_ALLOW_PRIVATE: 'true' } });
  admin = (await kit.adminLogin()).accessToken;
  user = (await kit.register('sysuser', 'sysuser@example.com', 'sysuser-password')).accessToken;
});

afterAll(async () => {
  await kit?.close();
  await github?.close();
});

const png = (seed: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: seed % 256, g: 120, b: 30 } } })
    .png()
    .toBuffer();
const messagesOf = (body: { ext?: { messages?: unknown[] } }) => (body.ext?.messages ?? []) as ServerMessage[];

const setSysHub = (token: string | undefined, config: unknown, on: AccountsServer = kit) =>
  on.call<HubRecord | null>('PUT', '/api/busi/pic-hub/sys/default', { json: { config }, ...(token ? { token } : {}) });
const sysHub = (on: AccountsServer = kit) => on.call<HubRecord | null>('GET', '/api/busi/pic-hub/sys/default');
function upload(bytes: Uint8Array, name: string, token?: string, on: AccountsServer = kit) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  return on.call<HubFile>('POST', '/api/busi/pic-hub/sys/upload', { form, ...(token ? { token } : {}) });
}
const hubConfig = (patch: Record<string, unknown> = {}) => ({
  owner: github.owner,
  repo: github.repo,
  branch: github.defaultBranch,
  path: '/visitors/',
  token: PUSH_TOKEN,
  apiBaseUrl: github.url,
  ...patch,
});

describe('setting the system hub', () => {
  it('is null until the admin sets it; visitors and users may not set it', async () => {
    expect((await sysHub()).body.data).toBeNull();
    expect((await setSysHub(undefined, hubConfig())).status).toBe(401);
    expect((await setSysHub(user, hubConfig())).status).toBe(403);
    expect((await sysHub()).body.data).toBeNull();
  });

  it('answers everyone without the token, and keeps the token sealed in the database', async () => {
    const set = await setSysHub(admin, hubConfig());
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ type: 'GITHUB', storage: 'REMOTE', isSysDefault: true, isDefault: false });
    const raw = await (await fetch(`${kit.server.baseUrl}/api/busi/pic-hub/sys/default`)).text();
    expect(raw).not.toContain(PUSH_TOKEN);
    const config = JSON.parse((JSON.parse(raw) as { data: HubRecord }).data.config) as Record<string, unknown>;
    expect(config).toMatchObject({
      owner: github.owner,
      repo: github.repo,
      branch: 'main',
      path: 'visitors',
      apiBaseUrl: github.url,
      token: '',
    });
    expect(JSON.stringify(set.body)).not.toContain(PUSH_TOKEN);

    const rows = await kit.server.db.selectFrom('pic_hub_system').select('config').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.config).not.toContain(PUSH_TOKEN);
  });

  it('an empty token keeps the stored one; a first hub without one is refused', async () => {
    const before = (await sysHub()).body.data;
    const moved = await setSysHub(admin, hubConfig({ token: '', path: 'visitors' }));
    expect(moved.status).toBe(200);
    expect(moved.body.data?.gid).toBe(before?.gid);
    // An empty API address is GitHub's own, as an absent one is.
    const ownApi = await setSysHub(admin, hubConfig({ token: '', apiBaseUrl: '' }));
    expect(ownApi.status).toBe(200);
    expect(JSON.parse(ownApi.body.data?.config ?? '{}')).not.toHaveProperty('apiBaseUrl');
    expect((await setSysHub(admin, hubConfig({ token: '' }))).status).toBe(200);

    const other = await startAccountsServer();
    try {
      const otherAdmin = (await other.adminLogin()).accessToken;
      const refused = await setSysHub(otherAdmin, hubConfig({ token: '' }), other);
      expect(refused.status).toBe(400);
      expect(messagesOf(refused.body)[0]?.key).toBe('picHub.field.token');
      const bad = await setSysHub(otherAdmin, hubConfig({ owner: 'has space', apiBaseUrl: 'ftp://x' }), other);
      expect(
        messagesOf(bad.body)
          .map((message) => message.field)
          .sort(),
      ).toEqual(['config.apiBaseUrl', 'config.owner']);
    } finally {
      await other.close();
    }
  });
});

describe('uploading to the system hub', () => {
  it('a visitor’s picture becomes one commit, named by its content, answered as a REMOTE record', async () => {
    const bytes = await png(1);
    const commitsBefore = github.log().length;
    const answer = await upload(bytes, '海边 照片.png');
    expect(answer.status).toBe(200);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    const hub = (await sysHub()).body.data as HubRecord;
    expect(answer.body.data).toMatchObject({
      originalName: '海边 照片.png',
      originalSize: bytes.length,
      name: `${hash}.png`,
      path: `visitors/${hash}.png`,
      size: bytes.length,
      hubId: hub.gid,
      type: 'GITHUB',
      mediaType: 'image/png',
      storage: 'REMOTE',
    });
    expect(answer.body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(answer.body.data.config)).not.toHaveProperty('token');

    const log = github.log();
    expect(log).toHaveLength(commitsBefore + 1);
    expect(log[0]?.message).toBe('upload by pichub');
    expect(github.show(`visitors/${hash}.png`)?.equals(bytes)).toBe(true);
    const entry = github.ls().find((file) => file.path === `visitors/${hash}.png`);
    expect(entry).toMatchObject({ mode: '100644', type: 'blob', sha: answer.body.data.sha });
    expect(
      github.requests.every(
        (request) => request.authorization === `token ${PUSH_TOKEN}` || request.authorization === `Bearer ${PUSH_TOKEN}`,
      ),
    ).toBe(true);
  });

  it('a logged-in user may upload too', async () => {
    const answer = await upload(await png(2), 'mine.png', user);
    expect(answer.status).toBe(200);
    expect(github.show(answer.body.data.path)).toBeDefined();
  });

  it('refuses what is not a picture, an empty file, no file and a file over 5 MB, committing nothing', async () => {
    const commits = github.log().length;
    const text = await upload(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png');
    expect(text.status).toBe(400);
    expect(messagesOf(text.body)).toEqual([{ key: 'picHub.sysUploadNotImage' }]);
    expect((await upload(new Uint8Array(0), 'empty.png')).body.ext?.messages).toEqual([{ key: 'picHub.sysUploadNotImage' }]);

    const none = await kit.call('POST', '/api/busi/pic-hub/sys/upload', { form: new FormData() });
    expect(messagesOf(none.body)).toEqual([{ key: 'picHub.sysUploadMissing' }]);

    const big = new Uint8Array(PIC_HUB_SYS_UPLOAD_MAX_BYTES + 1);
    big.set(await png(3));
    const tooBig = await upload(big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect(messagesOf(tooBig.body)).toEqual([{ key: 'picHub.sysUploadTooLarge' }]);
    expect(serverMessageText(messagesOf(tooBig.body)[0] as ServerMessage, 'cn')).toBe('图片不能超过 5 MB');
    expect(github.log()).toHaveLength(commits);
  });

  it('a token GitHub refuses to push with is spec §8’s 上传失败', async () => {
    await setSysHub(admin, hubConfig({ token: READ_TOKEN }));
    try {
      const answer = await upload(await png(4), 'ro.png');
      expect(answer.status).toBe(502);
      expect(answer.body.code).toBe(API_CODE.SERVER_ERROR);
      expect(messagesOf(answer.body)).toEqual([{ key: 'picHub.uploadFailed' }]);
    } finally {
      await setSysHub(admin, hubConfig());
    }
  });

  it('with the hub removed, an upload says there is none', async () => {
    expect((await setSysHub(admin, null)).body.data).toBeNull();
    expect((await sysHub()).body.data).toBeNull();
    const answer = await upload(await png(5), 'none.png');
    expect(answer.status).toBe(404);
    expect(messagesOf(answer.body)).toEqual([{ key: 'picHub.sysHubMissing' }]);
    await setSysHub(admin, hubConfig());
  });
});

describe('guards of sys/upload', () => {
  let guarded: AccountsServer;

  beforeAll(async () => {
    // No PROXY_ALLOW_PRIVATE: the outbound guard refuses the loopback hub, as it would an admin's typo of a LAN address.
    guarded = await startAccountsServer({ picHub: { sysUploadPerAccountAndIp: { windowMs: 60_000, limit: 2 } } });
    const guardedAdmin = (await guarded.adminLogin()).accessToken;
    expect((await setSysHub(guardedAdmin, hubConfig(), guarded)).status).toBe(200);
  });

  afterAll(async () => {
    await guarded?.close();
  });

  it('never reaches a loopback hub without PROXY_ALLOW_PRIVATE, and limits each (account, address)', async () => {
    const seen = github.requests.length;
    const first = await upload(await png(6), 'a.png', undefined, guarded);
    expect(first.status).toBe(502);
    expect(messagesOf(first.body)).toEqual([{ key: 'picHub.network' }]);
    expect(serverMessageText(messagesOf(first.body)[0] as ServerMessage, 'cn')).toBe('网络不通');
    expect(github.requests.length).toBe(seen);

    expect((await upload(await png(7), 'b.png', undefined, guarded)).status).toBe(502);
    const third = await upload(await png(8), 'c.png', undefined, guarded);
    expect(third.status).toBe(429);
    expect(messagesOf(third.body)).toEqual([{ key: 'picHub.tooManyUploads', params: { minutes: 1 } }]);

    // A logged-in account from the same address has its own allowance.
    const member = (await guarded.register('member', 'member@example.com', 'member-password')).accessToken;
    expect((await upload(await png(9), 'd.png', member, guarded)).status).toBe(502);
  });
});
