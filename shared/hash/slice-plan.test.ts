import { describe, expect, it } from 'vitest';
import { MAX_SLICE_BYTES, planSlices, readSteps, SLICE_THRESHOLD_BYTES, sliceRanges } from './slice-plan';

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

describe('readSteps', () => {
  const steps = (size: number, readBytes: number) => [...readSteps(size, readBytes)];

  it('reads small slices several at a time, ending a part at every slice', () => {
    const plan = planSlices(200 * MB);
    const reads = steps(200 * MB, 8 * MB);
    expect(reads).toHaveLength(25);
    expect(reads.flatMap((step) => step.parts).filter((part) => part.endsSlice)).toHaveLength(plan.count);
    expect(reads.every((step) => step.end - step.start <= 8 * MB)).toBe(true);
  });

  it('cuts a slice bigger than one read into pieces, only the last ending the slice', () => {
    const reads = steps(20 * 1024 * MB, 8 * MB);
    expect(reads).toHaveLength((20 * 1024) / 8);
    expect(reads.slice(0, 8).map((step) => step.parts.map((part) => part.endsSlice))).toEqual([...Array(7).fill([false]), [true]]);
  });

  it('covers every byte exactly once, in order, with parts inside their read', () => {
    for (const [size, readBytes] of [
      [0, 10],
      [1, 10],
      [MB, 3 * 1024],
      [3 * MB + 7, 100_000],
      [101 * MB + 3, 8 * MB],
    ] as const) {
      let next = 0;
      for (const step of readSteps(size, readBytes)) {
        expect(step.start).toBe(next);
        for (const part of step.parts) {
          expect(part.end).toBeGreaterThan(next);
          next = part.end;
        }
        expect(step.end).toBe(next);
      }
      expect(next).toBe(size);
    }
  });

  it('rejects read sizes that are not byte counts', () => {
    expect(() => steps(MB, 0)).toThrow(RangeError);
  });
});
