import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretFiles } from '../adapters/secrets';
import { createTokenStore } from '../adapters/token-store';
import { isAppUrl } from '../protocol/app-url';
import { createTestCipher } from '../../testing/test-cipher';
import { FakeIpcMain, FakeSender } from '../../testing/fake-ipc';
import { registerIpc } from './register';

// The secrets:* channels as the preload calls them (platform.secrets on the desktop).

const PAGE = 'app://baibao/pic/hub';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-secrets-ipc-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setup() {
  const ipc = new FakeIpcMain();
  const cipher = createTestCipher();
  registerIpc(ipc, {
    version: '9.9.9',
    isTrustedSender: isAppUrl,
    tokens: createTokenStore({ file: join(dir, 'tokens.bin'), cipher, warn: () => undefined }),
    secrets: createSecretFiles({ dir, cipher, warn: () => undefined }),
  });
  return ipc;
}

describe('secrets channels', () => {
  it('keeps a namespace’s secrets encrypted in main', async () => {
    const ipc = setup();
    const sender = new FakeSender(1);
    expect(await ipc.invoke('secrets:durable', PAGE, sender, { namespace: 'pic-hub' })).toBe(true);
    await ipc.invoke('secrets:save', PAGE, sender, { namespace: 'pic-hub', key: 'hub-1', secret: 'ghp_书架' });
    await ipc.invoke('secrets:save', PAGE, sender, { namespace: 'webdav', key: 'hub-1', secret: 'dav' });
    expect(await ipc.invoke('secrets:get', PAGE, sender, { namespace: 'pic-hub', key: 'hub-1' })).toBe('ghp_书架');
    expect(readdirSync(dir).sort()).toEqual(['pic-hub-secrets.bin', 'webdav-passwords.bin']);
    await ipc.invoke('secrets:delete', PAGE, sender, { namespace: 'pic-hub', key: 'hub-1' });
    expect(await ipc.invoke('secrets:get', PAGE, sender, { namespace: 'pic-hub', key: 'hub-1' })).toBeUndefined();
    expect(await ipc.invoke('secrets:get', PAGE, sender, { namespace: 'webdav', key: 'hub-1' })).toBe('dav');
  });

  it('refuses a namespace no tool declared, an empty or over-long key, and a foreign frame', async () => {
    const ipc = setup();
    const sender = new FakeSender(1);
    await expect(ipc.invoke('secrets:get', PAGE, sender, { namespace: '../tokens', key: 'a' })).rejects.toThrow();
    await expect(ipc.invoke('secrets:save', PAGE, sender, { namespace: 'pic-hub', key: '', secret: 's' })).rejects.toThrow();
    await expect(ipc.invoke('secrets:get', PAGE, sender, { namespace: 'pic-hub', key: 'k'.repeat(129) })).rejects.toThrow();
    await expect(
      ipc.invoke('secrets:save', 'https://evil.example/', sender, { namespace: 'pic-hub', key: 'a', secret: 's' }),
    ).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });
});
