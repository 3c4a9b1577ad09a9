import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import S3rver from 's3rver';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import type { TokenPair, UserInfo } from '@shared/contracts/users';
import { TEMP_DIR } from '../../storage/local-storage';
import { createS3Storage } from '../../storage/s3-storage';
import { ADMIN, TEST_JWT_SECRET } from '../../testing/accounts-kit';
import { apiClient } from '../../testing/api-client';
import { testDatabaseSettings } from '../../testing/test-database';
import { makeTempDir, startTestServer } from '../../testing/test-server';
import { mountTinyDisk } from '../../testing/tiny-disk';
import { AVATAR_PREFIX, sweepOrphanAvatars } from './avatar.service';

const ENV = { ADMIN_PASSWORD: ADMIN.password, JWT_SECRET: TEST_JWT_SECRET };

const avatarFiles = async (dataDir: string) => (await readdir(join(dataDir, AVATAR_PREFIX)).catch(() => [])).sort();

async function adminSession(baseUrl: string) {
  const call = apiClient(baseUrl);
  const login = await call<TokenPair>('POST', '/api/users/login', { json: { account: ADMIN.userName, password: ADMIN.password } });
  expect(login.status).toBe(200);
  const token = login.body.data.accessToken;
  return {
    call,
    token,
    upload(bytes: Buffer) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
      return call<string>('PUT', '/api/users/avatar', { form, token });
    },
    avatar: async () => (await call<UserInfo>('GET', '/api/users/info', { token })).body.data.ext.avatar,
  };
}

/** Noise does not compress, so the WebP stays large enough to overflow a nearly full disk. */
const noisyPng = (seed: number) => {
  const pixels = Buffer.alloc(512 * 512 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + seed * 104729) % 251;
  return sharp(pixels, { raw: { width: 512, height: 512, channels: 3 } })
    .png()
    .toBuffer();
};

describe('avatars on an S3-compatible store', () => {
  it('are stored in the bucket, not in DATA_DIR, served from it, and swept only when unrecorded for an hour', async () => {
    const temp = await makeTempDir();
    const s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: join(temp.path, 's3'),
      configureBuckets: [{ name: 'avatars-test', configs: [] }],
    });
    const { port } = await s3rver.run();
    const s3 = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'avatars-test',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    };
    const server = await startTestServer({
      dataDir: join(temp.path, 'data'),
      env: {
        ...ENV,
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
    });
    try {
      const admin = await adminSession(server.baseUrl);
      const res = await admin.upload(await noisyPng(7));
      expect(res.status).toBe(200);
      const name = res.body.data.slice(res.body.data.lastIndexOf('/') + 1);
      expect((await createS3Storage(s3).list(AVATAR_PREFIX)).map((object) => object.key)).toEqual([`${AVATAR_PREFIX}${name}`]);
      expect(await avatarFiles(join(temp.path, 'data'))).toEqual([]);
      const served = await fetch(`${server.baseUrl}${res.body.data}`);
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');

      // A bucket may be shared: an unrecorded object younger than the grace period may be another
      // instance's upload in flight, so only an older one is swept.
      const bucket = createS3Storage(s3);
      await bucket.put(`${AVATAR_PREFIX}1-00000000deadbeef.webp`, Buffer.from('orphan'), { maxBytes: 100 });
      const hour = 60 * 60 * 1000;
      expect(await sweepOrphanAvatars(server.db, bucket, hour)).toBe(0);
      expect(await sweepOrphanAvatars(server.db, bucket, hour, Date.now() + 2 * hour)).toBe(1);
      expect((await bucket.list(AVATAR_PREFIX)).map((object) => object.key)).toEqual([`${AVATAR_PREFIX}${name}`]);
    } finally {
      await server.close();
      await s3rver.close();
      await temp.remove();
    }
  });
});

describe('avatar uploads that fail half-way', () => {
  it('on a full disk answer a translated 507 and leave no file behind to be served', async (context) => {
    const disk = await mountTinyDisk('2m');
    if (!disk) return context.skip();
    const server = await startTestServer({ dataDir: disk.path, env: ENV });
    try {
      const admin = await adminSession(server.baseUrl);
      // Fills whatever the database left free (the write itself fails with ENOSPC once it is full).
      await writeFile(join(disk.path, 'filler'), Buffer.alloc(2 * 1024 * 1024)).catch(() => undefined);
      const res = await admin.upload(await noisyPng(1));
      expect(res.status).toBe(507);
      expect(res.body).toMatchObject({ code: API_CODE.SERVER_ERROR, ext: { messages: [{ key: 'common.storageFull' }] } });
      expect(await avatarFiles(disk.path)).toEqual([]);
      expect(await readdir(join(disk.path, TEMP_DIR))).toEqual([]);
      expect(await admin.avatar()).toBe('');
    } finally {
      await server.close();
      await disk.remove();
    }
  });

  it('after a kill -9 mid-upload, the next start removes every file no user points to', async () => {
    const temp = await makeTempDir();
    try {
      const { databaseUrl } = await testDatabaseSettings(temp.path);
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        env: {
          ...process.env,
          ...ENV,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: temp.path,
          WEB_DIR: join(temp.path, 'no-web'),
          LOG_LEVEL: 'info',
          NODE_ENV: 'test',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let port = 0;
      for await (const line of createInterface({ input: child.stdout })) {
        const entry = JSON.parse(line) as { msg?: string; port?: number };
        if (entry.msg === 'listening') {
          port = entry.port ?? 0;
          break;
        }
      }
      child.stdout.resume();
      const admin = await adminSession(`http://127.0.0.1:${port}`);
      const images = await Promise.all([1, 2, 3, 4, 5, 6].map(noisyPng));
      const first = await admin.upload(images[0]!);
      expect(first.status).toBe(200);
      const uploads = images.slice(1).map((bytes) => admin.upload(bytes).catch(() => undefined));
      await new Promise((resolve) => setTimeout(resolve, 80));
      child.kill('SIGKILL');
      await once(child, 'exit');
      await Promise.all(uploads);

      // Where a kill can land, made certain: inside a write, and between storing and recording.
      await mkdir(join(temp.path, TEMP_DIR), { recursive: true });
      await writeFile(join(temp.path, TEMP_DIR, '1-0123456789abcdef.part'), 'half a file');
      await writeFile(join(temp.path, AVATAR_PREFIX, '1-00000000deadbeef.webp'), 'stored, never recorded');

      const restarted = await startTestServer({ dataDir: temp.path, env: ENV });
      try {
        const again = await adminSession(restarted.baseUrl);
        const recorded = await again.avatar();
        expect(await avatarFiles(temp.path)).toEqual([recorded.slice(recorded.lastIndexOf('/') + 1)]);
        expect(await readdir(join(temp.path, TEMP_DIR))).toEqual([]);
        expect((await fetch(`${restarted.baseUrl}/api/users/avatar/1-00000000deadbeef.webp`)).status).toBe(404);
        expect((await fetch(`${restarted.baseUrl}${recorded}`)).status).toBe(200);
      } finally {
        await restarted.close();
      }
    } finally {
      await temp.remove();
    }
  }, 60_000);
});
