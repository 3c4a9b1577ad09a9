import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TokenCipher } from '../main/adapters/token-store';

export interface TestCipher extends TokenCipher {
  /** Flip to false to act like Linux without a keyring. */
  available: boolean;
}

/**
 * A real cipher standing in for safeStorage: AES-256-GCM with a random key per instance, so what
 * the store writes really is ciphertext, and bytes from another instance (another "machine") or
 * tampered bytes fail to decrypt, as they would with the OS key. Layout: iv (12) | tag (16) | data.
 */
export function createTestCipher(key: Buffer = randomBytes(32)): TestCipher {
  return {
    available: true,
    async isEncryptionAvailable() {
      return this.available;
    },
    async encryptString(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]);
    },
    async decryptString(buffer) {
      if (buffer.length < 28) throw new Error('ciphertext too short');
      const decipher = createDecipheriv('aes-256-gcm', key, buffer.subarray(0, 12));
      decipher.setAuthTag(buffer.subarray(12, 28));
      return Buffer.concat([decipher.update(buffer.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
