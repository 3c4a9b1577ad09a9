import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { readDisks } from '../adapters/system-info';
import { isAppUrl } from '../protocol/app-url';
import { createTokenStore } from '../adapters/token-store';
import { createTestCipher } from '../../testing/test-cipher';
import { FakeIpcMain, FakeSender } from '../../testing/fake-ipc';
import type { NativeSystemInfo } from '@shared/contracts/system-info';
import { registerIpc } from './register';

function setup() {
  const ipc = new FakeIpcMain();
  const tokens = createTokenStore({ file: '/nonexistent/tokens.bin', cipher: createTestCipher(), warn: () => undefined });
  registerIpc(ipc, { version: '1.0.0', isTrustedSender: isAppUrl, tokens });
  return ipc;
}

describe('system:info', () => {
  it("answers with this machine's OS, CPU, memory and the root's disk figures", async () => {
    const info = (await setup().invoke('system:info', 'app://baibao/system/info', new FakeSender(1), undefined)) as NativeSystemInfo;
    expect(info).toMatchObject({
      platform: process.platform,
      osRelease: os.release(),
      osVersion: os.version(),
      arch: os.arch(),
      cpuCount: os.availableParallelism(),
      totalMemory: os.totalmem(),
    });
    expect(info.cpuModel).toBe(os.cpus()[0]?.model.trim() ?? '');
    expect(info.freeMemory).toBeGreaterThan(0);
    const root = await statfs('/');
    expect(info.disks[0]).toEqual({ path: '/', total: root.blocks * root.bsize, free: expect.any(Number) });
    expect(info.disks[0]!.free).toBeLessThanOrEqual(info.disks[0]!.total);
  });

  it('refuses arguments and pages that are not the app', async () => {
    const ipc = setup();
    await expect(ipc.invoke('system:info', 'app://baibao/system/info', new FakeSender(1), { path: '/' })).rejects.toThrow();
    await expect(ipc.invoke('system:info', 'https://evil.example/', new FakeSender(1), undefined)).rejects.toThrow();
  });
});

describe('readDisks', () => {
  it('lists each file system once and leaves out paths that do not exist', async () => {
    const disks = await readDisks(['/', '/', '/no/such/drive', '/proc']);
    expect(disks.map(({ path }) => path)).toEqual(['/', '/proc']);
  });
});
