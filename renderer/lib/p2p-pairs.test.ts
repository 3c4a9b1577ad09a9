import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { P2P_PAIR_TTL_MS } from '@shared/contracts/p2p';
import { PAIRED_CODES_MAX, createPairedCodesStore, livePairs } from './p2p-pairs';

function memoryStorage(initial: Record<string, string> = {}): { items: Map<string, string>; storage: () => StateStorage } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    storage: () => ({
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    }),
  };
}

describe('paired codes', () => {
  it('are kept for the next visit, most recent first, one entry per code', () => {
    const memory = memoryStorage();
    const store = createPairedCodesStore(memory.storage);
    store.getState().remember('7KM9QX', 1_000);
    store.getState().remember('A2C3D4', 2_000);
    store.getState().remember('7KM9QX', 3_000);
    expect(store.getState().pairs).toEqual([
      { code: '7KM9QX', usedAt: 3_000 },
      { code: 'A2C3D4', usedAt: 2_000 },
    ]);
    const nextVisit = createPairedCodesStore(memory.storage);
    expect(nextVisit.getState().pairs).toEqual(store.getState().pairs);
    nextVisit.getState().forget('A2C3D4');
    expect(createPairedCodesStore(memory.storage).getState().pairs).toEqual([{ code: '7KM9QX', usedAt: 3_000 }]);
  });

  it('keep at most a bounded number, dropping the oldest', () => {
    const store = createPairedCodesStore(memoryStorage().storage);
    const codes = Array.from(
      { length: PAIRED_CODES_MAX + 3 },
      (_, i) => `2345${'ACDEFGHJKMNPQRTWXY'[Math.floor(i / 6)]}${'6789AC'[i % 6]}`,
    );
    codes.forEach((code, i) => store.getState().remember(code, i));
    expect(store.getState().pairs).toHaveLength(PAIRED_CODES_MAX);
    expect(store.getState().pairs[0]!.code).toBe(codes.at(-1));
    expect(store.getState().pairs.map((pair) => pair.code)).not.toContain(codes[0]);
  });

  it('take back nothing from a stored list that is not one', () => {
    const memory = memoryStorage({
      'baibao:p2p-pairs': JSON.stringify({ state: { pairs: [{ code: 'bad code', usedAt: 1 }] }, version: 1 }),
    });
    expect(createPairedCodesStore(memory.storage).getState().pairs).toEqual([]);
  });

  it('count as live only while the server may still hold them', () => {
    const now = 10 * P2P_PAIR_TTL_MS;
    const pairs = [
      { code: '7KM9QX', usedAt: now - P2P_PAIR_TTL_MS + 1 },
      { code: 'A2C3D4', usedAt: now - P2P_PAIR_TTL_MS },
    ];
    expect(livePairs(pairs, now)).toEqual([pairs[0]]);
  });
});
