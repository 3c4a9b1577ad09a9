import { z } from 'zod';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { StateStorage } from 'zustand/middleware';
import { P2P_PAIR_TTL_MS, pairCodeSchema } from '@shared/contracts/p2p';
import { persistedSettings } from './persisted-settings';

/** A pairing code this browser joined, and when it last did (epoch ms). */
export interface PairedCode {
  code: string;
  usedAt: number;
}

export interface PairedCodesState {
  /** Most recently used first. */
  pairs: PairedCode[];
  /** After the server admitted this browser to the code's room: each admission renews the code there too. */
  remember(code: string, now?: number): void;
  /** The server refused the code (expired, unknown), or the user removed it. */
  forget(code: string): void;
}

/** Enough for a household's devices and a few friends; the oldest goes first. */
export const PAIRED_CODES_MAX = 20;

const pairsSchema = z.array(z.object({ code: pairCodeSchema, usedAt: z.number().int().nonnegative() })).max(PAIRED_CODES_MAX);

/**
 * The pairing codes this browser keeps, so paired devices meet again on later visits without
 * pairing anew (the server keeps a code 30 days from its last use, docs/decisions.md "P2P signalling").
 */
export function createPairedCodesStore(storage?: () => StateStorage) {
  return create<PairedCodesState>()(
    persist(
      (set) => ({
        pairs: [],
        remember: (code, now = Date.now()) =>
          set((state) => ({
            pairs: [{ code, usedAt: now }, ...state.pairs.filter((pair) => pair.code !== code)].slice(0, PAIRED_CODES_MAX),
          })),
        forget: (code) => set((state) => ({ pairs: state.pairs.filter((pair) => pair.code !== code) })),
      }),
      persistedSettings({
        key: 'baibao:p2p-pairs',
        pick: ({ pairs }) => ({ pairs }),
        fields: { pairs: pairsSchema },
        ...(storage ? { storage } : {}),
      }),
    ),
  );
}

export const usePairedCodes = createPairedCodesStore();

/** The codes the server may still hold: those used within the code lifetime. */
export const livePairs = (pairs: readonly PairedCode[], now = Date.now()): PairedCode[] =>
  pairs.filter((pair) => pair.usedAt + P2P_PAIR_TTL_MS > now);
