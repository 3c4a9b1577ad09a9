import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageInstance } from 'antd/es/message/interface';
import { SETTINGS_MAX_BYTES } from '@shared/contracts/users';
import type { StoredTokens } from '@shared/contracts/tokens';

/** A browser's localStorage (the presets store persists there) and cookie jar, in memory. */
const browser = vi.hoisted(() => {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
  let stored: Partial<StoredTokens> = {};
  const tokens = {
    load: () => Promise.resolve({ ...stored }),
    save: (pair: StoredTokens) => Promise.resolve(void (stored = { ...pair })),
    clear: () => Promise.resolve(void (stored = {})),
  };
  return { tokens };
});

/** The account's settings text on the server: what the last upload stored, or what another device stored since. */
const server = vi.hoisted(() => ({ settings: '' }));
const saveSettings = vi.hoisted(() => vi.fn((settings: string) => Promise.resolve(void (server.settings = settings)).then(() => null)));
const serverSettings = vi.hoisted(() => vi.fn(() => Promise.resolve({ ext: { settings: server.settings } })));

vi.mock('@/platform', () => ({ platform: { apiUrl: '', tokens: browser.tokens } }));
vi.mock('@/platform/host', () => ({ apiUrl: '', tokens: browser.tokens }));
vi.mock('./api', () => ({ usersApi: { saveSettings, serverSettings, logout: () => Promise.resolve(null) } }));

const { usePresets } = await import('@/components/image/presets');
const { bindMessageApi } = await import('@/lib/notify');
const { logout } = await import('./actions');
const { storeTokens, useSession } = await import('./session');
const { useSettings } = await import('@/stores/settings');
const { fitSettings, parseServerSettings, startSettingsSync } = await import('./settings-sync');

describe('server settings parsing', () => {
  it('takes the known, well-typed settings', () => {
    expect(parseServerSettings('{"layoutMode":"top","footerFixed":true,"theme":"dark"}')).toEqual({
      layoutMode: 'top',
      footerFixed: true,
      theme: 'dark',
    });
  });

  it("reads the image tools' presets", () => {
    const preset = { id: 'p1', name: '微信公众号 1080 宽 WebP 80', settings: { format: 'webp', quality: 80 }, updatedAt: 5 };
    expect(parseServerSettings(JSON.stringify({ imagePresets: { 'image-compress': [preset] } }))).toEqual({
      imagePresets: { 'image-compress': [preset] },
    });
    expect(parseServerSettings(JSON.stringify({ imagePresets: { 'image-compress': [{ name: 'no id' }] } }))).toEqual({});
  });

  it('drops unknown keys', () => {
    expect(parseServerSettings('{"layoutMode":"side","somethingElse":1}')).toEqual({ layoutMode: 'side' });
  });

  it('ignores malformed text and wrongly typed values as a whole', () => {
    expect(parseServerSettings('')).toEqual({});
    expect(parseServerSettings('not json')).toEqual({});
    expect(parseServerSettings('[1,2]')).toEqual({});
    expect(parseServerSettings('{"layoutMode":"diagonal"}')).toEqual({});
  });
});

const PRESETS_KEY = 'baibao:image-presets';

function preset(id: string, updatedAt: number, name = id) {
  return { id, name, settings: { format: 'webp', quality: 80, note: '微信公众号 1080 宽'.repeat(4) }, updatedAt };
}

/** What the page shows after login: the user info with its server settings. */
async function logIn(userId: number, settings: string) {
  server.settings = settings;
  await storeTokens({ accessToken: `access-${userId}`, refreshToken: `refresh-${userId}` });
  useSession.setState({ logged: true, userId, userName: `user${userId}`, serverSettings: settings });
}

function uploaded(call: number): { imagePresets?: Record<string, { id: string }[]> } {
  return JSON.parse(saveSettings.mock.calls[call]![0]) as { imagePresets?: Record<string, { id: string }[]> };
}

