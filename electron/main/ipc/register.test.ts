import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcArgs } from '@shared/contracts/ipc';
import { isAppUrl } from '../protocol/app-url';
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

function setup() {
  const ipc = new FakeIpcMain();
  registerIpc(ipc, { version: '9.9.9', isTrustedSender: isAppUrl });
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
});
