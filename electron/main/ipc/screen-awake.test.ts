import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTokenStore } from '../adapters/token-store';
import { isAppUrl } from '../protocol/app-url';
import { createTestCipher } from '../../testing/test-cipher';
import { FakeIpcMain, FakeSender } from '../../testing/fake-ipc';
import type { PowerSaveBlockerLike } from './capabilities/screen-awake';
import { registerIpc } from './register';

// screen:keep-awake as the preload calls it, with a fake powerSaveBlocker standing in for Electron's.
const PAGE = 'app://baibao/screen/on';

class FakeBlocker implements PowerSaveBlockerLike {
  readonly started: string[] = [];
  private readonly running = new Set<number>();
  private next = 1;
  start(type: 'prevent-display-sleep') {
    this.started.push(type);
    this.running.add(this.next);
    return this.next++;
  }
  stop(id: number) {
    this.running.delete(id);
  }
  isStarted(id: number) {
    return this.running.has(id);
  }
  get active() {
    return this.running.size;
  }
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-awake-ipc-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setup(blocker?: PowerSaveBlockerLike) {
  const ipc = new FakeIpcMain();
  registerIpc(ipc, {
    version: '9.9.9',
    isTrustedSender: isAppUrl,
    tokens: createTokenStore({ file: join(dir, 'tokens.bin'), cipher: createTestCipher(), warn: () => undefined }),
    powerSaveBlocker: blocker,
  });
  return ipc;
}

describe('screen:keep-awake', () => {
  it('holds one display blocker per window, however often it is asked, and stops it on off', async () => {
    const blocker = new FakeBlocker();
    const ipc = setup(blocker);
    const sender = new FakeSender(1);
    await ipc.invoke('screen:keep-awake', PAGE, sender, { on: true });
    await ipc.invoke('screen:keep-awake', PAGE, sender, { on: true });
    expect(blocker.started).toEqual(['prevent-display-sleep']);
    expect(blocker.active).toBe(1);
    await ipc.invoke('screen:keep-awake', PAGE, new FakeSender(2), { on: true });
    expect(blocker.active).toBe(2);
    await ipc.invoke('screen:keep-awake', PAGE, sender, { on: false });
    expect(blocker.active).toBe(1);
  });

  it('lets the display sleep again when the asking window closes or reloads without saying off', async () => {
    const blocker = new FakeBlocker();
    const ipc = setup(blocker);
    const closing = new FakeSender(1);
    const reloading = new FakeSender(2);
    await ipc.invoke('screen:keep-awake', PAGE, closing, { on: true });
    await ipc.invoke('screen:keep-awake', PAGE, reloading, { on: true });
    closing.destroy();
    reloading.navigate({ isMainFrame: true, isSameDocument: false });
    expect(blocker.active).toBe(0);
  });

  it('refuses arguments that are not a boolean, and pages not served by the app', async () => {
    const blocker = new FakeBlocker();
    const ipc = setup(blocker);
    await expect(ipc.invoke('screen:keep-awake', PAGE, new FakeSender(1), { on: 'yes' })).rejects.toThrow();
    await expect(ipc.invoke('screen:keep-awake', 'https://evil.example/', new FakeSender(1), { on: true })).rejects.toThrow();
    expect(blocker.started).toEqual([]);
  });

  it('fails clearly without a blocker', async () => {
    const ipc = setup();
    await expect(ipc.invoke('screen:keep-awake', PAGE, new FakeSender(1), { on: true })).rejects.toThrow('not available');
  });
});
