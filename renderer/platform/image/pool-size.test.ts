import { describe, expect, it } from 'vitest';
import { imageWorkerCount } from './pool-size';

describe('imageWorkerCount', () => {
  it('leaves one core to the page, keeps at least one worker and at most four', () => {
    expect([1, 2, 3, 4, 8, 16].map(imageWorkerCount)).toEqual([1, 1, 2, 3, 4, 4]);
    expect(imageWorkerCount(undefined)).toBe(1);
  });
});
