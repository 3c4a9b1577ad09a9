import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCipher } from '../../testing/test-cipher';
import type { TestCipher } from '../../testing/test-cipher';
import { createWebdavPasswords } from './webdav-passwords';

let dir: string;
let file: string;
let cipher: TestCipher;
let warnings: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-webdav-passwords-'));
  file = join(dir, 'webdav-passwords.bin');
  cipher = createTestCipher();
  warnings = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const store = (options: { cipher?: TestCipher } = {}) =>
  createWebdavPasswords({ file, cipher: options.cipher ?? cipher, warn: (message) => warnings.push(message) });

describe('desktop WebDAV passwords', () => {
  it('keeps every entry’s password in one encrypted file that the next start reads', async () => {
    const first = store();
    expect(await first.persistent()).toBe(true);
    // Saved at once: the one-file store must not lose either.
    await Promise.all([first.save('a', '书架-密码'), first.save('b', 'second secret')]);
    const bytes = readFileSync(file);
    expect(bytes.includes(Buffer.from('second secret'))).toBe(false);
    expect(bytes.includes(Buffer.from('书架-密码'))).toBe(false);
    const next = store();
    expect(await next.load('a')).toBe('书架-密码');
    expect(await next.load('b')).toBe('second secret');
    expect(await next.load('c')).toBeUndefined();
    await next.remove('a');
    expect(await store().load('a')).toBeUndefined();
    expect(await store().load('b')).toBe('second secret');
    await next.remove('b');
    expect(existsSync(file)).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('without OS encryption writes nothing and keeps the password for this run only', async () => {
    cipher.available = false;
    const run = store();
    expect(await run.persistent()).toBe(false);
    await run.save('a', 'secret');
    expect(await run.load('a')).toBe('secret');
    expect(existsSync(file)).toBe(false);
    expect(await store().load('a')).toBeUndefined();
  });

  it('drops a file another machine encrypted (or a tampered one) with a warning, never a crash', async () => {
    await store({ cipher: createTestCipher() }).save('a', 'secret');
    expect(await store().load('a')).toBeUndefined();
    expect(warnings.join()).toContain('typed again');
    expect(existsSync(file)).toBe(false);
    writeFileSync(file, 'garbage');
    expect(await store().load('a')).toBeUndefined();
    await store().save('b', 'fresh');
    expect(await store().load('b')).toBe('fresh');
  });
});
