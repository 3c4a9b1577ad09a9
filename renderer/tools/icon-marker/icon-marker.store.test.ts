import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from './icon-marker.service';

const KEY = 'baibao.icon-marker';

const items = new Map<string, string>();
beforeEach(() => items.clear());
afterEach(() => vi.unstubAllGlobals());

let closePrevious = () => {};

/**
 * A reload: the previous page is closed (its store, still subscribed to language changes, writes no
 * more), and the store module is evaluated afresh over the same localStorage.
 */
async function openPage() {
  closePrevious();
  let open = true;
  closePrevious = () => (open = false);
  vi.stubGlobal('localStorage', {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void (open && items.set(name, value)),
    removeItem: (name: string) => void (open && items.delete(name)),
  });
  vi.resetModules();
  const { useIconMarkerStore } = await import('./icon-marker.store');
  return useIconMarkerStore;
}

describe('favicon maker settings', () => {
  it('survive a reload; an image source without its file comes back as text', async () => {
    const before = await openPage();
    before.getState().update({ background: '#ff0000', padding: 30, text: 'AB', name: 'Acme' });
    before.getState().setImage(new File([new Uint8Array(4)], 'logo.png'));
    const after = (await openPage()).getState();
    expect(after.settings).toMatchObject({ background: '#ff0000', padding: 30, text: 'AB', name: 'Acme', source: 'text' });
    expect(after.image).toBeNull();
  });

  it('a damaged entry keeps its valid fields and defaults the rest; unreadable JSON gives the defaults', async () => {
    items.set(
      KEY,
      JSON.stringify({
        version: 2,
        state: { settings: { background: '#00ff00', padding: 'lots', font: 'comic', textColor: 'red', rounding: 500, dark: false } },
      }),
    );
    const { settings } = (await openPage()).getState();
    expect(settings).toMatchObject({ background: '#00ff00', dark: false });
    expect(settings).toMatchObject({
      padding: DEFAULT_SETTINGS.padding,
      font: DEFAULT_SETTINGS.font,
      textColor: DEFAULT_SETTINGS.textColor,
      rounding: DEFAULT_SETTINGS.rounding,
    });

    for (const junk of ['{"state": {"settings": ', '"text"', JSON.stringify({ version: 2, state: { settings: [1, 2] } })]) {
      items.set(KEY, junk);
      const store = await openPage();
      expect(store.getState().settings.background).toBe(DEFAULT_SETTINGS.background);
      store.getState().update({ rounding: 10 });
      expect(store.getState().settings.rounding).toBe(10);
    }
  });

  it('an entry of version 1 with this site’s name as the app name gets the visitor’s default instead', async () => {
    items.set(KEY, JSON.stringify({ version: 1, state: { settings: { name: '百宝箱', shortName: 'Baibao', text: 'X' } } }));
    const { settings } = (await openPage()).getState();
    expect(settings).toMatchObject({ name: '我的网站', shortName: '我的网站', text: 'X' });
  });
});
