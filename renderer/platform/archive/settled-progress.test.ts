import { describe, expect, it } from 'vitest';
import { untilSettled } from './settled-progress';

describe('untilSettled', () => {
  it('passes progress on while the job runs and drops reports that land after it settled', async () => {
    const seen: number[] = [];
    let late: ((fraction: number) => void) | undefined;
    const result = await untilSettled({ onProgress: (fraction: number) => seen.push(fraction) }, async ({ onProgress }) => {
      onProgress!(0.5);
      late = onProgress;
      return 'done';
    });
    late!(1);
    expect(result).toBe('done');
    expect(seen).toEqual([0.5]);
  });

  it('also after a failure', async () => {
    const seen: number[] = [];
    let late: ((fraction: number) => void) | undefined;
    const failing = untilSettled({ onProgress: (fraction: number) => seen.push(fraction) }, ({ onProgress }) => {
      late = onProgress;
      return Promise.reject(new Error('broken'));
    });
    await expect(failing).rejects.toThrow('broken');
    late!(0.9);
    expect(seen).toEqual([]);
  });
});
