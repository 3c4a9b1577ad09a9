import { createJSONStorage } from 'zustand/middleware';
import type { PersistOptions, StateStorage } from 'zustand/middleware';
/**
 * What a field's schema must do: any zod schema fits, classic or `zod/mini` (the shell's stores use
 * mini, which keeps classic zod's ~25 KB gzipped out of every page's first download).
 */
export interface FieldSchema<Value> {
  safeParse(value: unknown): { success: true; data: Value } | { success: false };
}

/** One schema per stored field: what a field must be to be taken back. */
export type FieldSchemas<Saved> = { [Key in keyof Saved]-?: FieldSchema<Saved[Key]> };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Field by field: a stored field that passes its schema is kept, any other takes the fallback. So
 * a hand-edited entry, one from an older release or another tab's half-written one can never put a
 * page in a state it has no control for, and one bad field does not throw away the others.
 */
export function restoreFields<Saved extends object>(stored: unknown, fallback: Saved, fields: FieldSchemas<Saved>): Saved {
  const saved = isRecord(stored) ? stored : {};
  const restored = { ...fallback };
  for (const key of Object.keys(fields) as (keyof Saved & string)[]) {
    const parsed = fields[key].safeParse(saved[key]);
    if (parsed.success) restored[key] = parsed.data;
  }
  return restored;
}

interface BaseOptions<State, Saved> {
  /** The localStorage key; never change a shipped one (users would lose their settings). */
  key: string;
  version?: number;
  /** What outlives the page: settings only, never files, rows or results. */
  pick: (state: State) => Saved;
  /** For tests: another storage than localStorage. */
  storage?: () => StateStorage;
  /** Moves an entry written by an older `version` to this one's shape; what comes out is still checked. */
  migrate?: (stored: unknown, version: number) => unknown;
}

type RestoreOptions<State, Saved> = BaseOptions<State, Saved> &
  (
    | { fields: FieldSchemas<Saved>; restore?: never }
    /** For settings a per-field schema cannot say (cross-field rules, language-dependent defaults). */
    | { restore: (stored: unknown, current: State) => Partial<State>; fields?: never }
  );

/**
 * zustand `persist` options for a store's settings: JSON in localStorage, only the picked fields
 * written, and stored values checked on the way back (restoreFields) with the store's initial
 * values as the defaults.
 *
 * ```ts
 * create<State>()(
 *   persist(
 *     (set) => ({ ...defaults, set }),
 *     persistedSettings({ key: 'baibao:x', pick: ({ a, b }) => ({ a, b }), fields: { a: z.boolean(), b: z.enum(['x', 'y']) } }),
 *   ),
 * );
 * ```
 */
export function persistedSettings<State, Saved extends object>(options: RestoreOptions<State, Saved>): PersistOptions<State, Saved> {
  const { key, version = 1, pick, storage = () => localStorage, migrate = (stored) => stored } = options;
  return {
    name: key,
    version,
    migrate: (stored, from) => migrate(stored, from) as Saved,
    storage: createJSONStorage<Saved>(storage),
    partialize: pick,
    merge: (persisted, current) => {
      if (options.restore) return { ...current, ...options.restore(persisted, current) };
      return { ...current, ...restoreFields(persisted, pick(current), options.fields) };
    },
  };
}
