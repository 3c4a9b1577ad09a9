import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistedSettings } from '@/lib/persisted-settings';
import { randomHexId } from '@/lib/ids';
import { createStep, MAX_STEPS, parseStoredChain } from './chain-schema';
import type { Step, StepType } from './chain-schema';

export interface ChainPreset {
  id: string;
  name: string;
  steps: Step[];
  updatedAt: number;
}

interface State {
  /** The chain being edited; remembered across reloads. */
  steps: Step[];
  /** Named chains the user saved, in the order they were saved. */
  presets: ChainPreset[];
  add: (type: StepType) => void;
  /** Merges `patch` into a step's options; id and type never change. */
  update: (id: string, patch: Record<string, unknown>) => void;
  remove: (id: string) => void;
  move: (from: number, to: number) => void;
  clear: () => void;
  savePreset: (name: string) => void;
  loadPreset: (id: string) => void;
  removePreset: (id: string) => void;
}

const withFreshIds = (steps: readonly Step[]) => steps.map((step) => ({ ...step, id: randomHexId(8) }));

function parsePresets(value: unknown): ChainPreset[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, name, steps, updatedAt } = item as Partial<Record<keyof ChainPreset, unknown>>;
    if (typeof id !== 'string' || typeof name !== 'string' || name.trim() === '') return [];
    return [{ id, name, steps: parseStoredChain(steps), updatedAt: typeof updatedAt === 'number' ? updatedAt : 0 }];
  });
}

export const useTextAssistantStore = create<State>()(
  persist(
    (set, get) => ({
      steps: [],
      presets: [],
      add: (type) => set(({ steps }) => (steps.length >= MAX_STEPS ? {} : { steps: [...steps, createStep(type, randomHexId(8))] })),
      update: (id, patch) =>
        set(({ steps }) => ({
          steps: steps.map((step) => (step.id === id ? ({ ...step, ...patch, id: step.id, type: step.type } as Step) : step)),
        })),
      remove: (id) => set(({ steps }) => ({ steps: steps.filter((step) => step.id !== id) })),
      move: (from, to) =>
        set(({ steps }) => {
          if (from === to || from < 0 || to < 0 || from >= steps.length || to >= steps.length) return {};
          const next = [...steps];
          const [moved] = next.splice(from, 1);
          next.splice(to, 0, moved!);
          return { steps: next };
        }),
      clear: () => set({ steps: [] }),
      savePreset: (name) => {
        const trimmed = name.trim();
        if (trimmed === '') return;
        // Saving under an existing name replaces that preset: names are how people find them.
        const existing = get().presets.find((preset) => preset.name === trimmed);
        const preset = { id: existing?.id ?? randomHexId(8), name: trimmed, steps: get().steps, updatedAt: Date.now() };
        set(({ presets }) => ({
          presets: existing ? presets.map((item) => (item.id === existing.id ? preset : item)) : [...presets, preset],
        }));
      },
      loadPreset: (id) => {
        const preset = get().presets.find((item) => item.id === id);
        if (preset) set({ steps: withFreshIds(preset.steps) });
      },
      removePreset: (id) => set(({ presets }) => ({ presets: presets.filter((preset) => preset.id !== id) })),
    }),
    persistedSettings({
      key: 'baibao:text-assistant',
      pick: ({ steps, presets }) => ({ steps, presets }),
      // A chain is checked as a whole (steps refer to each other), so it has its own parser.
      restore: (persisted) => {
        const saved: Partial<Record<'steps' | 'presets', unknown>> = typeof persisted === 'object' && persisted !== null ? persisted : {};
        return { steps: parseStoredChain(saved.steps), presets: parsePresets(saved.presets) };
      },
    }),
  ),
);
