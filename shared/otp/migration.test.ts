import { describe, expect, it } from 'vitest';
import type { OtpAccount } from './account';
import { makeOtpAccount, OtpError } from './account';
import { formatMigrationUri, migrationBlocker, migrationSets, parseMigrationUri, planMigrationBatches } from './migration';

const kindOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof OtpError ? error.kind : `not an OtpError: ${String(error)}`;
  }
  return 'no error';
};

// Real Google Authenticator export links published by github.com/scito/extract_otp_secrets
// (example_export.txt, expected values from its example_output.json) and its
// tests/data/test_plus_problem_export.txt (a link whose `+`, `/` and `=` were left unescaped).
const RASPBERRY = '7KSQL2JTUDIS5EF65KLMRQIIGY';
const SAMPLES: [string, Partial<OtpAccount>[], number][] = [
  [
    'otpauth-migration://offline?data=CjUKEPqlBekzoNEukL7qlsjBCDYSDnBpQHJhc3BiZXJyeXBpGgtyYXNwYmVycnlwaSABKAEwAhABGAEgACjr4JKK%2B%2F%2F%2F%2F%2F8B',
    [{ type: 'totp', secret: RASPBERRY, issuer: 'raspberrypi', account: 'pi@raspberrypi' }],
    1,
  ],
  [
    'otpauth-migration://offline?data=CigKEPqlBekzoNEukL7qlsjBCDYSDnBpQHJhc3BiZXJyeXBpIAEoATACEAEYASAAKLzjp5n4%2F%2F%2F%2F%2FwE%3D',
    [{ type: 'totp', secret: RASPBERRY, issuer: '', account: 'pi@raspberrypi' }],
    1,
  ],
  [
    'otpauth-migration://offline?data=CigKEPqlBekzoNEukL7qlsjBCDYSDnBpQHJhc3BiZXJyeXBpIAEoATACCjUKEPqlBekzoNEukL7qlsjBCDYSDnBpQHJhc3BiZXJyeXBpGgtyYXNwYmVycnlwaSABKAEwAhABGAEgACiQ7OOa%2Bf%2F%2F%2F%2F8B',
    [
      { type: 'totp', secret: RASPBERRY, issuer: '', account: 'pi@raspberrypi' },
      { type: 'totp', secret: RASPBERRY, issuer: 'raspberrypi', account: 'pi@raspberrypi' },
    ],
    1,
  ],
  [
    'otpauth-migration://offline?data=CiUKEPqlBekzoNEukL7qlsjBCDYSCWhvdHAgZGVtbyABKAEwATgEEAEYASAAKNuv15j6%2F%2F%2F%2F%2FwE%3D',
    [{ type: 'hotp', secret: RASPBERRY, issuer: '', account: 'hotp demo', counter: 4 }],
    1,
  ],
  [
    'otpauth-migration://offline?data=CjYKEPqlBekzoNEukL7qlsjBCDYSHGVuY29kaW5nOiDCv8Okw4TDqcOJPyAoZGVtbykgASgBMAIQARgBIAAorfCurv%2F%2F%2F%2F%2F%2FAQ%3D%3D',
    [{ type: 'totp', secret: RASPBERRY, issuer: '', account: 'encoding: ¿äÄéÉ? (demo)' }],
    1,
  ],
  [
    'otpauth-migration://offline?data=ClEKFAciUeGF4aS6IDCvMv99ySZ1ekKsEiVTZXJlbml0eUxhYnM6dGVzdDFAc2VyZW5pdHlsYWJzLmNvLnVrGgxTZXJlbml0eUxhYnMgASgBMAIKUQoUkIY8/fbrHZWTb4CBln18lvqt0HcSJVNlcmVuaXR5TGFiczp0ZXN0MkBzZXJlbml0eWxhYnMuY28udWsaDFNlcmVuaXR5TGFicyABKAEwAgpRChScf+1/Ua4d4gCY0W/7fj9VBkM9PBIlU2VyZW5pdHlMYWJzOnRlc3QzQHNlcmVuaXR5bGFicy5jby51axoMU2VyZW5pdHlMYWJzIAEoATACClEKFG6Qu0ryTSFA/l5rmvTIXtNeb5LtEiVTZXJlbml0eUxhYnM6dGVzdDRAc2VyZW5pdHlsYWJzLmNvLnVrGgxTZXJlbml0eUxhYnMgASgBMAIQARgBIAAogtTa1vz/////AQ==',
    [1, 2, 3, 4].map((n) => ({ type: 'totp' as const, issuer: 'SerenityLabs', account: `test${n}@serenitylabs.co.uk` })),
    1,
  ],
];

describe('parseMigrationUri on published Google Authenticator exports', () => {
  it.each(SAMPLES.map((sample, index) => [index, ...sample] as const))('sample %i', (_, uri, expected, batchSize) => {
    const batch = parseMigrationUri(uri);
    expect(batch.version).toBe(1);
    expect(batch.batchSize).toBe(batchSize);
    expect(batch.batchIndex).toBe(0);
    expect(batch.accounts).toHaveLength(expected.length);
    expected.forEach((fields, index) =>
      expect(batch.accounts[index]).toMatchObject({ algorithm: 'SHA1', digits: 6, period: 30, ...fields }),
    );
  });

  it('gives a negative batch id as Google Authenticator writes it (10-byte varint)', () => {
    expect(parseMigrationUri(SAMPLES[0]![0]).batchId).toBeLessThan(0);
  });
});

