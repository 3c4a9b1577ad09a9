import type { HashAlgorithm } from '../contracts/hash';

/**
 * What each algorithm costs in hash-wasm, in ms per MB (Node 24 / V8 on the 2-core bench machine:
 * MD5 404, SHA-1 409, SHA-256 160, SHA-512 279, CRC32 1230, SM3 158 MB/s). Only the ratios matter.
 */
export const HASH_COST_MS_PER_MB: Record<HashAlgorithm, number> = { md5: 2.5, sha1: 2.4, sha256: 6.3, sha512: 3.6, crc32: 0.8, sm3: 6.3 };

/**
 * Splits the algorithms of one pass into at most `maxGroups` groups of about equal cost, one per
 * hashing thread (longest first, each to the cheapest group so far). All six on one thread run at
 * ~46 MB/s; in two groups the slower one runs at ~89 MB/s.
 */
export function algorithmGroups(algorithms: readonly HashAlgorithm[], maxGroups: number): HashAlgorithm[][] {
  const unique = [...new Set(algorithms)].sort((a, b) => HASH_COST_MS_PER_MB[b] - HASH_COST_MS_PER_MB[a]);
  const groups = Array.from({ length: Math.max(1, Math.min(Math.floor(maxGroups), unique.length)) }, () => ({
    cost: 0,
    members: [] as HashAlgorithm[],
  }));
  for (const algorithm of unique) {
    const cheapest = groups.reduce((best, group) => (group.cost < best.cost ? group : best));
    cheapest.members.push(algorithm);
    cheapest.cost += HASH_COST_MS_PER_MB[algorithm];
  }
  return groups.map((group) => group.members).filter((members) => members.length > 0);
}
