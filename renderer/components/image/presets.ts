import { randomHexId } from '@/lib/ids';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
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

export interface PresetsState {
  /** Tool id → its presets, in the order they were saved. */
  byTool: Record<string, Preset<unknown>[]>;
  save(toolId: string, name: string, settings: unknown): Preset<unknown>;
  remove(toolId: string, id: string): void;
  /** Takes presets from elsewhere (the account, later): same id → the newer wins. */
  merge(toolId: string, incoming: readonly Preset<unknown>[]): void;
  /** Forgets every tool's presets (an account's presets leave the device with its session). */
  clear(): void;
}

/** Same id → the newer copy; otherwise both, local order first. A name saved again replaces the old preset of that name. */
export function mergePresets<S>(local: readonly Preset<S>[], incoming: readonly Preset<S>[]): Preset<S>[] {
  const byId = new Map(local.map((preset) => [preset.id, preset]));
  for (const preset of incoming) {
    const existing = byId.get(preset.id);
    if (!existing || existing.updatedAt < preset.updatedAt) byId.set(preset.id, preset);
  }
  return [...byId.values()];
}

export function createPresetsStore(storage: StateStorage, now: () => number = Date.now, newId: () => string = randomHexId) {
  return create<PresetsState>()(
    persist(
      (set, get) => ({
        byTool: {},
        save(toolId, name, settings) {
          const trimmed = name.trim();
          const existing = (get().byTool[toolId] ?? []).find((preset) => preset.name === trimmed);
          const preset = { id: existing?.id ?? newId(), name: trimmed, settings, updatedAt: now() };
          set((state) => ({ byTool: { ...state.byTool, [toolId]: mergePresets(state.byTool[toolId] ?? [], [preset]) } }));
          return preset;
        },
        remove(toolId, id) {
          set((state) => ({ byTool: { ...state.byTool, [toolId]: (state.byTool[toolId] ?? []).filter((preset) => preset.id !== id) } }));
        },
        merge(toolId, incoming) {
          set((state) => ({ byTool: { ...state.byTool, [toolId]: mergePresets(state.byTool[toolId] ?? [], incoming) } }));
        },
        clear() {
          set({ byTool: {} });
        },
      }),
      { name: 'baibao:image-presets', version: 1, storage: createJSONStorage(() => storage), partialize: ({ byTool }) => ({ byTool }) },
    ),
  );
}

/** The app's presets; a storage that forgets stands in where there is no localStorage (Node tests of the tools). */
export const usePresets = createPresetsStore(
  typeof localStorage === 'undefined' ? { getItem: () => null, setItem: () => undefined, removeItem: () => undefined } : localStorage,
);
