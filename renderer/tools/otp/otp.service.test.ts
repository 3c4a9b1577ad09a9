import { describe, expect, it } from 'vitest';
import { makeOtpAccount, OtpError } from '@shared/otp/account';
import type { StoredOtpAccount } from '@/platform/storage';
import { planMigrationBatches } from '@shared/otp/migration';
import { QrError } from '@/lib/qr/qr-error';
import {
  accountsFromVault,
  addAccounts,
  errorKey,
  filterAccounts,
  groupsOf,
  issuerLetter,
  linksFromQrTexts,
  moveAccount,
  parseLinks,
  spacedCode,
} from './otp.service';

const entry = (id: string, issuer: string, account: string, group = '', secret = 'JBSWY3DPEHPK3PXP'): StoredOtpAccount => ({
  ...makeOtpAccount({ secret, issuer, account }),
  id,
  group,
  order: 0,
  createTime: 1,
});

const list = [
  entry('a', 'GitHub', 'me@example.com', 'work'),
  entry('b', 'Google', 'alice', '', 'GEZDGNBVGY3TQOJQ'),
  entry('c', '', 'bob@corp', 'home', 'MFRGGZDFMZTWQ2LK'),
];

describe('otp list', () => {
  it('searches issuer, account and group, case-insensitively, within the chosen group', () => {
    expect(filterAccounts(list, 'GIT', '').map((e) => e.id)).toEqual(['a']);
    expect(filterAccounts(list, 'corp', '').map((e) => e.id)).toEqual(['c']);
    expect(filterAccounts(list, 'work', '').map((e) => e.id)).toEqual(['a']);
    expect(filterAccounts(list, '', 'home').map((e) => e.id)).toEqual(['c']);
    expect(filterAccounts(list, 'google', 'home')).toEqual([]);
    expect(groupsOf(list)).toEqual(['home', 'work']);
  });

  it('moves an account and renumbers the order, clamping at the ends', () => {
    const moved = moveAccount(list, 'c', 0);
    expect(moved.map((e) => [e.id, e.order])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    expect(moveAccount(list, 'a', 99).map((e) => e.id)).toEqual(['b', 'c', 'a']);
    expect(moveAccount(list, 'a', -1)).toBe(list);
  });

  it('adds new accounts at the end and skips duplicates by type and secret, also within the input', () => {
    let n = 0;
    const incoming = [
      makeOtpAccount({ secret: 'jbsw y3dp ehpk 3pxp', issuer: 'Renamed' }),
      makeOtpAccount({ secret: 'KRSXG5CTMVRXEZLU', issuer: 'New' }),
      makeOtpAccount({ secret: 'KRSXG5CTMVRXEZLU', issuer: 'New again' }),
      makeOtpAccount({ secret: 'JBSWY3DPEHPK3PXP', type: 'hotp' }),
    ];
    const result = addAccounts(list, incoming, () => `new-${(n += 1)}`, 42, 'g');
    expect(result.added).toBe(2);
    expect(result.skipped).toBe(2);
    expect(result.accounts.map((e) => [e.id, e.order])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['new-1', 3],
      ['new-2', 4],
    ]);
    expect(result.accounts[3]).toMatchObject({ issuer: 'New', group: 'g', createTime: 42 });
    expect(result.accounts[4]).toMatchObject({ type: 'hotp' });
  });

  it('draws the issuer letter, falling back to the account, and spaces codes in halves', () => {
    expect(issuerLetter({ issuer: 'github', account: 'x' })).toBe('G');
    expect(issuerLetter({ issuer: ' ', account: 'bob' })).toBe('B');
    expect(issuerLetter({ issuer: '', account: '' })).toBe('?');
    expect(issuerLetter({ issuer: '腾讯', account: '' })).toBe('腾');
    expect(issuerLetter({ issuer: 'github', account: 'x', icon: ' GH ' })).toBe('GH');
    expect(issuerLetter({ issuer: 'github', account: 'x', icon: ' ' })).toBe('G');
    expect(spacedCode('123456')).toBe('123 456');
    expect(spacedCode('12345678')).toBe('1234 5678');
  });

  it('names the refusal for translation', () => {
    expect(errorKey(new OtpError('secretNotBase32'))).toBe('secretNotBase32');
    expect(errorKey(new Error('x'))).toBe('unknown');
    // A QrError arrives from the worker as a plain Error carrying its code in the message.
    expect(errorKey(new Error(new QrError('notImage').message))).toBe('notImage');
  });
});

