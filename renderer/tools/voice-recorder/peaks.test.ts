import { describe, expect, it } from 'vitest';
import { computePeaks } from './peaks';

describe('computePeaks', () => {
  it('takes the loudest magnitude per slice across channels', () => {
    const left = new Float32Array([0.1, -0.5, 0.2, 0.3, 0, 0, -0.9, 0.4]);
    const right = new Float32Array([0, 0.6, 0, 0, 0.05, 0, 0, 0]);
    expect(Array.from(computePeaks([left, right], 4)).map((value) => Number(value.toFixed(2)))).toEqual([0.6, 0.3, 0.05, 0.9]);
  });

  it('draws a short recording over more bars than samples without empty gaps', () => {
    const peaks = computePeaks([new Float32Array([0.5, -1])], 4);
    expect(Array.from(peaks)).toEqual([0.5, 0.5, 1, 1]);
  });

  it('returns silence for no samples and caps at 1', () => {
    expect(Array.from(computePeaks([new Float32Array(0)], 3))).toEqual([0, 0, 0]);
    expect(Array.from(computePeaks([new Float32Array([4])], 1))).toEqual([1]);
  });
});
