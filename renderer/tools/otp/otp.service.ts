/** The page's pure list logic: no DOM, no React, testable under Node. */
import type { OtpAccount, OtpErrorKind } from '@shared/otp/account';
import { isOtpError, otpAccountKey, validateOtpAccount } from '@shared/otp/account';
import { isMigrationUri, parseMigrationUri } from '@shared/otp/migration';
import { parseOtpauthUri } from '@shared/otp/otpauth-uri';
import { qrErrorCode } from '@/lib/qr/qr-error';
import type { QrErrorCode } from '@/lib/qr/qr-error';
import type { StoredOtpAccount } from '@/platform/storage';

/** Accounts whose issuer, name or group contain the query (case-insensitive), within a group if one is chosen. */
export function filterAccounts(accounts: readonly StoredOtpAccount[], query: string, group: string): StoredOtpAccount[] {
  const needle = query.trim().toLowerCase();
  return accounts.filter(
    (entry) =>
      (!group || entry.group === group) &&
      (!needle || [entry.issuer, entry.account, entry.group].some((text) => text.toLowerCase().includes(needle))),
  );
}

/** The groups in use, sorted, without the empty one. */
export function groupsOf(accounts: readonly StoredOtpAccount[]): string[] {
  return [...new Set(accounts.map((entry) => entry.group).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

/** The list with `order` renumbered 0..n-1 in the given sequence. */
const renumbered = (accounts: readonly StoredOtpAccount[]) => accounts.map((entry, order) => ({ ...entry, order }));

/**
 * Moves one account to `toIndex` (clamped), for drag and drop and the keyboard's move up/down.
 * Returns the whole list renumbered, or the same array when nothing moves.
 */
export function moveAccount(accounts: readonly StoredOtpAccount[], id: string, toIndex: number): StoredOtpAccount[] {
  const from = accounts.findIndex((entry) => entry.id === id);
  const to = Math.max(0, Math.min(accounts.length - 1, toIndex));
  if (from < 0 || from === to) return accounts as StoredOtpAccount[];
  const next = [...accounts];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return renumbered(next);
}

export interface AddResult {
  accounts: StoredOtpAccount[];
  added: number;
  /** Incoming accounts whose secret and type were already in the list (or twice in the input). */
  skipped: number;
}

/** Appends new accounts after the existing ones, skipping duplicates (same type and secret). */
export function addAccounts(
  existing: readonly StoredOtpAccount[],
  incoming: readonly OtpAccount[],
  makeId: () => string,
  now: number,
  group = '',
): AddResult {
  const seen = new Set(existing.map((entry) => otpAccountKey(entry)));
  const accounts = [...existing];
  let skipped = 0;
  for (const account of incoming) {
    const key = otpAccountKey(account);
    if (seen.has(key)) {
      skipped += 1;
      continue;
    }
    seen.add(key);
    accounts.push({ ...account, id: makeId(), group, order: accounts.length, createTime: now });
  }
  return { accounts: renumbered(accounts), added: accounts.length - existing.length, skipped };
}

/** What the icon shows: the letters the user chose, else the issuer's first character, else the account's, else '?'. */
export function issuerLetter(entry: Pick<StoredOtpAccount, 'issuer' | 'account' | 'icon'>): string {
  if (entry.icon?.trim()) return entry.icon.trim();
  const first = [...(entry.issuer.trim() || entry.account.trim())][0];
  return first ? first.toUpperCase() : '?';
}

/** A stable hue per issuer, so the same service always gets the same icon colour. */
export function issuerHue(entry: Pick<OtpAccount, 'issuer' | 'account'>): number {
  let hash = 0;
  for (const char of (entry.issuer || entry.account).toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}

/** The code as people read it: two halves ("123 456", "1234 5678"). */
export function spacedCode(code: string): string {
  const half = Math.ceil(code.length / 2);
  return `${code.slice(0, half)} ${code.slice(half)}`;
}

/** A picture (or all pictures of one pick) held no QR code at all. */
export class NoQrError extends Error {
  override readonly name = 'NoQrError';
}

export type InputErrorKey = OtpErrorKind | QrErrorCode | 'noQr' | 'unknown';

/** The locale key under `errors` for a refused input. */
export function errorKey(error: unknown): InputErrorKey {
  if (isOtpError(error)) return error.kind;
  if (error instanceof NoQrError) return 'noQr';
  return qrErrorCode(error) ?? 'unknown';
}

export interface ParsedLinks {
  accounts: OtpAccount[];
  /** Each migration link's place in its export, 1-based ("1 of 3"), in the order pasted. */
  batches: { index: number; size: number }[];
}

/**
 * Reads every non-empty line as an `otpauth://` or Google Authenticator `otpauth-migration://`
 * link. The first bad line refuses the whole paste (OtpError), so nothing half-imports silently.
 */
export function parseLinks(text: string): ParsedLinks {
  const result: ParsedLinks = { accounts: [], batches: [] };
  for (const line of text.split(/\r?\n/)) {
    const link = line.trim();
    if (!link) continue;
    if (isMigrationUri(link)) {
      const batch = parseMigrationUri(link);
      result.accounts.push(...batch.accounts);
      result.batches.push({ index: batch.batchIndex + 1, size: batch.batchSize });
    } else {
      result.accounts.push(parseOtpauthUri(link));
    }
  }
  return result;
}

/**
 * The accounts in the texts of scanned QR codes. No code at all is NoQrError; a code that is not
 * an OTP link (a web address, a Wi-Fi login) refuses the scan with its OtpError kind.
 */
export function linksFromQrTexts(texts: readonly string[]): ParsedLinks {
  if (texts.length === 0) throw new NoQrError('no QR code in the picture');
  return parseLinks(texts.map((text) => text.replace(/[\r\n]+/g, '')).join('\n'));
}

/** Idle time after which an unlocked vault locks itself (the key and the list leave memory). */
export const AUTO_LOCK_MS = 5 * 60 * 1000;

/** The shortest vault password accepted: PBKDF2 slows guessing, it cannot save a 3-letter password. */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * The account list inside an opened vault, checked field by field: a vault written by a later
 * release, or altered, never puts an unreadable record on the page. Bad records are dropped.
 */
export function accountsFromVault(data: unknown): StoredOtpAccount[] | undefined {
  if (!Array.isArray(data)) return undefined;
  const accounts: StoredOtpAccount[] = [];
  for (const item of data as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Partial<StoredOtpAccount>;
    try {
      accounts.push({
        ...validateOtpAccount(record as OtpAccount),
        id: typeof record.id === 'string' && record.id ? record.id : `vault-${accounts.length}`,
        group: typeof record.group === 'string' ? record.group : '',
        order: typeof record.order === 'number' ? record.order : accounts.length,
        createTime: typeof record.createTime === 'number' ? record.createTime : 0,
        ...(typeof record.icon === 'string' && record.icon ? { icon: record.icon } : {}),
      });
    } catch {
      // A record no check accepts is left out rather than breaking the whole list.
    }
  }
  return accounts.sort((a, b) => a.order - b.order);
}
