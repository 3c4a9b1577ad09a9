import { HOTP, Secret, TOTP } from 'otpauth';
import type { OtpAccount } from './account';
import { normalizeBase32 } from './account';

type CodeFields = Pick<OtpAccount, 'secret' | 'algorithm' | 'digits'>;

function secretOf(account: CodeFields): Secret {
  return Secret.fromBase32(normalizeBase32(account.secret));
}

/** The TOTP code (RFC 6238) valid at `timeMs` (Unix milliseconds). */
export function totpCode(account: CodeFields & Pick<OtpAccount, 'period'>, timeMs: number): string {
  return TOTP.generate({
    secret: secretOf(account),
    algorithm: account.algorithm,
    digits: account.digits,
    period: account.period,
    timestamp: timeMs,
  });
}

/** The HOTP code (RFC 4226) for `counter`. */
export function hotpCode(account: CodeFields, counter: number): string {
  return HOTP.generate({
    secret: secretOf(account),
    algorithm: account.algorithm,
    digits: account.digits,
    counter,
  });
}

/** The code to show now: TOTP at `timeMs`, HOTP at the account's current counter. */
export function currentCode(account: OtpAccount, timeMs: number): string {
  return account.type === 'totp' ? totpCode(account, timeMs) : hotpCode(account, account.counter);
}

/** Seconds (fractional) until the TOTP code shown at `timeMs` changes: what the countdown ring draws. */
export function totpRemaining(period: number, timeMs: number): number {
  const periodMs = period * 1000;
  return (periodMs - (((timeMs % periodMs) + periodMs) % periodMs)) / 1000;
}
