import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { REMOVED_KEEP_MS, createPresetsStore, mergePresets } from './presets';

function memoryStorage(): StateStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const settings = { format: 'webp', quality: 80, maxWidth: 1080 };

describe('presets store', () => {
  it('saves, replaces by name, removes, and persists per tool', async () => {
    const storage = memoryStorage();
    let clock = 1000;
    let ids = 0;
    const store = createPresetsStore(
      storage,
      () => (clock += 1),
      () => `p${(ids += 1)}`,
    );
    const first = store.getState().save('image-compress', ' 微信公众号 1080 宽 WebP 80 ', settings);
    expect(first).toMatchObject({ id: 'p1', name: '微信公众号 1080 宽 WebP 80', updatedAt: 1001 });
    store.getState().save('image-compress', '微信公众号 1080 宽 WebP 80', { ...settings, quality: 75 });
    store.getState().save('image-convert', 'PNG', { format: 'png' });
    expect(store.getState().byTool['image-compress']).toEqual([
      { id: 'p1', name: '微信公众号 1080 宽 WebP 80', settings: { ...settings, quality: 75 }, updatedAt: 1002 },
    ]);
    expect(store.getState().byTool['image-convert']).toHaveLength(1);

    // A second store over the same storage is "the next visit".
    const reopened = createPresetsStore(storage);
    await reopened.persist.rehydrate();
    expect(reopened.getState().byTool['image-compress']![0]!.settings).toEqual({ ...settings, quality: 75 });
    reopened.getState().remove('image-compress', 'p1');
    expect(reopened.getState().byTool['image-compress']).toEqual([]);
    expect(JSON.parse(storage.data.get('baibao:image-presets')!).state.byTool['image-compress']).toEqual([]);
  });

  it('merges incoming presets by id, newest wins', () => {
    const local = [
      { id: 'a', name: 'A', settings: 1, updatedAt: 5 },
      { id: 'b', name: 'B', settings: 2, updatedAt: 5 },
    ];
    const incoming = [
      { id: 'a', name: 'A2', settings: 3, updatedAt: 9 },
      { id: 'b', name: 'old', settings: 0, updatedAt: 1 },
      { id: 'c', name: 'C', settings: 4, updatedAt: 1 },
    ];
    expect(mergePresets(local, incoming).map(({ id, name }) => `${id}:${name}`)).toEqual(['a:A2', 'b:B', 'c:C']);
  });

  it('remembers deletions, so an older copy from elsewhere does not bring a preset back, but a newer save does', () => {
    let clock = 1000;
    const store = createPresetsStore(
      memoryStorage(),
      () => (clock += 1),
      () => 'p1',
    );
    const saved = store.getState().save('image-compress', 'WebP', settings);
    store.getState().remove('image-compress', 'p1');
    store.getState().merge('image-compress', [saved]);
    expect(store.getState().byTool['image-compress']).toEqual([]);
    store.getState().merge('image-compress', [{ ...saved, updatedAt: clock + 10 }]);
    expect(store.getState().byTool['image-compress']).toHaveLength(1);
    // Deletions made elsewhere reach this store through merge too.
    store.getState().merge('image-compress', [], { p1: clock + 20 });
    expect(store.getState().byTool['image-compress']).toEqual([]);
  });

  it('forgets deletions after a month and reads the stored presets of the first version', async () => {
    let clock = 0;
    const store = createPresetsStore(memoryStorage(), () => clock);
    store.getState().merge('image-compress', [], { old: 0 });
    clock = REMOVED_KEEP_MS + 1;
    store.getState().merge('image-compress', [], { recent: clock });
    expect(store.getState().removed['image-compress']).toEqual({ recent: clock });

    const storage = memoryStorage();
    storage.setItem(
      'baibao:image-presets',
      JSON.stringify({ version: 1, state: { byTool: { 'image-convert': [{ id: 'x', name: 'X', settings: 1, updatedAt: 1 }] } } }),
    );
    const reopened = createPresetsStore(storage);
    await reopened.persist.rehydrate();
    expect(reopened.getState().byTool['image-convert']).toHaveLength(1);
    expect(reopened.getState().removed).toEqual({});
  });

  it('a damaged entry drops only what is damaged; unreadable JSON starts empty instead of breaking the page', async () => {
    const storage = memoryStorage();
    const good = { id: 'ok', name: 'WebP 80', settings: { quality: 80 }, updatedAt: 5 };
    storage.setItem(
      'baibao:image-presets',
      JSON.stringify({
        version: 2,
        state: {
          byTool: { 'image-compress': [good, { id: 7, name: 'no id' }, null, 'junk'], 'image-convert': 'not a list' },
          removed: { 'image-compress': { gone: 'yesterday' } },
        },
      }),
    );
    const reopened = createPresetsStore(storage);
    await reopened.persist.rehydrate();
    expect(reopened.getState().byTool).toEqual({ 'image-compress': [good] });
    expect(reopened.getState().removed).toEqual({ 'image-compress': {} });
    // Still usable: a new preset is saved next to the surviving one.
    reopened.getState().save('image-compress', 'PNG', { format: 'png' });
    expect(reopened.getState().byTool['image-compress']).toHaveLength(2);

    storage.setItem('baibao:image-presets', '{"state": {"byTool": ');
    const broken = createPresetsStore(storage);
    await broken.persist.rehydrate();
    expect(broken.getState().byTool).toEqual({});
    expect(broken.getState().save('image-convert', 'X', 1).name).toBe('X');
  });
});
