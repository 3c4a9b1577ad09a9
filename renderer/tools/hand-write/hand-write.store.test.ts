import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { DEFAULT_SETTINGS } from './hand-write.service';
import { createHandWriteStore } from './hand-write.store';
import { requestedPage } from './routes';

function memory(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const storage: StateStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  return { items, storage: () => storage };
}

describe('hand-write settings', () => {
  it('come back after a reload: paper, custom size, ink, randomness and the own-font choice', () => {
    const backing = memory();
    const first = createHandWriteStore(backing.storage);
    const changed = {
      ...DEFAULT_SETTINGS,
      font: 'own' as const,
      paper: 'squares' as const,
      size: 'custom' as const,
      custom: { width: 100, height: 150 },
      ink: '#c8262b',
      jitter: { ...DEFAULT_SETTINGS.jitter, rotation: 9 },
    };
    first.getState().setSettings(changed);
    const second = createHandWriteStore(backing.storage);
    expect(second.getState()).toMatchObject(changed);
  });

  it('take the default for a stored field that is out of range or of another shape, keeping the others', () => {
    const stored = {
      state: { paper: 'grid', ink: 'red', jitter: { ...DEFAULT_SETTINGS.jitter, rotation: 99 }, size: 'A3', margin: 12 },
      version: 1,
    };
    const store = createHandWriteStore(memory({ 'baibao:hand-write': JSON.stringify(stored) }).storage);
    expect(store.getState()).toMatchObject({
      paper: 'grid',
      margin: 12,
      ink: DEFAULT_SETTINGS.ink,
      jitter: DEFAULT_SETTINGS.jitter,
      size: DEFAULT_SETTINGS.size,
    });
  });
});

describe('requestedPage', () => {
  it('reads ?page=N, anything else is page 1', () => {
    expect(requestedPage('2')).toBe(2);
    for (const value of [null, '', '0', '-1', '1.5', 'x']) expect(requestedPage(value)).toBe(1);
  });
});
