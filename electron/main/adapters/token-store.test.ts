import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCipher } from '../../testing/test-cipher';
import type { TestCipher } from '../../testing/test-cipher';
import { createTokenStore } from './token-store';

const TOKENS = { accessToken: 'eyJhbGciOiJFZERTQSJ9.access-token-body.signature', refreshToken: 'refresh-7f3c2a9e51d84b06' };

let dir: string;
let file: string;
let cipher: TestCipher;
let warnings: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-tokens-'));
  file = join(dir, 'tokens.bin');
  cipher = createTestCipher();
  warnings = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const store = (options: { file?: string; cipher?: TestCipher } = {}) =>
  createTokenStore({ file: options.file ?? file, cipher: options.cipher ?? cipher, warn: (message) => warnings.push(message) });

describe('createTokenStore', () => {
  it('loads {} when nothing was saved, without a warning', async () => {
    await expect(store().load()).resolves.toEqual({});
    expect(warnings).toEqual([]);
  });

  it('saves ciphertext that a fresh store (the next start) loads back', async () => {
    await store().save(TOKENS);
    const bytes = readFileSync(file);
    expect(bytes.includes(Buffer.from(TOKENS.refreshToken))).toBe(false);
    expect(bytes.includes(Buffer.from(TOKENS.accessToken))).toBe(false);
    expect(bytes.includes(Buffer.from('refreshToken'))).toBe(false);
    await expect(store().load()).resolves.toEqual(TOKENS);
    expect(warnings).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')('writes the file readable by its owner only', async () => {
    await store().save(TOKENS);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('replaces the file atomically and leaves no temp files behind', async () => {
    const tokens = store();
    await tokens.save(TOKENS);
    await tokens.save({ accessToken: 'second-access', refreshToken: 'second-refresh' });
    expect(readdirSync(dir)).toEqual(['tokens.bin']);
    await expect(store().load()).resolves.toEqual({ accessToken: 'second-access', refreshToken: 'second-refresh' });
  });

  it('creates the userData folder if it is not there yet', async () => {
    const nested = join(dir, 'fresh', 'userData', 'tokens.bin');
    await store({ file: nested }).save(TOKENS);
    await expect(store({ file: nested }).load()).resolves.toEqual(TOKENS);
  });

  it('keeps call order: a save followed at once by a clear ends cleared', async () => {
    const tokens = store();
    await Promise.all([tokens.save(TOKENS), tokens.clear()]);
    expect(existsSync(file)).toBe(false);
    await expect(tokens.load()).resolves.toEqual({});
  });

  it('clear deletes the file, and clearing twice is fine', async () => {
    const tokens = store();
    await tokens.save(TOKENS);
    await tokens.clear();
    expect(existsSync(file)).toBe(false);
    await tokens.clear();
    await expect(tokens.load()).resolves.toEqual({});
  });

  it('treats garbage bytes as logged out, removes the file and warns', async () => {
    writeFileSync(file, Buffer.from('not ciphertext at all, just some bytes on disk'));
    await expect(store().load()).resolves.toEqual({});
    expect(existsSync(file)).toBe(false);
    expect(warnings).toEqual([expect.stringContaining('cannot be decrypted')]);
  });

  it('treats a file from another key (another user or machine) as logged out', async () => {
    await store({ cipher: createTestCipher() }).save(TOKENS);
    await expect(store().load()).resolves.toEqual({});
    expect(existsSync(file)).toBe(false);
    expect(warnings).toHaveLength(1);
  });

  it('treats a tampered file as logged out', async () => {
    await store().save(TOKENS);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1]! ^= 0xff;
    writeFileSync(file, bytes);
    await expect(store().load()).resolves.toEqual({});
    expect(existsSync(file)).toBe(false);
  });

  it.each([
    ['not JSON', 'access=1;refresh=2', 'is not JSON'],
    ['a number for the access token', JSON.stringify({ accessToken: 5, refreshToken: 'r' }), 'does not hold a token pair'],
    ['no refresh token', JSON.stringify({ accessToken: 'a' }), 'does not hold a token pair'],
    ['an empty refresh token', JSON.stringify({ accessToken: 'a', refreshToken: '' }), 'does not hold a token pair'],
    ['an array', JSON.stringify(['a', 'r']), 'does not hold a token pair'],
  ])('treats decryptable content with %s as logged out', async (_label, plaintext, reason) => {
    writeFileSync(file, await cipher.encryptString(plaintext));
    await expect(store().load()).resolves.toEqual({});
    expect(existsSync(file)).toBe(false);
    expect(warnings).toEqual([expect.stringContaining(reason)]);
  });

  it('warns but still answers {} when the path cannot be read as a file', async () => {
    mkdirSync(file);
    await expect(store().load()).resolves.toEqual({});
    expect(warnings[0]).toContain('unreadable');
  });

  describe('without OS encryption (Linux without a keyring)', () => {
    beforeEach(() => {
      cipher.available = false;
    });

    it('keeps the tokens in memory for this run and writes nothing', async () => {
      const tokens = store();
      await tokens.save(TOKENS);
      expect(readdirSync(dir)).toEqual([]);
      await expect(tokens.load()).resolves.toEqual(TOKENS);
      // The next start has nothing: the user logs in again.
      await expect(store().load()).resolves.toEqual({});
      expect(warnings.some((message) => message.includes('in memory only'))).toBe(true);
    });

    it('clear forgets the in-memory tokens', async () => {
      const tokens = store();
      await tokens.save(TOKENS);
      await tokens.clear();
      await expect(tokens.load()).resolves.toEqual({});
    });

    it('leaves an earlier file alone on load (the keyring may be back next start) but drops it on save', async () => {
      cipher.available = true;
      await store().save(TOKENS);
      cipher.available = false;
      await expect(store().load()).resolves.toEqual({});
      expect(existsSync(file)).toBe(true);
      // New tokens supersede the file's (a refresh rotates them); it must not come back later.
      await store().save({ accessToken: 'newer-access', refreshToken: 'newer-refresh' });
      expect(existsSync(file)).toBe(false);
    });

    it('counts an availability check that throws as unavailable', async () => {
      const throwing = { ...createTestCipher(), isEncryptionAvailable: () => Promise.reject(new Error('no D-Bus')) };
      const tokens = createTokenStore({ file, cipher: throwing, warn: (message) => warnings.push(message) });
      await tokens.save(TOKENS);
      expect(existsSync(file)).toBe(false);
      await expect(tokens.load()).resolves.toEqual(TOKENS);
    });
  });

  it('keeps the tokens in memory when encryption fails (e.g. Keychain access denied), with a warning', async () => {
    const refusing = { ...createTestCipher(), encryptString: () => Promise.reject(new Error('user denied Keychain access')) };
    const tokens = createTokenStore({ file, cipher: refusing, warn: (message) => warnings.push(message) });
    await tokens.save(TOKENS);
    expect(existsSync(file)).toBe(false);
    await expect(tokens.load()).resolves.toEqual(TOKENS);
    expect(warnings).toEqual([expect.stringContaining('user denied Keychain access')]);
  });
});
