import { afterEach, describe, expect, it, vi } from 'vitest';

/** localStorage as the browser has it, for a store module loaded afresh (a new page). */
function pageWith(stored: Record<string, string>) {
  const items = new Map(Object.entries(stored));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  vi.resetModules();
  return items;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('user settings (persisted)', () => {
  it('a stored value the page has no control for (an old or hand-edited entry) falls back to the default; valid ones stay', async () => {
    pageWith({
      'baibao:settings': JSON.stringify({
        state: { layoutMode: 'diagonal', theme: 'dark', sideCollapsed: 'yes', footerFixed: true },
        version: 1,
      }),
    });
    const { useSettings, DEFAULT_SETTINGS } = await import('./settings');
    const state = useSettings.getState();
    expect(state.layoutMode).toBe(DEFAULT_SETTINGS.layoutMode);
    expect(state.sideCollapsed).toBe(false);
    expect(state.theme).toBe('dark');
    expect(state.footerFixed).toBe(true);
  });

  it('writes the settings only, and a new page reads them back', async () => {
    const items = pageWith({});
    const first = await import('./settings');
    first.useSettings.getState().update({ layoutMode: 'top' });
    expect(Object.keys(JSON.parse(items.get('baibao:settings')!).state).sort()).toEqual([
      'assistantLift',
      'assistantModel',
      'assistantVisible',
      'consoleVisible',
      'floatMenuVisible',
      'footerFixed',
      'layoutMode',
      'sideCollapsed',
      'theme',
    ]);
    pageWith(Object.fromEntries(items));
    const second = await import('./settings');
    expect(second.useSettings.getState().layoutMode).toBe('top');
  });
});
