import { describe, expect, it } from 'vitest';
import { makeOtpAccount } from '@shared/otp/account';
import type { StoredOtpAccount } from '@/platform/storage';
import { checkDraft, draftOf, EMPTY_DRAFT } from './account-form';

const stored = (id: string, secret: string, type: 'totp' | 'hotp' = 'totp'): StoredOtpAccount => ({
  ...makeOtpAccount({ secret, issuer: 'GitHub', account: 'me', type, digits: 8, period: 60, counter: 4 }),
  id,
  group: 'work',
  order: 0,
  createTime: 1,
  icon: 'GH',
});

describe('edit drawer fields', () => {
  it('round-trips a record through its fields', () => {
    const entry = stored('a', 'JBSWY3DPEHPK3PXP', 'hotp');
    const draft = draftOf(entry);
    expect(draft).toEqual({
      issuer: 'GitHub',
      account: 'me',
      secret: 'JBSWY3DPEHPK3PXP',
      type: 'hotp',
      algorithm: 'SHA1',
      digits: '8',
      period: '60',
      counter: '4',
      group: 'work',
      icon: 'GH',
    });
    const { id: _id, group: _group, order: _order, createTime: _time, icon: _icon, ...account } = entry;
    expect(checkDraft(draft, [])).toEqual({ ok: true, account, group: 'work', icon: 'GH' });
  });

  it('normalises what people type: spaced lower-case secrets, padded names', () => {
    const result = checkDraft({ ...EMPTY_DRAFT, secret: 'jbsw y3dp ehpk 3pxp', issuer: ' ACME ', group: ' home ', icon: ' a ' }, []);
    expect(result).toMatchObject({ ok: true, account: { secret: 'JBSWY3DPEHPK3PXP', issuer: 'ACME' }, group: 'home', icon: 'a' });
  });

  it('names the field and reason of each refusal', () => {
    const refusal = (change: Partial<typeof EMPTY_DRAFT>) => {
      const result = checkDraft({ ...EMPTY_DRAFT, secret: 'JBSWY3DPEHPK3PXP', ...change }, []);
      return result.ok ? 'ok' : `${result.field}:${result.problem}`;
    };
    expect(refusal({ secret: '' })).toBe('secret:missingSecret');
    expect(refusal({ secret: 'NOT-BASE32-1890' })).toBe('secret:secretNotBase32');
    expect(refusal({ period: '' })).toBe('period:badPeriod');
    expect(refusal({ period: '0' })).toBe('period:badPeriod');
    expect(refusal({ period: '30.5' })).toBe('period:badPeriod');
    expect(refusal({ period: '90000' })).toBe('period:badPeriod');
    expect(refusal({ type: 'hotp', counter: '-1' })).toBe('counter:badCounter');
    expect(refusal({ type: 'hotp', counter: '' })).toBe('counter:badCounter');
    expect(refusal({ icon: 'ABC' })).toBe('icon:iconTooLong');
    expect(refusal({ icon: '腾讯' })).toBe('ok');
    expect(refusal({ period: ' 45 ', digits: '8', algorithm: 'SHA512' })).toBe('ok');
  });

  it('refuses a secret another account of the same type has, but not the record itself', () => {
    const other = stored('b', 'GEZDGNBVGY3TQOJQ');
    const result = checkDraft({ ...EMPTY_DRAFT, secret: 'gezdgnbvgy3tqojq' }, [other]);
    expect(result).toMatchObject({ ok: false, field: 'secret', problem: 'duplicate', duplicateOf: { id: 'b' } });
    expect(checkDraft({ ...EMPTY_DRAFT, type: 'hotp', secret: 'GEZDGNBVGY3TQOJQ' }, [other]).ok).toBe(true);
  });
});
