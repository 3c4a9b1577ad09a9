import { describe, expect, it } from 'vitest';
import { safeStorageCipher } from './token-cipher';
import type { SafeStorageLike } from './token-cipher';

/** safeStorage as Electron reports it; the "encryption" is reversible on purpose, only the plumbing is tested. */
function fakeSafeStorage(available: boolean, backend?: string): SafeStorageLike {
  return {
    isAsyncEncryptionAvailable: async () => available,
    encryptStringAsync: async (text) => Buffer.from(text, 'utf8').reverse(),
    decryptStringAsync: async (buffer) => ({ result: Buffer.from(buffer).reverse().toString('utf8'), shouldReEncrypt: false }),
    ...(backend === undefined ? {} : { getSelectedStorageBackend: () => backend }),
  };
}

describe('safeStorageCipher', () => {
  it.each([
    ['linux', true, 'gnome_libsecret', true],
    ['linux', true, 'kwallet6', true],
    ['linux', true, 'basic_text', false],
    ['linux', false, 'gnome_libsecret', false],
    ['darwin', true, undefined, true],
    ['win32', true, undefined, true],
    ['darwin', false, undefined, false],
  ] as const)('%s, safeStorage available=%s, backend %s → %s', async (platform, available, backend, expected) => {
    await expect(safeStorageCipher(fakeSafeStorage(available, backend), platform).isEncryptionAvailable()).resolves.toBe(expected);
  });

  it('passes strings through safeStorage and returns the decrypted result only', async () => {
    const cipher = safeStorageCipher(fakeSafeStorage(true), 'darwin');
    await expect(cipher.decryptString(await cipher.encryptString('{"a":1}'))).resolves.toBe('{"a":1}');
  });
});
