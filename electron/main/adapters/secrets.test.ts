import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCipher } from '../../testing/test-cipher';
import type { TestCipher } from '../../testing/test-cipher';
import { createSecretFiles, secretFile } from './secrets';

let dir: string;
let cipher: TestCipher;
let warnings: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-secrets-'));
  cipher = createTestCipher();
  warnings = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const secrets = (options: { cipher?: TestCipher } = {}) =>
  createSecretFiles({ dir, cipher: options.cipher ?? cipher, warn: (message) => warnings.push(message) });

describe('desktop secrets', () => {
  it('keeps a namespace’s secrets in one encrypted file that the next start reads', async () => {
    const first = secrets().store('pic-hub');
    expect(await first.durable()).toBe(true);
    // Saved at once: the one-file store must not lose either.
    await Promise.all([first.save('a', '书架-token'), first.save('b', 'second secret')]);
    const file = secretFile(dir, 'pic-hub');
    const bytes = readFileSync(file);
    expect(bytes.includes(Buffer.from('second secret'))).toBe(false);
    expect(bytes.includes(Buffer.from('书架-token'))).toBe(false);
    const next = secrets().store('pic-hub');
    expect(await next.get('a')).toBe('书架-token');
    expect(await next.get('b')).toBe('second secret');
    expect(await next.get('c')).toBeUndefined();
    await next.delete('a');
    expect(await secrets().store('pic-hub').get('a')).toBeUndefined();
    expect(await secrets().store('pic-hub').get('b')).toBe('second secret');
    await next.delete('b');
    expect(existsSync(file)).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('keeps namespaces in separate files: the same key in two tools is two secrets', async () => {
    const run = secrets();
    await Promise.all([run.store('webdav').save('same', 'dav password'), run.store('pic-hub').save('same', 'github token')]);
    expect(readdirSync(dir).sort()).toEqual(['pic-hub-secrets.bin', 'webdav-passwords.bin']);
    await run.store('pic-hub').delete('same');
    expect(await secrets().store('webdav').get('same')).toBe('dav password');
    expect(await secrets().store('pic-hub').get('same')).toBeUndefined();
  });

  it('reads the WebDAV passwords file the issue-15 store wrote, as namespace webdav', async () => {
    // What the shipped WebDAV password store wrote: `<userData>/webdav-passwords.bin`, the entries'
    // passwords as one JSON object, encrypted as a whole by safeStorage.
    writeFileSync(
      join(dir, 'webdav-passwords.bin'),
      await cipher.encryptString(JSON.stringify({ 'entry-1': '坚果云-应用密码', 'entry-2': 'nas' })),
    );
    const webdav = secrets().store('webdav');
    expect(await webdav.get('entry-1')).toBe('坚果云-应用密码');
    await webdav.save('entry-3', 'new');
    expect(await secrets().store('webdav').get('entry-2')).toBe('nas');
    expect(await secrets().store('webdav').get('entry-3')).toBe('new');
    expect(warnings).toEqual([]);
  });

  it('without OS encryption writes nothing and keeps the secret for this run only', async () => {
    cipher.available = false;
    const run = secrets().store('pic-hub');
    expect(await run.durable()).toBe(false);
    await run.save('a', 'secret');
    expect(await run.get('a')).toBe('secret');
    expect(readdirSync(dir)).toEqual([]);
    expect(await secrets().store('pic-hub').get('a')).toBeUndefined();
  });

  it('drops a file another machine encrypted (or a tampered one) with a warning, never a crash', async () => {
    await secrets({ cipher: createTestCipher() }).store('webdav').save('a', 'secret');
    expect(await secrets().store('webdav').get('a')).toBeUndefined();
    expect(warnings.join()).toContain('typed again');
    expect(existsSync(secretFile(dir, 'webdav'))).toBe(false);
    writeFileSync(secretFile(dir, 'webdav'), 'garbage');
    expect(await secrets().store('webdav').get('a')).toBeUndefined();
    await secrets().store('webdav').save('b', 'fresh');
    expect(await secrets().store('webdav').get('b')).toBe('fresh');
  });
});
