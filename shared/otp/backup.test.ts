import { describe, expect, it } from 'vitest';
import { makeOtpAccount } from './account';
import { BACKUP_FORMAT, BackupError, formatLinkList, readBackupPayload, toBackupPayload } from './backup';
import { parseOtpauthUri } from './otpauth-uri';

const alice = { ...makeOtpAccount({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'ACME', account: 'alice@example.com' }), group: 'work' };
const counter = makeOtpAccount({ secret: 'GEZDGNBVGY3TQOJQ', type: 'hotp', counter: 7, digits: 8, algorithm: 'SHA512', issuer: '银行' });

function kindOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof BackupError) return error.kind;
    throw error;
  }
  return 'none';
}

describe('OTP backup payload', () => {
  it('writes only the documented fields and reads them back', () => {
    const stored = { ...alice, id: 'a1', order: 3, createTime: 1 };
    const payload = toBackupPayload([stored, { ...counter, icon: ' 银 ' }]);
    expect(payload.format).toBe(BACKUP_FORMAT);
    expect(payload.version).toBe(1);
    expect(Object.keys(payload.accounts[0]!).sort()).toEqual(
      ['account', 'algorithm', 'counter', 'digits', 'group', 'issuer', 'period', 'secret', 'type'].sort(),
    );
    const read = readBackupPayload(JSON.parse(JSON.stringify(payload)));
    expect(read).toEqual({ accounts: [alice, { ...counter, group: '', icon: '银' }], invalid: 0 });
  });

  it('counts records it cannot accept and keeps the rest', () => {
    const payload = toBackupPayload([alice]) as unknown as { accounts: unknown[] };
    payload.accounts.push({ ...alice, secret: 'NOT-BASE32-1' }, { ...alice, digits: 7 }, 'text', null, { type: 'totp' });
    expect(readBackupPayload(payload)).toEqual({ accounts: [alice], invalid: 5 });
  });

  it('reads the bare array a vault record holds, with missing optional fields defaulted', () => {
    expect(readBackupPayload([{ secret: 'jbsw y3dp ehpk 3pxp' }, { type: 'hotp', secret: 'GEZDGNBVGY3TQOJQ', counter: 5 }])).toEqual({
      accounts: [
        { ...makeOtpAccount({ secret: 'JBSWY3DPEHPK3PXP' }), group: '' },
        { ...makeOtpAccount({ secret: 'GEZDGNBVGY3TQOJQ', type: 'hotp', counter: 5 }), group: '' },
      ],
      invalid: 0,
    });
  });

  it('refuses other formats, later versions and a payload without its list', () => {
    expect(kindOf(() => readBackupPayload({ format: 'aegis', db: {} }))).toBe('notBackup');
    expect(kindOf(() => readBackupPayload('text'))).toBe('notBackup');
    expect(kindOf(() => readBackupPayload(null))).toBe('notBackup');
    expect(kindOf(() => readBackupPayload({ ...toBackupPayload([alice]), version: 2 }))).toBe('unsupported');
    expect(kindOf(() => readBackupPayload({ format: BACKUP_FORMAT, version: 1, accounts: {} }))).toBe('damaged');
  });

  it('lists one otpauth link per line that reads back as the same accounts', () => {
    const text = formatLinkList([alice, counter]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(parseOtpauthUri(lines[0]!)).toEqual(makeOtpAccount(alice));
    expect(parseOtpauthUri(lines[1]!)).toEqual(counter);
  });
});
