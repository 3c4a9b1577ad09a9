import type { OtpAccount } from '@shared/otp/account';
import type { BackupContent } from '@shared/otp/backup';
import { BackupError, MAX_BACKUP_BYTES, readBackupPayload, toBackupPayload } from '@shared/otp/backup';
import type { VaultFile } from './otp-vault';
import { createVaultKey, openVault, readVaultFile, sealVault, VAULT_FORMAT, VAULT_ITERATIONS, VaultError } from './otp-vault';

/**
 * The authenticator's encrypted backup (docs/otp-backup.md): the vault's own envelope (PBKDF2
 * salt and iterations, AES-GCM iv, ciphertext — otp-vault.ts) around the backup payload of
 * shared/otp/backup.ts, sealed under a password chosen for the backup with a fresh salt, so the
 * file opens on any device with that password alone.
 */
export async function sealBackup(
  accounts: readonly (OtpAccount & { group?: string })[],
  password: string,
  iterations = VAULT_ITERATIONS,
): Promise<string> {
  const file = await sealVault(toBackupPayload(accounts), await createVaultKey(password, iterations));
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** What an imported file turned out to be. */
export type BackupInput =
  | { kind: 'encrypted'; file: VaultFile }
  | ({ kind: 'plain' } & BackupContent)
  /** A text of otpauth:// (or migration) links, one per line: the plain export. */
  | { kind: 'links'; text: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** VaultError's kinds in the backup's words: a broken envelope is a damaged file. */
function backupErrorOf(error: unknown): unknown {
  if (error instanceof VaultError) return new BackupError(error.kind === 'unsupported' ? 'unsupported' : 'damaged');
  return error;
}

/** Both our JSON files open with their format name: a broken text that begins so is one of ours cut short. */
const OUR_OPENING = '{"format":"baibao-otp-';
function looksCutShort(text: string): boolean {
  const opening = text.slice(0, 64).replace(/\s+/g, '');
  return opening.startsWith(OUR_OPENING) || OUR_OPENING.startsWith(opening);
}

/** Recognises an imported file's text; throws BackupError (empty, notBackup, damaged, unsupported). */
export function readBackupText(text: string): BackupInput {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) throw new BackupError('empty');
  if (/^otpauth(-migration)?:\/\//i.test(trimmed)) return { kind: 'links', text: trimmed };
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) throw new BackupError('notBackup');
  let value: unknown;
  try {
    value = JSON.parse(trimmed) as unknown;
  } catch {
    throw new BackupError(looksCutShort(trimmed) ? 'damaged' : 'notBackup');
  }
  if (isRecord(value) && value.format === VAULT_FORMAT) {
    try {
      return { kind: 'encrypted', file: readVaultFile(value) };
    } catch (error) {
      throw backupErrorOf(error);
    }
  }
  return { kind: 'plain', ...readBackupPayload(value) };
}

/** A picked file's text, after the size checks that keep a wrong pick from stalling the page. */
export async function readBackupBlob(blob: Blob): Promise<BackupInput> {
  if (blob.size === 0) throw new BackupError('empty');
  if (blob.size > MAX_BACKUP_BYTES) throw new BackupError('tooLarge');
  return readBackupText(await blob.text());
}

/**
 * Decrypts an encrypted backup. A wrong password, or a ciphertext altered after it was written,
 * throws WrongPasswordError (GCM cannot tell the two apart); a broken payload throws BackupError.
 */
export async function openBackup(file: VaultFile, password: string): Promise<BackupContent> {
  let data: unknown;
  try {
    ({ data } = await openVault(file, password));
  } catch (error) {
    throw backupErrorOf(error);
  }
  return readBackupPayload(data);
}
