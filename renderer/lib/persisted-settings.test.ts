import { z } from 'zod';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { StateStorage } from 'zustand/middleware';
import { describe, expect, it } from 'vitest';
import { persistedSettings, restoreFields } from './persisted-settings';

const fields = { mode: z.enum(['side', 'top']), collapsed: z.boolean(), names: z.array(z.string()) };
const defaults = { mode: 'side' as 'side' | 'top', collapsed: false, names: [] as string[] };

/** A real key-value storage in memory, shared by the "tabs" of one test. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const storage: StateStorage = {
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => void items.set(name, value),
    removeItem: (name) => void items.delete(name),
  };
  return { storage, items };
}

function storeOn(storage: StateStorage) {
  type State = typeof defaults & { rows: number[]; set: (patch: Partial<typeof defaults>) => void };
  return create<State>()(
    persist(
      (set) => ({ ...defaults, rows: [1, 2], set: (patch) => set(patch) }),
      persistedSettings({
        key: 'baibao:test',
        pick: ({ mode, collapsed, names }) => ({ mode, collapsed, names }),
        fields,
        storage: () => storage,
      }),
    ),
  );
}

describe('restoreFields', () => {
  it('keeps each valid field and takes the default for each invalid or missing one', () => {
    expect(restoreFields({ mode: 'top', collapsed: 'yes', names: ['a'] }, defaults, fields)).toEqual({
      mode: 'top',
      collapsed: false,
      names: ['a'],
    });
    expect(restoreFields({ mode: 'diagonal' }, defaults, fields)).toEqual(defaults);
    for (const junk of [null, undefined, 'x', 42, ['top']]) expect(restoreFields(junk, defaults, fields)).toEqual(defaults);
  });
});

describe('persistedSettings', () => {
  it('writes only the picked settings and reads them back in a new page', () => {
    const { storage, items } = memoryStorage();
    storeOn(storage)
      .getState()
      .set({ mode: 'top', names: ['x'] });
    expect(JSON.parse(items.get('baibao:test')!)).toEqual({ state: { mode: 'top', collapsed: false, names: ['x'] }, version: 1 });
    const again = storeOn(storage).getState();
    expect({ mode: again.mode, names: again.names, rows: again.rows }).toEqual({ mode: 'top', names: ['x'], rows: [1, 2] });
  });

  it('a damaged or foreign entry restores what is valid and defaults the rest', () => {
    const { storage } = memoryStorage({
      'baibao:test': JSON.stringify({ state: { mode: 'top', collapsed: 'nope', names: 'x', rows: [9] }, version: 1 }),
    });
    const state = storeOn(storage).getState();
    expect({ mode: state.mode, collapsed: state.collapsed, names: state.names, rows: state.rows }).toEqual({
      mode: 'top',
      collapsed: false,
      names: [],
      rows: [1, 2],
    });
  });
});
