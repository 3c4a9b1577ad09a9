import { describe, expect, it } from 'vitest';
import { MAX_SLICE_BYTES, planSlices, SLICE_THRESHOLD_BYTES, sliceRanges } from './slice-plan';

const MB = 1024 * 1024;

function covered(size: number): number {
  let next = 0;
  for (const [start, end] of sliceRanges(size)) {
    expect(start).toBe(next);
    expect(end).toBeGreaterThan(start);
    next = end;
  }
  return next;
}

describe('planSlices', () => {
  it('reads files under 1 MB in one slice and empty files in none', () => {
    expect(planSlices(0)).toEqual({ sliceSize: 0, count: 0 });
    expect(planSlices(1)).toEqual({ sliceSize: 1, count: 1 });
    expect(planSlices(SLICE_THRESHOLD_BYTES - 1)).toEqual({ sliceSize: MB - 1, count: 1 });
  });

  it('splits files of 1 MB or more into 100 slices (spec §9)', () => {
    expect(planSlices(MB).count).toBe(100);
    expect(planSlices(3 * MB + 7).count).toBe(100);
    expect(planSlices(6400 * MB).count).toBe(100);
  });

  it('caps a slice at 64 MB for huge files, using more slices instead', () => {
    const plan = planSlices(20 * 1024 * MB);
    expect(plan.sliceSize).toBe(MAX_SLICE_BYTES);
    expect(plan.count).toBe(320);
  });

  it('covers every byte exactly once', () => {
    for (const size of [0, 1, 999, MB - 1, MB, MB + 1, 3 * MB + 7, 101 * MB + 3]) expect(covered(size)).toBe(size);
  });

  it('rejects sizes that are not byte counts', () => {
    expect(() => planSlices(-1)).toThrow(RangeError);
    expect(() => planSlices(1.5)).toThrow(RangeError);
  });
});
