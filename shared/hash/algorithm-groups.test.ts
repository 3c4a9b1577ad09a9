import { describe, expect, it } from 'vitest';
import { HASH_ALGORITHMS } from '../contracts/hash';
import { algorithmGroups, HASH_COST_MS_PER_MB } from './algorithm-groups';

const cost = (group: readonly string[]) =>
  group.reduce((sum, algorithm) => sum + HASH_COST_MS_PER_MB[algorithm as keyof typeof HASH_COST_MS_PER_MB], 0);

describe('algorithmGroups', () => {
  it('keeps everything in one group for one thread', () => {
    expect(algorithmGroups(HASH_ALGORITHMS, 1)).toEqual([
      [...HASH_ALGORITHMS].sort((a, b) => HASH_COST_MS_PER_MB[b] - HASH_COST_MS_PER_MB[a]),
    ]);
  });

  it('splits all six into two groups of nearly equal cost, each algorithm exactly once', () => {
    const groups = algorithmGroups(HASH_ALGORITHMS, 2);
    expect(groups).toHaveLength(2);
    expect(groups.flat().sort()).toEqual([...HASH_ALGORITHMS].sort());
    const [a = [], b = []] = groups;
    // The slower thread carries at most 55 % of the work (one thread would carry all of it).
    expect(Math.max(cost(a), cost(b)) / (cost(a) + cost(b))).toBeLessThan(0.55);
  });

  it('never makes more groups than algorithms, nor empty ones, and drops repeats', () => {
    expect(algorithmGroups(['md5'], 3)).toEqual([['md5']]);
    expect(algorithmGroups(['sha256', 'sm3', 'sha256'], 3)).toEqual([['sha256'], ['sm3']]);
    expect(algorithmGroups(['crc32', 'md5'], 0)).toEqual([['md5', 'crc32']]);
  });
});
