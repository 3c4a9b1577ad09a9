import type { TokenCipher } from './token-store';

/** The part of Electron's `safeStorage` the token store uses; structural so this file needs no `electron` import. */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  /** Linux only; optional because it is absent elsewhere. */
  getSelectedStorageBackend?(): string;
}

/**
 * safeStorage as a TokenCipher. On Linux without a keyring (no GNOME libsecret, no KWallet, or
 * `--password-store=basic`) safeStorage reports itself available but encrypts with a hard-coded
 * password (backend 'basic_text'); that is not protection, so it counts as unavailable here.
 * `shouldReEncrypt` (a rotated key) is not acted on: every token refresh saves, i.e. re-encrypts.
 */
export function safeStorageCipher(safeStorage: SafeStorageLike, platform: NodeJS.Platform): TokenCipher {
  return {
    async isEncryptionAvailable() {
      if (!(await safeStorage.isAsyncEncryptionAvailable())) return false;
      return !(platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text');
    },
    encryptString: (text) => safeStorage.encryptStringAsync(text),
    decryptString: async (buffer) => (await safeStorage.decryptStringAsync(buffer)).result,
  };
}