describe('parseMigrationUri on bad input', () => {
  const good = SAMPLES[3]![0];
  it('refuses other text', () => {
    expect(kindOf(() => parseMigrationUri('otpauth://totp/x?secret=JBSWY3DP'))).toBe('notMigration');
    expect(kindOf(() => parseMigrationUri('otpauth-migration://offline?foo=1'))).toBe('notMigration');
  });
  it('names a truncated link, garbage data and data without accounts', () => {
    expect(kindOf(() => parseMigrationUri('otpauth-migration://offline?data=XXXX'))).toBe('migrationCorrupt');
    expect(kindOf(() => parseMigrationUri('otpauth-migration://offline?data='))).toBe('migrationCorrupt');
    expect(kindOf(() => parseMigrationUri('otpauth-migration://offline?data=%%%'))).toBe('migrationCorrupt');
    expect(kindOf(() => parseMigrationUri('otpauth-migration://offline?data=EAEYASAA'))).toBe('migrationCorrupt');
    // Cut anywhere up to the version field that follows the accounts. A cut inside the batch
    // fields after it leaves every account whole, and those are imported.
    for (let cut = good.indexOf('data=') + 6; cut <= good.indexOf('EAEY'); cut += 1) {
      expect(
        kindOf(() => parseMigrationUri(good.slice(0, cut))),
        `cut at ${cut}`,
      ).toBe('migrationCorrupt');
    }
  });
  it('never throws anything but OtpError on random bytes (fuzz)', () => {
    let seed = 17;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 256;
    for (let round = 0; round < 2000; round++) {
      const bytes = Uint8Array.from({ length: 1 + (round % 90) }, random);
      const uri = `otpauth-migration://offline?data=${encodeURIComponent(btoa(String.fromCharCode(...bytes)))}`;
      try {
        const batch = parseMigrationUri(uri);
        expect(batch.accounts.length).toBeGreaterThan(0);
      } catch (error) {
        expect(error).toBeInstanceOf(OtpError);
      }
    }
  });
});

describe('formatMigrationUri and planMigrationBatches', () => {
  const accounts = Array.from({ length: 23 }, (_, n) =>
    makeOtpAccount({
      secret: n % 3 ? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' : 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      issuer: n % 2 ? `Service ${n}` : '',
      account: `user${n}@example.com`,
      algorithm: n % 3 ? 'SHA1' : 'SHA512',
      digits: n % 4 ? 6 : 8,
      type: n % 5 ? 'totp' : 'hotp',
      counter: n % 5 ? 0 : n * 1000,
    }),
  );

  it('round-trips accounts (decoded structures, not bytes)', () => {
    const uri = formatMigrationUri({ accounts: accounts.slice(0, 5), version: 1, batchSize: 1, batchIndex: 0, batchId: -123456 });
    expect(parseMigrationUri(uri)).toEqual({ accounts: accounts.slice(0, 5), version: 1, batchSize: 1, batchIndex: 0, batchId: -123456 });
  });

  it('splits an export into links that each fit one QR code, numbered as Google Authenticator does', () => {
    const links = planMigrationBatches(accounts, 987654);
    expect(links.length).toBeGreaterThan(2);
    const batches = links.map(parseMigrationUri);
    batches.forEach((batch, index) => {
      expect(batch).toMatchObject({ version: 1, batchSize: links.length, batchIndex: index, batchId: 987654 });
      expect(links[index]!.length).toBeLessThanOrEqual(600);
    });
    expect(batches.flatMap((batch) => batch.accounts)).toEqual(accounts);
  });

  it('gives an account too large for the limit a link of its own', () => {
    const links = planMigrationBatches(accounts.slice(0, 3), 1, 50);
    expect(links).toHaveLength(3);
  });

  it('names accounts the payload cannot carry', () => {
    expect(migrationBlocker(makeOtpAccount({ secret: 'JBSWY3DP', period: 60 }))).toBe('period');
    expect(migrationBlocker(makeOtpAccount({ secret: 'JBSWY3DP' }))).toBeUndefined();
  });
});

describe('migrationSets', () => {
  it('tells which codes of each export are still to scan', () => {
    const accounts = Array.from({ length: 30 }, (_, n) =>
      makeOtpAccount({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', issuer: `Service ${n}`, account: `u${n}` }),
    );
    const first = planMigrationBatches(accounts, 11).map(parseMigrationUri);
    const second = planMigrationBatches(accounts.slice(0, 2), 22).map(parseMigrationUri);
    expect(first.length).toBeGreaterThanOrEqual(3);
    const scanned = [first[2]!, second[0]!, first[0]!, first[2]!];
    expect(migrationSets(scanned)).toEqual([
      {
        batchId: 11,
        batchSize: first.length,
        read: [0, 2],
        missing: Array.from({ length: first.length }, (_, i) => i).filter((i) => i !== 0 && i !== 2),
      },
      { batchId: 22, batchSize: 1, read: [0], missing: [] },
    ]);
  });
});
