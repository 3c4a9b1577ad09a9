import { describe, expect, it } from 'vitest';
import { makeOtpAccount } from '@shared/otp/account';
import type { StoredOtpAccount } from '@/platform/storage';
import { exportTargets, liveSelection, mergeAccounts, setTicks, tickGroup } from './backup-selection';

const entry = (id: string, secret: string, group = ''): StoredOtpAccount => ({
  ...makeOtpAccount({ secret, issuer: id }),
  id,
  group,
  order: 0,
  createTime: 1,
});
const a = entry('a', 'JBSWY3DPEHPK3PXP', 'work');
const b = entry('b', 'GEZDGNBVGY3TQOJQ', 'home');
const c = entry('c', 'MFRGGZDFMZTWQ2LK', 'work');
const list = [a, b, c];
const ids = (entries: readonly StoredOtpAccount[]) => entries.map((each) => each.id);

describe('export selection', () => {
  it('exports the ticked accounts in list order, else every account listed now', () => {
    expect(ids(exportTargets(list, list, new Set(['c', 'a'])))).toEqual(['a', 'c']);
    expect(ids(exportTargets(list, [b], new Set()))).toEqual(['b']);
    // A ticked account hidden by a search is still exported: the tick was explicit.
    expect(ids(exportTargets(list, [b], new Set(['c'])))).toEqual(['c']);
    // A tick left from a deleted account is no selection.
    expect(ids(exportTargets(list, list, new Set(['gone'])))).toEqual(['a', 'b', 'c']);
    expect([...liveSelection(list, new Set(['gone', 'b']))]).toEqual(['b']);
  });

  it('ticks and unticks all listed, and ticks a group', () => {
    expect([...setTicks(new Set(['b']), [a, c], true)].sort()).toEqual(['a', 'b', 'c']);
    expect([...setTicks(new Set(['a', 'b']), [a, c], false)]).toEqual(['b']);
    expect([...tickGroup(new Set(), list, 'work')]).toEqual(['a', 'c']);
  });
});

describe('merging an import', () => {
  const makeId = (() => {
    let next = 0;
    return () => `n${(next += 1)}`;
  })();

  it('keeps a backup account its own group, skips duplicates, and counts', () => {
    const incoming = [
      { ...makeOtpAccount({ secret: 'JBSWY3DPEHPK3PXP' }), group: 'other' },
      { ...makeOtpAccount({ secret: 'ONSWG4TFOQ', issuer: 'New' }), group: 'bank' },
      { ...makeOtpAccount({ secret: 'ONSWG4TFOQ', issuer: 'Again' }), group: 'second' },
      { ...makeOtpAccount({ secret: 'OBQXG43XN5ZGI', issuer: 'Plain' }), group: '' },
    ];
    const result = mergeAccounts([a, b], incoming, makeId, 5, 'ignored');
    expect(result.added).toBe(2);
    expect(result.skipped).toBe(2);
    expect(result.accounts.map((each) => [each.issuer, each.group])).toEqual([
      ['a', 'work'],
      ['b', 'home'],
      ['New', 'bank'],
      ['Plain', ''],
    ]);
  });

  it('puts accounts without a group of their own into the chosen one', () => {
    const result = mergeAccounts([a], [makeOtpAccount({ secret: 'ONSWG4TFOQ' })], makeId, 5, 'picked');
    expect(result.accounts[1]!.group).toBe('picked');
  });
});
