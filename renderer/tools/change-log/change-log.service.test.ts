import { describe, expect, it } from 'vitest';
import { CHANGELOG } from '@shared/changelog';
import type { Release } from '@shared/changelog';
import { changelogProblems, kindCounts } from './change-log.service';

const release = (patch: Partial<Release>): Release => ({
  version: '2026.11.21',
  date: '2026-11-21',
  items: [{ kind: 'feature', cn: '新功能', en: 'New' }],
  ...patch,
});

describe('change log', () => {
  it('the shipped change log is well formed: dates, newest first, both languages', () => {
    expect(CHANGELOG.length).toBeGreaterThan(0);
    expect(changelogProblems(CHANGELOG)).toEqual([]);
  });

  it('finds a bad date, the wrong order, an empty release, a missing language and a repeated version', () => {
    expect(changelogProblems([release({ date: '2026/11/21' })])).toHaveLength(1);
    expect(changelogProblems([release({}), release({ version: '2026.11.22', date: '2026-11-22' })])).toEqual([
      '2026.11.22: newer than the release above it',
    ]);
    expect(changelogProblems([release({ items: [] })])).toEqual(['2026.11.21: no items']);
    expect(changelogProblems([release({ items: [{ kind: 'fix', cn: '修复', en: ' ' }] })])).toHaveLength(1);
    expect(changelogProblems([release({}), release({})])).toEqual(['a version is listed twice']);
  });

  it('counts a release’s items by kind, features first, leaving out kinds it has none of', () => {
    const counted = kindCounts(
      release({
        items: [
          { kind: 'fix', cn: 'a', en: 'a' },
          { kind: 'feature', cn: 'b', en: 'b' },
          { kind: 'fix', cn: 'c', en: 'c' },
        ],
      }),
    );
    expect(counted).toEqual([
      { kind: 'feature', count: 1 },
      { kind: 'fix', count: 2 },
    ]);
  });
});