describe('settings sync across accounts on one browser', () => {
  let stop: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    saveSettings.mockClear();
    usePresets.getState().clear();
    stop = startSettingsSync();
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it("logout takes the account's presets off the device; the next account does not upload them", async () => {
    const first = preset('first-user', 10);
    await logIn(1, JSON.stringify({ imagePresets: { 'image-compress': [first] } }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(uploaded(0).imagePresets).toEqual({ 'image-compress': [first] });
    expect(localStorage.getItem(PRESETS_KEY)).toContain('first-user');

    await logout(() => undefined);

    expect(usePresets.getState().byTool).toEqual({});
    expect(localStorage.getItem(PRESETS_KEY)).not.toContain('first-user');

    const second = preset('second-user', 20);
    await logIn(2, JSON.stringify({ layoutMode: 'top', imagePresets: { 'image-resizer': [second] } }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(saveSettings).toHaveBeenCalledTimes(2);
    expect(saveSettings.mock.calls[1]![0]).not.toContain('first-user');
    expect(uploaded(1).imagePresets).toEqual({ 'image-resizer': [second] });
  });

  it('merges what another device saved meanwhile before uploading, so both keep their presets', async () => {
    await logIn(4, JSON.stringify({ imagePresets: { 'image-compress': [preset('a-first', 10)] } }));
    await vi.advanceTimersByTimeAsync(1000);
    // Device B, logged in since, adds its own preset on the server.
    const fromB = JSON.parse(server.settings) as { imagePresets: Record<string, unknown[]> };
    fromB.imagePresets['image-compress']!.push(preset('b-one', 20));
    server.settings = JSON.stringify(fromB);

    usePresets.getState().merge('image-compress', [preset('a-second', 30)]);
    await vi.advanceTimersByTimeAsync(1000);

    expect(
      uploaded(saveSettings.mock.calls.length - 1)
        .imagePresets!['image-compress']!.map(({ id }) => id)
        .sort(),
    ).toEqual(['a-first', 'a-second', 'b-one']);
    expect(
      usePresets
        .getState()
        .byTool['image-compress']!.map(({ id }) => id)
        .sort(),
    ).toEqual(['a-first', 'a-second', 'b-one']);
    useSession.setState({ logged: false });
  });

  it('a preset deleted here stays deleted when another device still uploads its old copy', async () => {
    const shared = preset('shared', 10);
    await logIn(5, JSON.stringify({ imagePresets: { 'image-convert': [shared] } }));
    await vi.advanceTimersByTimeAsync(1000);
    usePresets.getState().remove('image-convert', 'shared');
    await vi.advanceTimersByTimeAsync(1000);
    const afterDelete = JSON.parse(server.settings) as {
      imagePresets: Record<string, unknown[]>;
      imagePresetsRemoved: Record<string, Record<string, number>>;
    };
    expect(afterDelete.imagePresets['image-convert']).toEqual([]);
    expect(Object.keys(afterDelete.imagePresetsRemoved['image-convert']!)).toEqual(['shared']);

    // Device B had not heard of the deletion and wrote its old copy back.
    server.settings = JSON.stringify({ imagePresets: { 'image-convert': [shared] } });
    usePresets.getState().merge('image-resizer', [preset('other', 40)]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(usePresets.getState().byTool['image-convert']).toEqual([]);
    expect(uploaded(saveSettings.mock.calls.length - 1).imagePresets!['image-convert']).toEqual([]);
    useSession.setState({ logged: false });
  });

  it("writes nothing on a page load when the server already holds this device's settings, and nothing for a change that changes nothing", async () => {
    const kept = preset('kept', 10);
    await logIn(6, JSON.stringify({ imagePresets: { 'image-compress': [kept] } }));
    await vi.advanceTimersByTimeAsync(1000);
    // The first login adds this device's layout settings to the account: one write.
    expect(saveSettings).toHaveBeenCalledTimes(1);
    const stored = server.settings;
    useSession.setState({ logged: false });

    // Nine page loads later (each restores the session with what the server holds), still one.
    for (let load = 0; load < 9; load++) {
      useSession.setState({ logged: true, userId: 6, userName: 'user6', serverSettings: stored });
      await vi.advanceTimersByTimeAsync(1000);
      useSession.setState({ logged: false });
    }
    expect(saveSettings).toHaveBeenCalledTimes(1);

    useSession.setState({ logged: true, userId: 6, userName: 'user6', serverSettings: stored });
    useSettings.getState().update({ layoutMode: useSettings.getState().layoutMode });
    await vi.advanceTimersByTimeAsync(1000);
    expect(saveSettings).toHaveBeenCalledTimes(1);

    useSettings.getState().update({ footerFixed: !useSettings.getState().footerFixed });
    await vi.advanceTimersByTimeAsync(1000);
    expect(saveSettings).toHaveBeenCalledTimes(2);
    useSession.setState({ logged: false });
  });

  it('uploads settings over the server cap trimmed, keeps every preset here, and says so once', async () => {
    const opened: unknown[] = [];
    bindMessageApi({ open: (config: unknown) => (opened.push(config), Promise.resolve(true)) } as unknown as MessageInstance);
    await logIn(3, '');
    for (let i = 0; i < 60; i++) usePresets.getState().merge(i % 2 ? 'image-compress' : 'image-convert', [preset(`p${i}`, 1000 + i)]);
    await vi.advanceTimersByTimeAsync(1000);
    usePresets.getState().merge('image-compress', [preset('p60', 2000)]);
    await vi.advanceTimersByTimeAsync(1000);

    expect(saveSettings).toHaveBeenCalledTimes(2);
    for (const [text] of saveSettings.mock.calls) expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(SETTINGS_MAX_BYTES);
    expect(JSON.stringify(uploaded(1))).toContain('"p60"');
    expect(Object.values(usePresets.getState().byTool).flat()).toHaveLength(61);
    expect(opened).toHaveLength(1);
    bindMessageApi(undefined);
    useSession.setState({ logged: false });
  });
});

describe('settings sync started after the session logged in', () => {
  it('applies the server settings of a session already logged in when it starts (it loads after the first paint)', async () => {
    vi.useFakeTimers();
    saveSettings.mockClear();
    useSettings.getState().update({ layoutMode: 'side' });
    useSession.setState({ logged: true, userId: 7, userName: 'user7', serverSettings: JSON.stringify({ layoutMode: 'top' }) });
    const stop = startSettingsSync();
    try {
      expect(useSettings.getState().layoutMode).toBe('top');
    } finally {
      stop();
      useSession.setState({ logged: false });
      vi.useRealTimers();
    }
  });
});

describe('fitting the settings under the server cap', () => {
  it('leaves settings that fit as they are', () => {
    const settings = { layoutMode: 'top' as const, imagePresets: { 'image-compress': [preset('a', 1)] } };
    expect(fitSettings(settings)).toEqual({ text: JSON.stringify(settings), dropped: 0 });
  });

  it('drops the oldest presets, across tools, until the text fits, keeping the newest', () => {
    const compress = Array.from({ length: 40 }, (_, i) => preset(`c${i}`, 100 + 2 * i, `压缩 ${i}`));
    const convert = Array.from({ length: 40 }, (_, i) => preset(`v${i}`, 101 + 2 * i, `转换 ${i}`));
    const settings = { theme: 'dark' as const, imagePresets: { 'image-compress': compress, 'image-convert': convert } };
    expect(new TextEncoder().encode(JSON.stringify(settings)).length).toBeGreaterThan(SETTINGS_MAX_BYTES);

    const { text, dropped } = fitSettings(settings);

    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(SETTINGS_MAX_BYTES);
    const kept = parseServerSettings(text);
    expect(kept.theme).toBe('dark');
    const keptPresets = Object.values(kept.imagePresets ?? {}).flat();
    expect(keptPresets).toHaveLength(80 - dropped);
    expect(dropped).toBeGreaterThan(0);
    // Everything kept is newer than everything dropped.
    const all = [...compress, ...convert].sort((a, b) => b.updatedAt - a.updatedAt);
    expect(keptPresets.map((p) => p.id).sort()).toEqual(
      all
        .slice(0, keptPresets.length)
        .map((p) => p.id)
        .sort(),
    );
    // Keeping the newest dropped preset too would not have fitted.
    const oneMore = new Set(all.slice(0, keptPresets.length + 1).map((p) => p.id));
    const imagePresets = {
      'image-compress': compress.filter((p) => oneMore.has(p.id)),
      'image-convert': convert.filter((p) => oneMore.has(p.id)),
    };
    expect(new TextEncoder().encode(JSON.stringify({ ...settings, imagePresets })).length).toBeGreaterThan(SETTINGS_MAX_BYTES);
  });
});
