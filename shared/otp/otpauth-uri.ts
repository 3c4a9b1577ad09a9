import type { OtpAccount, OtpType } from './account';
import { DEFAULT_PERIOD, OtpError, parseAlgorithm, parseDigits, validateOtpAccount } from './account';

const OTPAUTH = /^otpauth:\/\/(totp|hotp)\/([^?#]*)(?:\?([^#]*))?(?:#.*)?$/i;

function decode(part: string, plusIsSpace: boolean): string {
  try {
    return decodeURIComponent(plusIsSpace ? part.replace(/\+/g, ' ') : part);
  } catch {
    throw new OtpError('malformed');
  }
}

function queryParams(query: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const key = decode(at < 0 ? pair : pair.slice(0, at), true).toLowerCase();
    // The first occurrence wins, as in Google Authenticator.
    if (!params.has(key)) params.set(key, at < 0 ? '' : decode(pair.slice(at + 1), true));
  }
  return params;
}

/**
 * Reads a Key Uri Format link (github.com/google/google-authenticator/wiki/Key-Uri-Format):
 * `otpauth://totp/Issuer:account?secret=…&issuer=…&algorithm=…&digits=…&period=…` or `hotp` with
 * `counter`. The `issuer` parameter wins over the label's prefix when both are present.
 * Throws OtpError: notOtpauth, malformed, missingSecret, secretNotBase32, badAlgorithm, badDigits,
 * badPeriod, badCounter.
 */
export function parseOtpauthUri(text: string): OtpAccount {
  const match = OTPAUTH.exec(text.trim());
  if (!match) throw new OtpError('notOtpauth');
  const type = match[1]!.toLowerCase() as OtpType;
  const label = decode(match[2]!, false);
  const params = queryParams(match[3] ?? '');

  // An issuer that itself holds a colon is matched whole against the parameter first.
  const paramIssuer = params.get('issuer')?.trim() ?? '';
  const colon = paramIssuer && label.startsWith(`${paramIssuer}:`) ? paramIssuer.length : label.indexOf(':');
  const labelIssuer = colon < 0 ? '' : label.slice(0, colon).trim();
  const account = (colon < 0 ? label : label.slice(colon + 1)).trim();

  const secret = params.get('secret');
  if (!secret) throw new OtpError('missingSecret');
  const period = params.get('period');
  const counter = params.get('counter');
  if (type === 'hotp' && counter !== undefined && !/^\d+$/.test(counter)) throw new OtpError('badCounter');
  if (period !== undefined && !/^\d+$/.test(period)) throw new OtpError('badPeriod');

  return validateOtpAccount({
    type,
    secret,
    issuer: paramIssuer || labelIssuer,
    account,
    algorithm: parseAlgorithm(params.get('algorithm') || 'SHA1'),
    digits: parseDigits(params.get('digits') || 6),
    period: period ? Number(period) : DEFAULT_PERIOD,
    counter: type === 'hotp' && counter ? Number(counter) : 0,
  });
}

/**
 * Writes the link other authenticators import. Defaults are written out too (algorithm, digits,
 * period): some apps assume other defaults when a parameter is missing.
 */
export function formatOtpauthUri(input: OtpAccount): string {
  const account = validateOtpAccount(input);
  const label = account.issuer
    ? `${encodeURIComponent(account.issuer)}:${encodeURIComponent(account.account)}`
    : encodeURIComponent(account.account);
  const params = [`secret=${account.secret}`];
  if (account.issuer) params.push(`issuer=${encodeURIComponent(account.issuer)}`);
  params.push(`algorithm=${account.algorithm}`, `digits=${account.digits}`);
  params.push(account.type === 'totp' ? `period=${account.period}` : `counter=${account.counter}`);
  return `otpauth://${account.type}/${label}?${params.join('&')}`;
}
