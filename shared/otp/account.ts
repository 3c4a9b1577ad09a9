import { Secret } from 'otpauth';

/** One authenticator entry as every OTP core (URI, migration, codes, vault) exchanges it. */
export interface OtpAccount {
  type: OtpType;
  /** Base32, upper case, no padding or spaces (normalizeBase32). */
  secret: string;
  /** May be empty: many links carry only an account name. */
  issuer: string;
  /** The label's account part (an e-mail, a user name); may be empty. */
  account: string;
  algorithm: OtpAlgorithm;
  digits: OtpDigits;
  /** TOTP step in seconds; kept for HOTP too (ignored) so a type switch in the editor keeps it. */
  period: number;
  /** HOTP moving factor: the counter the NEXT code is computed from. Ignored for TOTP. */
  counter: number;
}

export type OtpType = 'totp' | 'hotp';
export const OTP_ALGORITHMS = ['SHA1', 'SHA256', 'SHA512'] as const;
export type OtpAlgorithm = (typeof OTP_ALGORITHMS)[number];
export const OTP_DIGITS = [6, 8] as const;
export type OtpDigits = (typeof OTP_DIGITS)[number];
export const DEFAULT_PERIOD = 30;

/**
 * Why an OTP input was refused; the page maps each kind to a translated message.
 * - notOtpauth: not an `otpauth://totp|hotp/…` link at all (e.g. a QR holding a web address)
 * - malformed: an otpauth link whose encoding is broken (bad %-escapes)
 * - missingSecret / secretNotBase32: no secret, or one with letters outside A–Z 2–7
 * - badAlgorithm / badDigits / badPeriod / badCounter: a parameter we cannot honour
 * - notMigration / migrationCorrupt: not an `otpauth-migration://offline?data=` link, or its data
 *   is truncated, not base64 or not a Google Authenticator payload
 */
export type OtpErrorKind =
  | 'notOtpauth'
  | 'malformed'
  | 'missingSecret'
  | 'secretNotBase32'
  | 'badAlgorithm'
  | 'badDigits'
  | 'badPeriod'
  | 'badCounter'
  | 'notMigration'
  | 'migrationCorrupt';

export class OtpError extends Error {
  override readonly name = 'OtpError';
  constructor(
    readonly kind: OtpErrorKind,
    message: string = kind,
  ) {
    super(message);
  }
}

export function isOtpError(error: unknown): error is OtpError {
  return error instanceof OtpError;
}

/**
 * Upper-cases and drops what people and services add for readability (spaces, hyphens, `=`
 * padding), then checks the alphabet and that the length can be whole bytes: RFC 4648 never
 * ends a group after 1, 3 or 6 characters, and such a secret was mistyped.
 */
export function normalizeBase32(input: string): string {
  const secret = input
    .replace(/[\s-]+/g, '')
    .replace(/=+$/, '')
    .toUpperCase();
  if (!secret) throw new OtpError('missingSecret');
  if (!/^[A-Z2-7]+$/.test(secret) || [1, 3, 6].includes(secret.length % 8)) {
    throw new OtpError('secretNotBase32');
  }
  return secret;
}

export function base32ToBytes(secret: string): Uint8Array {
  return Secret.fromBase32(normalizeBase32(secret)).bytes;
}

export function bytesToBase32(bytes: Uint8Array): string {
  return new Secret({ buffer: bytes.slice().buffer }).base32;
}

export function parseAlgorithm(value: string): OtpAlgorithm {
  const upper = value.toUpperCase().replace('-', '');
  if ((OTP_ALGORITHMS as readonly string[]).includes(upper)) return upper as OtpAlgorithm;
  throw new OtpError('badAlgorithm');
}

export function parseDigits(value: string | number): OtpDigits {
  const digits = Number(value);
  if ((OTP_DIGITS as readonly number[]).includes(digits)) return digits as OtpDigits;
  throw new OtpError('badDigits');
}

/** A new account with the defaults every authenticator uses (SHA1, 6 digits, 30 s). */
export function makeOtpAccount(fields: Partial<OtpAccount> & Pick<OtpAccount, 'secret'>): OtpAccount {
  const account: OtpAccount = {
    type: 'totp',
    issuer: '',
    account: '',
    algorithm: 'SHA1',
    digits: 6,
    period: DEFAULT_PERIOD,
    counter: 0,
    ...fields,
  };
  return validateOtpAccount(account);
}

/** Checks and normalises every field; throws OtpError naming the first bad one. */
export function validateOtpAccount(account: OtpAccount): OtpAccount {
  const period = Number(account.period);
  if (!Number.isInteger(period) || period < 1 || period > 86_400) throw new OtpError('badPeriod');
  const counter = Number(account.counter);
  if (!Number.isSafeInteger(counter) || counter < 0) throw new OtpError('badCounter');
  if (account.type !== 'totp' && account.type !== 'hotp') throw new OtpError('notOtpauth');
  return {
    type: account.type,
    secret: normalizeBase32(account.secret),
    issuer: account.issuer.trim(),
    account: account.account.trim(),
    algorithm: parseAlgorithm(account.algorithm),
    digits: parseDigits(account.digits),
    period,
    counter,
  };
}

/**
 * What makes two entries the same key for "duplicates skipped" on import: the secret and type.
 * Names are left out because Google Authenticator's export may rename (issuer prefix in the name).
 */
export function otpAccountKey(account: Pick<OtpAccount, 'type' | 'secret'>): string {
  return `${account.type}:${normalizeBase32(account.secret)}`;
}
