import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcArgs } from '@shared/contracts/ipc';
import { createTokenStore } from '../adapters/token-store';
import { isAppUrl } from '../protocol/app-url';
import { createTestCipher } from '../../testing/test-cipher';
import { FakeIpcMain, FakeSender } from '../../testing/fake-ipc';
import { registerIpc } from './register';

const APP_PAGE = 'app://baibao/file/hasher';

let dir: string;
let bigFile: string;
let bigData: Buffer;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-ipc-'));
  bigData = randomBytes(24 * 1024 * 1024);
  bigFile = join(dir, 'big.bin');
  writeFileSync(bigFile, bigData);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tokenFile = () => join(dir, 'tokens.bin');

function setup() {
  const ipc = new FakeIpcMain();
  const tokens = createTokenStore({ file: tokenFile(), cipher: createTestCipher(), warn: () => undefined });
  registerIpc(ipc, { version: '9.9.9', isTrustedSender: isAppUrl, tokens });
  return ipc;
}

describe('registerIpc', () => {
  it('registers a handler for every channel of the contract', () => {
    expect(setup().channels.sort()).toEqual(Object.keys(ipcArgs).sort());
  });

  it('answers app:info with the injected version', async () => {
    await expect(setup().invoke('app:info', APP_PAGE, new FakeSender(1), undefined)).resolves.toEqual({
      version: '9.9.9',
      platform: process.platform,
      arch: process.arch,
    });
  });

  it('hashes a file and streams progress for its job id to the calling window', async () => {
    const ipc = setup();
    const sender = new FakeSender(1);
    const digests = await ipc.invoke('hash:file', APP_PAGE, sender, { jobId: 'job-1', path: bigFile, algorithms: ['sha256'] });
    expect(digests).toEqual({ sha256: createHash('sha256').update(bigData).digest('hex') });
    expect(sender.sent.length).toBeGreaterThan(0);
    expect(sender.sent.every(({ channel }) => channel === 'hash:progress')).toBe(true);
    expect(sender.sent.at(-1)!.payload).toEqual({ jobId: 'job-1', loaded: bigData.length, total: bigData.length });
  });

  it('cancels a running job only for the window that started it', async () => {
    const ipc = setup();
    const owner = new FakeSender(1);
    const stranger = new FakeSender(2);
    const args = { jobId: 'shared-id', path: bigFile, algorithms: ['sha512', 'sm3'] };
    const job = ipc.invoke('hash:file', APP_PAGE, owner, args);
    await ipc.invoke('hash:cancel', APP_PAGE, stranger, { jobId: 'shared-id' });
    await expect(ipc.invoke('hash:file', APP_PAGE, owner, args)).rejects.toThrow('job shared-id is already running');
    await ipc.invoke('hash:cancel', APP_PAGE, owner, { jobId: 'shared-id' });
    await expect(job).rejects.toThrow('hash cancelled');
  });

  it('stops a job when its window is destroyed, and frees the job id', async () => {
    const ipc = setup();
    const sender = new FakeSender(1);
    const args = { jobId: 'j', path: bigFile, algorithms: ['sha512'] };
    const job = ipc.invoke('hash:file', APP_PAGE, sender, args);
    sender.destroy();
    await expect(job).rejects.toThrow('hash cancelled');
    const again = new FakeSender(1);
    await expect(ipc.invoke('hash:file', APP_PAGE, again, { ...args, algorithms: ['crc32'] })).resolves.toHaveProperty('crc32');
  });

  it('passes the adapter error message through for a missing file', async () => {
    const path = join(dir, 'missing.bin');
    await expect(setup().invoke('hash:file', APP_PAGE, new FakeSender(1), { jobId: 'm', path, algorithms: ['md5'] })).rejects.toThrow(
      `File not found: ${path}`,
    );
  });

  describe('tokens', () => {
    const TOKENS = { accessToken: 'access-abc', refreshToken: 'refresh-def' };

    it('saves encrypted, loads back and clears', async () => {
      const ipc = setup();
      const sender = new FakeSender(1);
      await expect(ipc.invoke('tokens:save', APP_PAGE, sender, TOKENS)).resolves.toBeUndefined();
      expect(readFileSync(tokenFile()).includes(Buffer.from(TOKENS.refreshToken))).toBe(false);
      await expect(ipc.invoke('tokens:load', APP_PAGE, sender, undefined)).resolves.toEqual(TOKENS);
      await expect(ipc.invoke('tokens:clear', APP_PAGE, sender, undefined)).resolves.toBeUndefined();
      expect(existsSync(tokenFile())).toBe(false);
      await expect(ipc.invoke('tokens:load', APP_PAGE, sender, undefined)).resolves.toEqual({});
    });

    it('drops fields outside the contract before the store sees them', async () => {
      const ipc = setup();
      const sender = new FakeSender(1);
      await ipc.invoke('tokens:save', APP_PAGE, sender, { ...TOKENS, password: 'hunter2' });
      await expect(ipc.invoke('tokens:load', APP_PAGE, sender, undefined)).resolves.toEqual(TOKENS);
      await ipc.invoke('tokens:clear', APP_PAGE, sender, undefined);
    });

    it.each([
      ['a number access token', { accessToken: 5, refreshToken: 'r' }],
      ['no refresh token', { accessToken: 'a' }],
      ['empty strings', { accessToken: '', refreshToken: '' }],
      ['an over-long refresh token', { accessToken: 'a', refreshToken: 'r'.repeat(1025) }],
      ['a string', 'access-abc'],
      ['nothing', undefined],
    ])('tokens:save rejects %s', async (_label, args) => {
      await expect(setup().invoke('tokens:save', APP_PAGE, new FakeSender(1), args)).rejects.toThrow('tokens:save: invalid arguments');
      expect(existsSync(tokenFile())).toBe(false);
    });

    it('tokens:load and tokens:clear take no argument', async () => {
      const ipc = setup();
      await expect(ipc.invoke('tokens:load', APP_PAGE, new FakeSender(1), {})).rejects.toThrow('tokens:load: invalid arguments');
      await expect(ipc.invoke('tokens:clear', APP_PAGE, new FakeSender(1), 'all')).rejects.toThrow('tokens:clear: invalid arguments');
    });

    it('refuses token calls from a foreign frame', async () => {
      await expect(setup().invoke('tokens:load', 'https://evil.example/', new FakeSender(1), undefined)).rejects.toThrow(
        'tokens:load: refused a call from https://evil.example/',
      );
    });
  });

  it('processes an image from its path on image:process and validates the job', async () => {
    const ipc = setup();
    const sender = new FakeSender(1);
    const source = join(dir, 'red.png');
    writeFileSync(
      source,
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer(),
    );
    const result = await ipc.invoke('image:process', APP_PAGE, sender, {
      jobId: 'img-1',
      path: source,
      job: { ops: [{ kind: 'resize', width: 10 }], output: { format: 'webp' } },
    });
    expect(result).toMatchObject({ format: 'webp', width: 10, height: 5, mime: 'image/webp' });
    expect((await sharp((result as { bytes: Uint8Array }).bytes).metadata()).format).toBe('webp');
    await expect(ipc.invoke('image:probe', APP_PAGE, sender, { path: source })).resolves.toMatchObject({
      width: 40,
      height: 20,
      format: 'png',
    });
    await expect(
      ipc.invoke('image:process', APP_PAGE, sender, { jobId: 'img-2', path: source, job: { output: { format: 'tiff' } } }),
    ).rejects.toThrow('image:process: invalid arguments');
  });
});
