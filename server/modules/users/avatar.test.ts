import { randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import { AVATAR_MAX_BYTES } from '@shared/contracts/users';
import type { TokenPair, UserInfo } from '@shared/contracts/users';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { AVATAR_PREFIX } from './avatar.service';
import { MSG } from './messages';

let kit: AccountsServer;
let session: TokenPair;

beforeAll(async () => {
  kit = await startAccountsServer();
  session = await kit.register('rita', 'rita@example.com');
});

afterAll(async () => {
  await kit.close();
});

const image = (format: 'png' | 'jpeg', width: number, height: number) => {
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
};

function upload(bytes: Buffer, name: string, type: string, token = session.accessToken) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return kit.call<string>('PUT', '/api/users/avatar', { form, token });
}

const storedFiles = async () => (await readdir(join(kit.dataDir, AVATAR_PREFIX)).catch(() => [])).sort();
const currentAvatar = async () => (await kit.call<UserInfo>('GET', '/api/users/info', { token: session.accessToken })).body.data.ext.avatar;

describe('PUT /api/users/avatar', () => {
  it('re-encodes a PNG to a 256×256 WebP served with a long cache, and replaces the old file on the next upload', async () => {
    const res = await upload(await image('png', 640, 480), 'me.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatch(/^\/api\/users\/avatar\/\d+-[0-9a-f]{16}\.webp$/);
    expect(await currentAvatar()).toBe(res.body.data);

    const served = await fetch(`${kit.server.baseUrl}${res.body.data}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(await storedFiles()).toHaveLength(1);

    const jpeg = await upload(await image('jpeg', 300, 900), 'me.jpg', 'image/jpeg');
    expect(jpeg.status).toBe(200);
    expect(jpeg.body.data).not.toBe(res.body.data);
    expect(await storedFiles()).toEqual([jpeg.body.data.split('/').pop()]);
    expect((await fetch(`${kit.server.baseUrl}${res.body.data}`)).status).toBe(404);
  });

  it('keeps exactly one file per user after concurrent uploads, and clears files left behind earlier', async () => {
    const folder = join(kit.dataDir, AVATAR_PREFIX);
    const userId = (await kit.call<UserInfo>('GET', '/api/users/info', { token: session.accessToken })).body.data.userId;
    const other = await kit.register('sara', 'sara@example.com');
    const othersAvatar = (await upload(await image('png', 20, 20), 'o.png', 'image/png', other.accessToken)).body.data;
    // What an earlier version's race left behind, and another user whose id starts with this one's.
    await writeFile(join(folder, `${userId}-00000000deadbeef.webp`), 'orphan');
    await writeFile(join(folder, `${userId}0-00000000deadbeef.webp`), 'not this user');

    // Made before sending, so the uploads reach the server together rather than one by one.
    const images = await Promise.all(
      [10, 60, 110, 160, 210, 250].map((red) =>
        sharp({ create: { width: 64, height: 64, channels: 3, background: { r: red, g: 0, b: 0 } } })
          .png()
          .toBuffer(),
      ),
    );
    const answers = await Promise.all(images.map((bytes) => upload(bytes, 'a.png', 'image/png')));
    for (const answer of answers) expect(answer.status).toBe(200);

    const current = await currentAvatar();
    expect(answers.map((answer) => answer.body.data)).toContain(current);
    const mine = (await storedFiles()).filter((name) => name.startsWith(`${userId}-`));
    expect(mine).toEqual([current.split('/').pop()]);
    expect((await fetch(`${kit.server.baseUrl}${current}`)).status).toBe(200);
    expect(await storedFiles()).toContain(`${userId}0-00000000deadbeef.webp`);
    expect(await storedFiles()).toContain(othersAvatar.split('/').pop());
  });

  it('refuses an upload over 2 MB while streaming, writing nothing', async () => {
    const before = await storedFiles();
    const avatar = await currentAvatar();
    const res = await upload(randomBytes(AVATAR_MAX_BYTES + 1024), 'huge.png', 'image/png');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: API_CODE.BAD_REQUEST, ext: { popupNotice: true, messages: [MSG.avatarTooLarge] } });
    expect(await storedFiles()).toEqual(before);
    expect(await currentAvatar()).toBe(avatar);
  });

  it('judges by content: text named .png and an SVG are refused', async () => {
    const before = await storedFiles();
    const text = await upload(Buffer.from('definitely not an image'.repeat(20)), 'fake.png', 'image/png');
    expect(text.status).toBe(400);
    expect(text.body.ext?.messages).toEqual([MSG.avatarWrongType]);
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'a.svg', 'image/svg+xml');
    expect(svg.status).toBe(400);
    expect(await storedFiles()).toEqual(before);
  });

  it('needs a login and a file part', async () => {
    const png = await image('png', 10, 10);
    expect((await upload(png, 'a.png', 'image/png', 'not-a-token')).status).toBe(401);
    const noFile = await kit.call('PUT', '/api/users/avatar', { form: new FormData(), token: session.accessToken });
    expect(noFile.status).toBe(400);
    expect(noFile.body.ext?.messages).toEqual([MSG.avatarMissing]);
  });

  it('serves only names it made', async () => {
    expect((await fetch(`${kit.server.baseUrl}/api/users/avatar/..%2Fbaibao.sqlite`)).status).toBe(404);
    expect((await fetch(`${kit.server.baseUrl}/api/users/avatar/1-0000000000000000.webp`)).status).toBe(404);
  });
});
