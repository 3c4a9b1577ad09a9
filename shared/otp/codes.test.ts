import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import type { OtpAccount, OtpAlgorithm } from './account';
import { bytesToBase32, makeOtpAccount } from './account';
import { hotpCode, totpCode, totpRemaining } from './codes';

// Node resolves 'otpauth' to its node:crypto build; the website and the desktop window bundle the
// browser build (its own HMAC from @noble/hashes). Test the one that ships.
vi.mock('otpauth', () => import('otpauth/dist/otpauth.esm.js'));

const ascii = (text: string) => bytesToBase32(new TextEncoder().encode(text));
const SEEDS: Record<OtpAlgorithm, string> = {
  SHA1: ascii('12345678901234567890'),
  SHA256: ascii('12345678901234567890123456789012'),
  SHA512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
};

describe('HOTP (RFC 4226 appendix D)', () => {
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(expected.map((code, counter) => [counter, code] as const))('counter %i → %s', (counter, code) => {
    expect(hotpCode({ secret: SEEDS.SHA1, algorithm: 'SHA1', digits: 6 }, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B)', () => {
  const vectors: [number, OtpAlgorithm, string][] = [
    [59, 'SHA1', '94287082'],
    [59, 'SHA256', '46119246'],
    [59, 'SHA512', '90693936'],
    [1111111109, 'SHA1', '07081804'],
    [1111111109, 'SHA256', '68084774'],
    [1111111109, 'SHA512', '25091201'],
    [1111111111, 'SHA1', '14050471'],
    [1111111111, 'SHA256', '67062674'],
    [1111111111, 'SHA512', '99943326'],
    [1234567890, 'SHA1', '89005924'],
    [1234567890, 'SHA256', '91819424'],
    [1234567890, 'SHA512', '93441116'],
    [2000000000, 'SHA1', '69279037'],
    [2000000000, 'SHA256', '90698825'],
    [2000000000, 'SHA512', '38618901'],
    [20000000000, 'SHA1', '65353130'],
    [20000000000, 'SHA256', '77737706'],
    [20000000000, 'SHA512', '47863826'],
  ];
  it.each(vectors)('T=%i %s → %s', (seconds, algorithm, code) => {
    expect(totpCode({ secret: SEEDS[algorithm], algorithm, digits: 8, period: 30 }, seconds * 1000)).toBe(code);
  });

  it('counts down to the next step', () => {
    expect(totpRemaining(30, 0)).toBe(30);
    expect(totpRemaining(30, 29_500)).toBe(0.5);
    expect(totpRemaining(60, 61_000)).toBe(59);
  });
});

function hasOathtool(): boolean {
  try {
    execFileSync('oathtool', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const oathtool = hasOathtool();
if (!oathtool) console.warn('oathtool not installed (apt-get install oathtool): its cross-checks are skipped');

describe.skipIf(!oathtool)('against Debian oathtool', () => {
  // A secret of odd length (26 characters, 16 bytes) as services hand out, not an RFC seed.
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEH';
  const times = [0, 59, 1_700_000_000, 1_799_999_999, 4_102_444_800];
  const cases: [OtpAlgorithm, 6 | 8, number][] = [
    ['SHA1', 6, 30],
    ['SHA256', 8, 30],
    ['SHA512', 8, 60],
    ['SHA1', 8, 15],
  ];

  it.each(cases)('TOTP %s, %i digits, %i s', (algorithm, digits, period) => {
    const account: OtpAccount = makeOtpAccount({ secret, algorithm, digits, period });
    for (const time of times) {
      const expected = execFileSync('oathtool', [
        `--totp=${algorithm.toLowerCase()}`,
        '-d',
        String(digits),
        '-s',
        String(period),
        '-N',
        `@${time}`,
        '--base32',
        secret,
      ])
        .toString()
        .trim();
      expect(totpCode(account, time * 1000), `T=${time}`).toBe(expected);
    }
  });

  it('HOTP counters 0…20', () => {
    const expected = execFileSync('oathtool', ['--hotp', '-c', '0', '-w', '20', '--base32', secret]).toString().trim().split('\n');
    const codes = Array.from({ length: 21 }, (_, counter) => hotpCode(makeOtpAccount({ secret }), counter));
    expect(codes).toEqual(expected);
  });
});
