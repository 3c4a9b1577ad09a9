import { describe, expect, it } from 'vitest';
import {
  createVaultKey,
  openVault,
  openVaultWithKey,
  readVaultFile,
  sealVault,
  VAULT_ITERATIONS,
  VaultError,
  WrongPasswordError,
} from './otp-vault';

const records = {
  accounts: [
    {
      type: 'totp',
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: '测试',
      account: 'alice@example.com',
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      counter: 0,
    },
  ],
};

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('did not reject');
}

describe('OTP vault', () => {
  it('seals with 600,000 PBKDF2 iterations and opens with the password, through the JSON backup text', async () => {
    const key = await createVaultKey('correct horse');
    const file = await sealVault(records, key);
    expect(file.kdf).toMatchObject({ name: 'PBKDF2', hash: 'SHA-256', iterations: VAULT_ITERATIONS });
    expect(VAULT_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(JSON.stringify(file)).not.toContain('JBSWY3DP');
    const opened = await openVault(JSON.stringify(file), 'correct horse');
    expect(opened.data).toEqual(records);
    // The key from an unlock re-seals without the password, and opens what it sealed.
    const again = await sealVault({ accounts: [] }, opened.key);
    expect(again.kdf.salt).toBe(file.kdf.salt);
    expect(again.cipher.iv).not.toBe(file.cipher.iv);
    expect(await openVaultWithKey(again, opened.key)).toEqual({ accounts: [] });
  });

  it('refuses a wrong password and an altered ciphertext with WrongPasswordError', async () => {
    const file = await sealVault(records, await createVaultKey('right', 100_000));
    expect(await rejection(openVault(file, 'wrong'))).toBeInstanceOf(WrongPasswordError);
    const bytes = Uint8Array.from(atob(file.ciphertext), (c) => c.charCodeAt(0));
    bytes[3]! ^= 1;
    const altered = { ...file, ciphertext: btoa(String.fromCharCode(...bytes)) };
    expect(await rejection(openVault(altered, 'right'))).toBeInstanceOf(WrongPasswordError);
  });

  it('names files that are not a vault or ask for what we do not accept', async () => {
    const file = await sealVault(records, await createVaultKey('pw', 100_000));
    const kind = (input: unknown) => {
      try {
        readVaultFile(input);
        return 'accepted';
      } catch (error) {
        return error instanceof VaultError ? error.kind : String(error);
      }
    };
    expect(kind(file)).toBe('accepted');
    expect(kind('otpauth://totp/x?secret=JBSWY3DP')).toBe('notVault');
    expect(kind('{"format":"aegis"}')).toBe('notVault');
    expect(kind({ ...file, version: 2 })).toBe('unsupported');
    expect(kind({ ...file, kdf: { ...file.kdf, iterations: 1e12 } })).toBe('unsupported');
    expect(kind({ ...file, kdf: { ...file.kdf, iterations: 1000 } })).toBe('unsupported');
    expect(kind({ ...file, cipher: { name: 'AES-GCM', iv: '!!' } })).toBe('notVault');
    expect(kind({ ...file, ciphertext: 5 })).toBe('notVault');
    expect(kind('')).toBe('notVault');
  });
});
