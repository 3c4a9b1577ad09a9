import type { OtpAccount } from './account';
import { DEFAULT_PERIOD, validateOtpAccount } from './account';
import { formatOtpauthUri } from './otpauth-uri';

/**
 * The authenticator's backup payload (docs/otp-backup.md): what an encrypted backup decrypts to,
 * and what a user who decrypted one by hand can import again as it is.
 *
 * ```json
 * { "format": "baibao-otp-accounts", "version": 1,
 *   "accounts": [{ "type": "totp", "secret": "JBSWY3DPEHPK3PXP", "issuer": "ACME", "account": "alice",
 *                  "algorithm": "SHA1", "digits": 6, "period": 30, "counter": 0, "group": "work" }] }
 * ```
 *
 * Only documented fields go out: the page's ids, order and timestamps are this browser's business.
 */
export const BACKUP_FORMAT = 'baibao-otp-accounts';
export const BACKUP_VERSION = 1;

/**
 * Refused before reading: the largest honest backup (thousands of accounts) is a few hundred KB,
 * and a bigger file is something else that would only stall the page.
 */
export const MAX_BACKUP_BYTES = 2 * 1024 * 1024;

export interface BackupAccount extends OtpAccount {
  /** The account's group in the list ('' for none); otpauth links cannot carry it, backups do. */
  group: string;
  /** Up to a few letters the user chose for the account's icon; absent: the issuer's initial. */
  icon?: string;
}

export interface BackupPayload {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  accounts: BackupAccount[];
}

/**
 * - empty: a zero-byte or blank file
 * - tooLarge: over MAX_BACKUP_BYTES
 * - notBackup: readable, but not a backup or link list of ours (another app's export, a picture)
 * - damaged: our format, but cut short or altered so it cannot be read
 * - unsupported: written by a later version of the format
 */
export type BackupErrorKind = 'empty' | 'tooLarge' | 'notBackup' | 'damaged' | 'unsupported';

export class BackupError extends Error {
  override readonly name = 'BackupError';
  constructor(readonly kind: BackupErrorKind) {
    super(kind);
  }
}

export function isBackupError(error: unknown): error is BackupError {
  return error instanceof BackupError;
}

export function toBackupPayload(accounts: readonly (OtpAccount & { group?: string; icon?: string })[]): BackupPayload {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    accounts: accounts.map(({ type, secret, issuer, account, algorithm, digits, period, counter, group, icon }) => ({
      type,
      secret,
      issuer,
      account,
      algorithm,
      digits,
      period,
      counter,
      group: group ?? '',
      ...(icon?.trim() ? { icon: icon.trim() } : {}),
    })),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const OTP_DEFAULTS: Omit<OtpAccount, 'secret'> = {
  type: 'totp',
  issuer: '',
  account: '',
  algorithm: 'SHA1',
  digits: 6,
  period: DEFAULT_PERIOD,
  counter: 0,
};

export interface BackupContent {
  accounts: BackupAccount[];
  /** Records no check accepts (a secret that is not Base32, 7 digits…): left out and counted. */
  invalid: number;
}

/**
 * The accounts of a payload, each checked like a pasted link. A bare array is accepted too: it is
 * what the page's own vault record holds, so a vault copied out of the browser imports as well.
 */
export function readBackupPayload(data: unknown): BackupContent {
  let items: unknown[];
  if (Array.isArray(data)) items = data;
  else if (isRecord(data) && data.format === BACKUP_FORMAT) {
    if (data.version !== BACKUP_VERSION) throw new BackupError('unsupported');
    if (!Array.isArray(data.accounts)) throw new BackupError('damaged');
    items = data.accounts;
  } else throw new BackupError('notBackup');
  const content: BackupContent = { accounts: [], invalid: 0 };
  for (const item of items) {
    try {
      if (!isRecord(item)) throw new TypeError('not a record');
      // A hand-written file may leave out what makeOtpAccount defaults (docs/otp-backup.md).
      const fields = { ...OTP_DEFAULTS, ...item } as unknown as OtpAccount;
      const icon = typeof item.icon === 'string' ? item.icon.trim() : '';
      content.accounts.push({
        ...validateOtpAccount(fields),
        group: typeof item.group === 'string' ? item.group.trim() : '',
        ...(icon ? { icon } : {}),
      });
    } catch {
      content.invalid += 1;
    }
  }
  return content;
}

/** The plain export: one `otpauth://` link per line (groups are not part of a link). */
export function formatLinkList(accounts: readonly OtpAccount[]): string {
  return accounts.map((account) => `${formatOtpauthUri(account)}\n`).join('');
}
