import { describe, expect, it } from 'vitest';
import { makeOtpAccount } from '@shared/otp/account';
import { BackupError, MAX_BACKUP_BYTES } from '@shared/otp/backup';
import { openBackup, readBackupBlob, readBackupText, sealBackup } from './otp-backup';
import { VAULT_ITERATIONS, WrongPasswordError } from './otp-vault';

// The floor the vault accepts: keeps each PBKDF2 run short; the default count is checked once below.
const FAST = 100_000;
const accounts = [
  { ...makeOtpAccount({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'ACME', account: 'alice@example.com' }), group: 'work' },
  { ...makeOtpAccount({ secret: 'GEZDGNBVGY3TQOJQ', type: 'hotp', counter: 7, issuer: '银行' }), group: '' },
];

async function failure(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

async function backupKind(run: () => unknown): Promise<string> {
  const error = await failure(run);
  if (error instanceof BackupError) return error.kind;
  throw new Error(`expected a BackupError, got ${String(error)}`);
}

async function encrypted(text: string) {
  const input = readBackupText(text);
  if (input.kind !== 'encrypted') throw new Error(`read as ${input.kind}`);
  return input.file;
}

describe('OTP encrypted backup', () => {
  it('round-trips with the password alone, carrying its own salt, iterations and iv', async () => {
    const text = await sealBackup(accounts, 'correct horse battery');
    expect(text).not.toContain('JBSWY3DP');
    const file = JSON.parse(text) as { kdf: { iterations: number; salt: string }; cipher: { iv: string } };
    expect(file.kdf.iterations).toBe(VAULT_ITERATIONS);
    expect(atob(file.kdf.salt)).toHaveLength(16);
    expect(atob(file.cipher.iv)).toHaveLength(12);
    expect(await openBackup(await encrypted(text), 'correct horse battery')).toEqual({ accounts, invalid: 0 });
    // Two backups of the same list never share salt or iv.
    const again = JSON.parse(await sealBackup(accounts, 'correct horse battery', FAST)) as typeof file;
    expect(again.kdf.salt).not.toBe(file.kdf.salt);
    expect(again.cipher.iv).not.toBe(file.cipher.iv);
  });

  it('refuses a wrong password, and an altered ciphertext, with WrongPasswordError', async () => {
    const text = await sealBackup(accounts, 'right password', FAST);
    const file = await encrypted(text);
    expect(await failure(() => openBackup(file, 'wrong password'))).toBeInstanceOf(WrongPasswordError);
    const bytes = Uint8Array.from(atob(file.ciphertext), (char) => char.charCodeAt(0));
    bytes[bytes.length - 20]! ^= 0x40;
    const altered = { ...file, ciphertext: btoa(String.fromCharCode(...bytes)) };
    expect(await failure(() => openBackup(altered, 'right password'))).toBeInstanceOf(WrongPasswordError);
  });

  it('calls a file cut short damaged, wherever it was cut', async () => {
    const text = await sealBackup(accounts, 'right password', FAST);
    for (const length of [1, 20, Math.floor(text.length / 2), text.length - 3]) {
      expect(await backupKind(() => readBackupText(text.slice(0, length)))).toBe('damaged');
    }
    // Whole JSON whose ciphertext lost its end: only the tag check can notice.
    const file = await encrypted(text);
    const cut = { ...file, ciphertext: file.ciphertext.slice(0, 16) };
    expect(await failure(() => openBackup(cut, 'right password'))).toBeInstanceOf(WrongPasswordError);
    expect(await backupKind(() => readBackupText(JSON.stringify({ ...file, cipher: { name: 'AES-GCM', iv: 'AAAA' } })))).toBe('damaged');
  });

  it('refuses a later version, and key parameters outside what it accepts, as unsupported', async () => {
    const file = JSON.parse(await sealBackup(accounts, 'right password', FAST)) as Record<string, unknown>;
    expect(await backupKind(() => readBackupText(JSON.stringify({ ...file, version: 2 })))).toBe('unsupported');
    const weak = { ...file, kdf: { ...(file.kdf as object), iterations: 1000 } };
    expect(await backupKind(() => readBackupText(JSON.stringify(weak)))).toBe('unsupported');
  });

  it('tells empty, oversized and foreign files apart', async () => {
    expect(await backupKind(() => readBackupBlob(new Blob([])))).toBe('empty');
    expect(await backupKind(() => readBackupText(' \n\uFEFF'))).toBe('empty');
    expect(await backupKind(() => readBackupBlob(new Blob([new Uint8Array(MAX_BACKUP_BYTES + 1)])))).toBe('tooLarge');
    expect(await backupKind(() => readBackupBlob(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])])))).toBe('notBackup');
    expect(await backupKind(() => readBackupText('{"version":1,"db":{"entries":[]}}'))).toBe('notBackup');
    expect(await backupKind(() => readBackupText('{"a":'))).toBe('notBackup');
  });

  it('reads the plain exports: the payload JSON and the otpauth list', async () => {
    const plain = readBackupText(JSON.stringify({ format: 'baibao-otp-accounts', version: 1, accounts }));
    expect(plain).toEqual({ kind: 'plain', accounts, invalid: 0 });
    expect(readBackupText('\uFEFFotpauth://totp/A?secret=JBSWY3DPEHPK3PXP\n')).toEqual({
      kind: 'links',
      text: 'otpauth://totp/A?secret=JBSWY3DPEHPK3PXP',
    });
  });

  it('never throws anything but its own errors on random bytes', async () => {
    // A fixed seed, so a failure repeats.
    let seed = 17;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const prefixes = ['', '{', '[', '{"format":"baibao-otp-vault",', 'otpauth://'];
    for (let round = 0; round < 200; round += 1) {
      const bytes = Uint8Array.from({ length: 1 + (next() % 300) }, () => next() % 256);
      const blob = new Blob([prefixes[round % prefixes.length]!, bytes]);
      const error = await failure(() => readBackupBlob(blob));
      if (error !== undefined) expect(error).toBeInstanceOf(BackupError);
    }
  });
});
