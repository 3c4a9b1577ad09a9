import { describe, expect, it } from 'vitest';
import { makeOtpAccount, normalizeBase32, OtpError, otpAccountKey } from './account';
import { formatOtpauthUri, parseOtpauthUri } from './otpauth-uri';

const kindOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof OtpError ? error.kind : `not an OtpError: ${String(error)}`;
  }
  return 'no error';
};

describe('parseOtpauthUri', () => {
  it('reads the Key Uri Format example', () => {
    expect(parseOtpauthUri('otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example')).toEqual({
      type: 'totp',
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Example',
      account: 'alice@google.com',
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      counter: 0,
    });
  });

  it('reads every parameter, encoded labels and an HOTP counter', () => {
    expect(
      parseOtpauthUri('OTPAUTH://HOTP/ACME%20Co%3A%20john.doe%40email.com?secret=hxdm vjec-jjws&algorithm=sha512&digits=8&counter=42'),
    ).toMatchObject({
      type: 'hotp',
      secret: 'HXDMVJECJJWS',
      issuer: 'ACME Co',
      account: 'john.doe@email.com',
      algorithm: 'SHA512',
      digits: 8,
      counter: 42,
    });
    expect(
      parseOtpauthUri('otpauth://totp/%E8%85%BE%E8%AE%AF:%E5%BC%A0%E4%B8%89?secret=GEZDGNBV&period=60&issuer=Tencent+QQ'),
    ).toMatchObject({
      issuer: 'Tencent QQ',
      account: '张三',
      period: 60,
    });
  });

  it('names what is wrong', () => {
    expect(kindOf(() => parseOtpauthUri('https://example.com/login'))).toBe('notOtpauth');
    expect(kindOf(() => parseOtpauthUri('otpauth://steam/x?secret=JBSWY3DP'))).toBe('notOtpauth');
    expect(kindOf(() => parseOtpauthUri('otpauth://totp/x?issuer=a'))).toBe('missingSecret');
    expect(kindOf(() => parseOtpauthUri('otpauth://totp/x?secret=JBSWY3DP0189'))).toBe('secretNotBase32');
    expect(kindOf(() => parseOtpauthUri('otpauth://totp/x?secret=JBSWY3DPE'))).toBe('secretNotBase32');
    expect(kindOf(() => parseOtpauthUri('otpauth://totp/x?secret=JBSWY3DP&algorithm=MD5'))).toBe('badAlgorithm');
    expect(kindOf(() => parseOtpauthUri('otpauth://totp/x?secret=JBSWY3DP&digits=7'))).toBe('badDigits');
    expect(kindOf(() => parseOtpauthUri('otpauth://totp/x?secret=JBSWY3DP&period=-30'))).toBe('badPeriod');
    expect(kindOf(() => parseOtpauthUri('otpauth://totp/x?secret=JBSWY3DP&period=0'))).toBe('badPeriod');
    expect(kindOf(() => parseOtpauthUri('otpauth://hotp/x?secret=JBSWY3DP&counter=1e3'))).toBe('badCounter');
    expect(kindOf(() => parseOtpauthUri('otpauth://totp/%E0%A4%A?secret=JBSWY3DP'))).toBe('malformed');
  });
});

describe('formatOtpauthUri', () => {
  it('round-trips through parse, with characters that need escaping', () => {
    const accounts = [
      makeOtpAccount({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Acme & Co: 测试', account: 'a+b@x.com' }),
      makeOtpAccount({ secret: 'GEZDGNBVGY3TQOJQ', type: 'hotp', counter: 7, digits: 8, algorithm: 'SHA256' }),
      makeOtpAccount({ secret: 'GEZDGNBVGY3TQOJQ', period: 60, algorithm: 'SHA512', account: 'only account' }),
    ];
    for (const account of accounts) expect(parseOtpauthUri(formatOtpauthUri(account))).toEqual(account);
    expect(formatOtpauthUri(accounts[0]!)).toBe(
      'otpauth://totp/Acme%20%26%20Co%3A%20%E6%B5%8B%E8%AF%95:a%2Bb%40x.com?secret=JBSWY3DPEHPK3PXP&issuer=Acme%20%26%20Co%3A%20%E6%B5%8B%E8%AF%95&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('Base32', () => {
  it('normalises what people paste and refuses the rest', () => {
    expect(normalizeBase32(' jbsw y3dp-ehpk 3pxp==== ')).toBe('JBSWY3DPEHPK3PXP');
    expect(kindOf(() => normalizeBase32('   '))).toBe('missingSecret');
    expect(kindOf(() => normalizeBase32('abc1'))).toBe('secretNotBase32');
    expect(otpAccountKey({ type: 'totp', secret: 'jbsw y3dp' })).toBe('totp:JBSWY3DP');
  });
});
