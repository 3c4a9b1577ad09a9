import { describe, expect, it } from 'vitest';
import { BROWSER_LIMITS, ExpansionGuard, assessListing } from './limits';

const MB = 1024 * 1024;

describe('assessListing', () => {
  it('accepts an ordinary archive', () => {
    expect(assessListing([{ size: 30 * MB }, { size: 2 * MB }], 10 * MB, BROWSER_LIMITS)).toEqual({ ok: true });
  });

  it('accepts a small but highly compressible archive', () => {
    expect(assessListing([{ size: 50 * MB }], 10_000, BROWSER_LIMITS).ok).toBe(true);
  });

  it('refuses a bomb by ratio', () => {
    const result = assessListing([{ size: 4000 * MB }], 100_000, BROWSER_LIMITS);
    expect(result).toMatchObject({ ok: false, reason: 'ratio' });
  });

  it('refuses more than the total limit even at a modest ratio', () => {
    const result = assessListing([{ size: 3000 * MB }, { size: 3000 * MB }], 3000 * MB, BROWSER_LIMITS);
    expect(result).toMatchObject({ ok: false, reason: 'tooLarge' });
  });

  it('refuses too many entries', () => {
    const entries = Array.from({ length: BROWSER_LIMITS.maxEntries + 1 }, () => ({ size: 0 }));
    expect(assessListing(entries, 1 * MB, BROWSER_LIMITS)).toMatchObject({ ok: false, reason: 'tooManyEntries' });
  });
});

describe('ExpansionGuard', () => {
  it('trips when the real output crosses the ratio that the headers hid', () => {
    const guard = new ExpansionGuard(50_000, BROWSER_LIMITS);
    let verdict = guard.add(0, true);
    for (let i = 0; i < 200 && verdict.ok; i += 1) verdict = guard.add(MB);
    expect(verdict).toMatchObject({ ok: false, reason: 'ratio' });
  });
});
