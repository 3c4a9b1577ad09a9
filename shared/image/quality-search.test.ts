import { describe, expect, it } from 'vitest';
import { searchQuality } from './quality-search';

/** A fake encoder whose size grows with quality like a real one (1 KB per quality step). */
const encoder = (calls: number[]) => async (quality: number) => {
  calls.push(quality);
  return { size: quality * 1024 };
};

describe('searchQuality', () => {
  it('keeps the requested quality when it already fits', async () => {
    const calls: number[] = [];
    expect(await searchQuality(encoder(calls), 100 * 1024, 80)).toMatchObject({ quality: 80, fits: true, attempts: 1 });
    expect(calls).toEqual([80]);
  });

  it('finds the highest fitting quality in about log2 steps', async () => {
    const calls: number[] = [];
    const result = await searchQuality(encoder(calls), 37 * 1024 + 500, 90);
    expect(result).toMatchObject({ quality: 37, fits: true });
    expect(result.output.size).toBe(37 * 1024);
    expect(result.attempts).toBeLessThanOrEqual(8);
  });

  it('returns the smallest output, marked as not fitting, when nothing fits', async () => {
    const result = await searchQuality(encoder([]), 10, 80, 5);
    expect(result).toMatchObject({ quality: 5, fits: false });
  });
});
