import { isString } from '@/lib/field-checks';
import { isAnything, isNumber, isShape } from '@/lib/shape-checks';
import { randomHexId } from '@/lib/ids';
import { persistedSettings } from '@/lib/persisted-settings';
import type { FieldSchema, FieldSchemas } from '@/lib/persisted-settings';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { StateStorage } from 'zustand/middleware';

/**
 * Named settings of the image tools ("微信公众号 1080 宽 WebP 80"), kept in localStorage per tool.
 * Each preset carries an id and `updatedAt` so a later account sync can merge by id, newest wins
 * (`mergePresets`), without changing what tools see.
 */

export interface Preset<S> {
  id: string;
  name: string;
  settings: S;
  /** ms since epoch; the sync merge keeps the newer copy of an id. */
  updatedAt: number;
}

/** Tool id → preset id → when it was deleted (ms since epoch). */
export type RemovedPresets = Record<string, Record<string, number>>;

export interface PresetsState {
  /** Tool id → its presets, in the order they were saved. */
  byTool: Record<string, Preset<unknown>[]>;
  /**
   * Deletions, remembered so a copy from another device or tab that still holds the preset does not
   * bring it back; a preset saved again after its deletion (newer `updatedAt`) does come back.
   */
  removed: RemovedPresets;
  save(toolId: string, name: string, settings: unknown): Preset<unknown>;
  remove(toolId: string, id: string): void;
  /** Takes presets and deletions from elsewhere (the account): same id → the newer wins, a later deletion wins too. */
  merge(toolId: string, incoming: readonly Preset<unknown>[], removed?: Record<string, number>): void;
  /** Forgets every tool's presets (an account's presets leave the device with its session). */
  clear(): void;
}

/** Deletions older than this are forgotten, so the list stays small enough for the synced settings. */
export const REMOVED_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Same id → the newer copy; otherwise both, local order first. A preset deleted at or after its last save stays out. */
export function mergePresets<S>(
  local: readonly Preset<S>[],
  incoming: readonly Preset<S>[],
  removed: Record<string, number> = {},
): Preset<S>[] {
  const byId = new Map(local.map((preset) => [preset.id, preset]));
  for (const preset of incoming) {
    const existing = byId.get(preset.id);
    if (!existing || existing.updatedAt < preset.updatedAt) byId.set(preset.id, preset);
  }
  return [...byId.values()].filter((preset) => (removed[preset.id] ?? -1) < preset.updatedAt);
}

/** Both sets of deletions, the later time of each id, without those older than REMOVED_KEEP_MS. */
export function mergeRemoved(
  local: Record<string, number> = {},
  incoming: Record<string, number> = {},
  now = Date.now(),
): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const [id, at] of [...Object.entries(local), ...Object.entries(incoming)]) {
    if (now - at <= REMOVED_KEEP_MS && at > (merged[id] ?? -1)) merged[id] = at;
  }
  return merged;
}

const presetSchema = isShape({ id: isString, name: isString, settings: isAnything, updatedAt: isNumber() });

/** A stored map whose entries are taken back one by one: one damaged preset or tool drops alone, not every tool's presets. */
function entriesOf<Value>(parse: (value: unknown) => Value | undefined): FieldSchema<Record<string, Value>> {
  return {
    safeParse(value) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return { success: false };
      const kept: Record<string, Value> = {};
      for (const [key, item] of Object.entries(value)) {
        const parsed = parse(item);
        if (parsed !== undefined) kept[key] = parsed;
      }
      return { success: true, data: kept };
    },
  };
}

const presetList = (value: unknown): Preset<unknown>[] | undefined =>
  Array.isArray(value)
    ? value.flatMap((item) => {
        const parsed = presetSchema.safeParse(item);
        if (!parsed.success) return [];
        const { id, name, settings, updatedAt } = parsed.data;
        return [{ id, name, settings, updatedAt }];
      })
    : undefined;

const deletionTimes = entriesOf((value) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined));

const PRESET_FIELDS: FieldSchemas<Pick<PresetsState, 'byTool' | 'removed'>> = {
  byTool: entriesOf(presetList),
  removed: entriesOf((value) => {
    const parsed = deletionTimes.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }),
};

export function createPresetsStore(storage: StateStorage, now: () => number = Date.now, newId: () => string = randomHexId) {
  return create<PresetsState>()(
    persist(
      (set, get) => ({
        byTool: {},
        removed: {},
        save(toolId, name, settings) {
          const trimmed = name.trim();
          const existing = (get().byTool[toolId] ?? []).find((preset) => preset.name === trimmed);
          const preset = { id: existing?.id ?? newId(), name: trimmed, settings, updatedAt: now() };
          set((state) => ({ byTool: { ...state.byTool, [toolId]: mergePresets(state.byTool[toolId] ?? [], [preset]) } }));
          return preset;
        },
        remove(toolId, id) {
          set((state) => ({
            byTool: { ...state.byTool, [toolId]: (state.byTool[toolId] ?? []).filter((preset) => preset.id !== id) },
            removed: { ...state.removed, [toolId]: mergeRemoved(state.removed[toolId], { [id]: now() }, now()) },
          }));
        },
        merge(toolId, incoming, removed) {
          set((state) => {
            const deletions = mergeRemoved(state.removed[toolId], removed, now());
            return {
              byTool: { ...state.byTool, [toolId]: mergePresets(state.byTool[toolId] ?? [], incoming, deletions) },
              removed: { ...state.removed, [toolId]: deletions },
            };
          });
        },
        clear() {
          set({ byTool: {}, removed: {} });
        },
      }),
      // Version 1 had no deletions: its entry restores with none.
      persistedSettings<PresetsState, Pick<PresetsState, 'byTool' | 'removed'>>({
        key: 'baibao:image-presets',
        version: 2,
        storage: () => storage,
        pick: ({ byTool, removed }) => ({ byTool, removed }),
        fields: PRESET_FIELDS,
      }),
    ),
  );
}

/** The app's presets; a storage that forgets stands in where there is no localStorage (Node tests of the tools). */
export const usePresets = createPresetsStore(
  typeof localStorage === 'undefined' ? { getItem: () => null, setItem: () => undefined, removeItem: () => undefined } : localStorage,
);

// Every change is written to localStorage at once, so what another tab wrote is the latest view of
// both: reading it back before this tab's next change keeps that tab's new presets from being overwritten.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === usePresets.persist.getOptions().name) void usePresets.persist.rehydrate();
  });
}
