import { describe, expect, it } from 'vitest';
import { blocksFor, lineAt, prefixSums } from './layout';

describe('grid layout', () => {
  it('finds the line under a position, hidden lines included', () => {
    const offsets = prefixSums([20, 0, 40, 20]);
    expect([...offsets]).toEqual([0, 20, 20, 60, 80]);
    expect(lineAt(offsets, 0)).toBe(1);
    expect(lineAt(offsets, 19.5)).toBe(1);
    expect(lineAt(offsets, 20)).toBe(3);
    expect(lineAt(offsets, 79)).toBe(4);
    expect(lineAt(offsets, 500)).toBe(4);
    expect(lineAt(offsets, -5)).toBe(1);
  });

  it('names the blocks a rectangle needs', () => {
    expect(blocksFor(1, 100, 1, 50)).toEqual([[0, 0]]);
    expect(blocksFor(95, 105, 45, 55)).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
  });
});