describe('pasted links', () => {
  it('reads otpauth and migration links line by line, with each batch place', () => {
    const accounts = Array.from({ length: 12 }, (_, n) =>
      makeOtpAccount({
        secret: 'JBSWY3DPEHPK3PXP'.slice(0, 8) + String.fromCharCode(65 + n).repeat(8),
        issuer: `Service ${n}`,
        account: `user${n}@example.com`,
      }),
    );
    const links = planMigrationBatches(accounts, 7, 300);
    expect(links.length).toBeGreaterThan(1);
    const text = ['otpauth://totp/GitHub:me?secret=JBSWY3DPEHPK3PXP&issuer=GitHub', '', ...links.map((link) => `  ${link}  `)].join('\r\n');
    const parsed = parseLinks(text);
    expect(parsed.accounts.map((a) => a.issuer)).toEqual(['GitHub', ...accounts.map((a) => a.issuer)]);
    expect(parsed.batches).toEqual(links.map((_, n) => ({ index: n + 1, size: links.length })));
  });

  it('refuses the whole paste on the first bad line, with its kind', () => {
    const good = 'otpauth://totp/a?secret=JBSWY3DPEHPK3PXP';
    const kind = (text: string) => {
      try {
        parseLinks(text);
        return 'accepted';
      } catch (error) {
        return errorKey(error);
      }
    };
    expect(kind(`${good}\nhttps://example.com`)).toBe('notOtpauth');
    expect(kind('otpauth://totp/a?secret=JBSWY3DPEHPK3PX1')).toBe('secretNotBase32');
    const migration = planMigrationBatches([makeOtpAccount({ secret: 'JBSWY3DPEHPK3PXP' })], 1)[0]!;
    expect(kind(migration.slice(0, -12))).toBe('migrationCorrupt');
    expect(kind(`${good}\n${migration}`)).toBe('accepted');
  });
});

describe('scanned QR texts', () => {
  it('reads every code of a picture, refuses a picture without one and a code that is not OTP', () => {
    const kind = (texts: string[]) => {
      try {
        return linksFromQrTexts(texts).accounts.length;
      } catch (error) {
        return errorKey(error);
      }
    };
    expect(kind([])).toBe('noQr');
    expect(kind(['WIFI:S:home;T:WPA;P:secret;;'])).toBe('notOtpauth');
    expect(kind(['otpauth://totp/a?secret=JBSWY3DPEHPK3PXP', 'otpauth://hotp/b?secret=GEZDGNBVGY3TQOJQ&counter=1'])).toBe(2);
  });
});

describe('vault content', () => {
  it('keeps valid records in order and drops what no check accepts', () => {
    const stored = [{ ...list[1]!, order: 1 }, { ...list[0]!, order: 0 }, { id: 'bad', secret: '1!!', type: 'totp' }, 'x', null];
    expect(accountsFromVault(stored)?.map((e) => e.id)).toEqual(['a', 'b']);
    expect(accountsFromVault({ accounts: [] })).toBeUndefined();
  });

  it('keeps the icon letters the edit drawer set', () => {
    expect(accountsFromVault([{ ...list[0]!, icon: 'GH' }])?.[0]?.icon).toBe('GH');
    expect(accountsFromVault([list[0]!])?.[0]).not.toHaveProperty('icon');
  });
});
