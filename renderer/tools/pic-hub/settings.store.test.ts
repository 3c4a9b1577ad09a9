import 'fake-indexeddb/auto';
import { DEFAULT_CDN_ID } from '@shared/pic-hub/cdn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyStorage, fakeDeps, memoryStorage } from './fakes.test-helper';
import type { PicHubDeps } from './ports';
import { activeTemplate, createSettingsStore, REMOTE_SAVE_DELAY_MS } from './settings.store';

beforeEach(async () => {
  await emptyStorage();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(overrides: Partial<PicHubDeps> = {}, timeoutMs?: number) {
  const kit = fakeDeps(overrides);
  const local = memoryStorage();
  return { ...kit, local, settings: createSettingsStore(kit.deps, () => local, timeoutMs) };
}

describe('settings', () => {
  it('start as spec §9 says and outlive the page in localStorage', () => {
    const { settings, local, deps } = setup();
    expect(settings.getState()).toMatchObject({ renameType: 'HASH', compression: true, linkFormat: 'markdown' });
    expect(activeTemplate(settings.getState()).id).toBe(DEFAULT_CDN_ID);
    settings.getState().update({ renameType: 'CUST', renamePattern: '{y}/{name}', compressPresetId: 'p1' });
    const again = createSettingsStore(deps, () => local);
    expect(again.getState()).toMatchObject({ renameType: 'CUST', renamePattern: '{y}/{name}', compressPresetId: 'p1' });
  });

  it('a damaged stored entry falls back field by field', () => {
    const { local, deps } = setup();
    local.setItem(
      'baibao:pic-hub-settings',
      JSON.stringify({ state: { renameType: 'WHAT', compression: false, githubCdns: 'x' }, version: 1 }),
    );
    const settings = createSettingsStore(deps, () => local);
    expect(settings.getState()).toMatchObject({ renameType: 'HASH', compression: false });
    expect(activeTemplate(settings.getState()).id).toBe(DEFAULT_CDN_ID);
  });

  it('CDN templates: add, edit, activate — exactly one active; removing the active one falls back to ChinaJsDelivr', () => {
    const { settings } = setup();
    const mine = settings.getState().addCdn('Mine', 'https://img.example.com/{path}');
    expect(mine.active).toBe(false);
    settings.getState().activateCdn(mine.id);
    expect(
      settings
        .getState()
        .githubCdns.filter((template) => template.active)
        .map((template) => template.id),
    ).toEqual([mine.id]);
    settings.getState().editCdn(mine.id, 'Mine 2', 'https://cdn.example.com/{owner}/{path}');
    expect(activeTemplate(settings.getState())).toMatchObject({
      id: mine.id,
      name: 'Mine 2',
      tpl: 'https://cdn.example.com/{owner}/{path}',
      active: true,
    });
    // Built-ins are neither edited nor removed.
    settings.getState().removeCdn(DEFAULT_CDN_ID);
    settings.getState().editCdn(DEFAULT_CDN_ID, 'x', 'https://x/{path}');
    expect(settings.getState().githubCdns.find((template) => template.id === DEFAULT_CDN_ID)?.name).not.toBe('x');
    settings.getState().removeCdn(mine.id);
    expect(activeTemplate(settings.getState()).id).toBe(DEFAULT_CDN_ID);
    expect(settings.getState().githubCdns.some((template) => template.id === mine.id)).toBe(false);
  });
});

describe('settings on the account', () => {
  it('a visitor’s changes stay here', () => {
    vi.useFakeTimers();
    const { settings, account } = setup();
    settings.getState().update({ linkFormat: 'html' });
    vi.advanceTimersByTime(REMOTE_SAVE_DELAY_MS * 2);
    expect(account.calls).toEqual([]);
  });

  it('logged in, changes close together are one save of both JSON texts', () => {
    vi.useFakeTimers();
    const { settings, account } = setup();
    account.user = 7;
    settings.getState().update({ linkFormat: 'html' });
    settings.getState().update({ renameType: 'TIMESTAMP' });
    settings.getState().addCdn('Mine', 'https://img.example.com/{path}');
    vi.advanceTimersByTime(REMOTE_SAVE_DELAY_MS);
    const saves = account.callsTo('/settings/mine/save');
    expect(saves).toHaveLength(1);
    const body = saves[0]!.body as { settings: string; githubCdns: string };
    expect(JSON.parse(body.settings)).toMatchObject({ linkFormat: 'html', renameType: 'TIMESTAMP' });
    expect(JSON.parse(body.githubCdns)).toContainEqual(expect.objectContaining({ name: 'Mine', tpl: 'https://img.example.com/{path}' }));
  });

  it('a change still waiting when the page is left is sent at once; nothing waiting, nothing sent', () => {
    vi.useFakeTimers();
    const { settings, account } = setup();
    account.user = 7;
    settings.getState().flushOnLeave();
    expect(account.calls).toEqual([]);
    settings.getState().update({ linkFormat: 'url' });
    settings.getState().flushOnLeave();
    expect(account.callsTo('/settings/mine/save')).toHaveLength(1);
    expect(JSON.parse((account.callsTo('/settings/mine/save')[0]!.body as { settings: string }).settings)).toMatchObject({
      linkFormat: 'url',
    });
    vi.advanceTimersByTime(REMOTE_SAVE_DELAY_MS * 2);
    expect(account.callsTo('/settings/mine/save')).toHaveLength(1);
  });

  it('loadRemote takes the account’s settings, or gives it this browser’s when it has none', async () => {
    const { settings, account } = setup();
    account.user = 7;
    settings.getState().update({ linkFormat: 'ubb' });
    await settings.getState().loadRemote();
    expect(JSON.parse(account.settings!.settings)).toMatchObject({ linkFormat: 'ubb' });
    account.settings = { settings: JSON.stringify({ linkFormat: 'url', compression: false }), githubCdns: '[]', updateTime: 1 };
    await settings.getState().loadRemote();
    expect(settings.getState()).toMatchObject({ linkFormat: 'url', compression: false });
  });
});

describe('the CDN probe', () => {
  const file = { owner: 'octo', repo: 'pics', branch: 'main', path: 'img/a.png' };

  it('makes the fastest template that answers active, and lists each answer', async () => {
    const probe = vi.fn(async (url: string) => {
      if (url.includes('statically')) return new Promise<void>((resolve) => setTimeout(resolve, 5));
      throw new Error('refused');
    });
    const { settings } = setup({ probe });
    const winner = await settings.getState().probe(file);
    expect(winner.id).toMatch(/statically/i);
    expect(activeTemplate(settings.getState()).id).toBe(winner.id);
    expect(probe).toHaveBeenCalledWith(expect.stringContaining('octo/pics'), expect.any(AbortSignal));
    expect(settings.getState().probeResults[winner.id]).toMatchObject({ ok: true });
    expect(Object.values(settings.getState().probeResults).filter((result) => !result.ok).length).toBeGreaterThan(0);
    expect(settings.getState().probing).toBe(false);
  });

  it('says allCdnFail when none answers in time, and keeps the active template', async () => {
    const { settings } = setup(
      { probe: (_url, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))) },
      20,
    );
    const before = activeTemplate(settings.getState()).id;
    await expect(settings.getState().probe(file)).rejects.toMatchObject({ kind: 'allCdnFail' });
    expect(activeTemplate(settings.getState()).id).toBe(before);
  });
});
