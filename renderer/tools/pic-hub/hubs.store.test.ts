import 'fake-indexeddb/auto';
import { GithubError } from '@shared/pic-hub/github';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyStorage, fakeDeps, SYSTEM_HUB } from './fakes.test-helper';
import { activeHub, createHubsStore } from './hubs.store';
import type { HubInput } from './hubs.store';

const input: HubInput = { owner: 'octo', repo: 'pics', branch: 'main', path: '/img/2026/', token: 'ghp_secret' };

beforeEach(async () => {
  await emptyStorage();
});

function setup() {
  const kit = fakeDeps();
  return { ...kit, hubs: createHubsStore(kit.deps) };
}

describe('hubs: a visitor', () => {
  it('keeps the hub in this browser with its token in the secret store only, and makes the first one active', async () => {
    const { hubs, storage, secrets, account } = setup();
    const hub = await hubs.getState().save(input);
    expect(hub).toMatchObject({ storage: 'LOCAL', isDefault: true, hasToken: true, settings: { owner: 'octo', path: 'img/2026' } });
    const [stored] = await storage.hubs.all();
    expect(stored?.config).not.toContain('ghp_secret');
    expect(JSON.parse(stored!.config)).toMatchObject({ owner: 'octo', repo: 'pics', branch: 'main', path: 'img/2026' });
    expect(secrets.values.get(hub.gid)).toBe('ghp_secret');
    expect(account.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(await hubs.getState().configOf(hub.gid)).toMatchObject({ token: 'ghp_secret', path: 'img/2026', id: hub.gid });

    const second = await hubs.getState().save({ ...input, repo: 'more' });
    expect(second.isDefault).toBe(false);
    expect(activeHub(hubs.getState())?.gid).toBe(hub.gid);
  });

  it('checks the token before saving: a refused one saves nothing and names the kind', async () => {
    const { hubs, storage, secrets, github } = setup();
    for (const [error, kind] of [
      [new GithubError('auth', 'repo', { status: 401 }), 'auth'],
      [new GithubError('noWriteAccess', 'repo', { status: 403 }), 'noWriteAccess'],
      [new GithubError('notFound', 'repo', { status: 404 }), 'repoNotFound'],
      [new GithubError('branchNotFound', 'branch', { status: 404 }), 'branchNotFound'],
      [new GithubError('network', 'repo'), 'network'],
    ] as const) {
      github.failCheck = error;
      await expect(hubs.getState().save(input)).rejects.toMatchObject({ kind });
    }
    expect(await storage.hubs.all()).toEqual([]);
    expect(secrets.values.size).toBe(0);
  });

  it('an edit with an empty token keeps the saved one; a hub without one cannot be saved', async () => {
    const { hubs, secrets, github } = setup();
    await expect(hubs.getState().save({ ...input, token: '' })).rejects.toMatchObject({ kind: 'noToken' });
    const hub = await hubs.getState().save(input);
    await hubs.getState().save({ ...input, gid: hub.gid, token: '', branch: 'pictures' });
    expect(secrets.values.get(hub.gid)).toBe('ghp_secret');
    expect(github.configs.at(-1)).toMatchObject({ token: 'ghp_secret', branch: 'pictures' });
    expect(hubs.getState().hubs).toHaveLength(1);
  });

  it('setActive keeps one active; remove forgets the record and token and passes the active flag on', async () => {
    const { hubs, storage, secrets } = setup();
    const a = await hubs.getState().save(input);
    const b = await hubs.getState().save({ ...input, repo: 'b' });
    await hubs.getState().setActive(b.gid);
    expect(hubs.getState().hubs.map((hub) => hub.isDefault)).toEqual([false, true]);
    expect((await storage.hubs.all()).map((hub) => hub.isDefault)).toEqual([false, true]);
    await hubs.getState().remove(b.gid);
    expect(secrets.values.has(b.gid)).toBe(false);
    expect(hubs.getState().hubs.map((hub) => [hub.gid, hub.isDefault])).toEqual([[a.gid, true]]);
  });

  it('offers the system hub when the server has one, read-only and without a token', async () => {
    const { hubs, account } = setup();
    account.systemHub = SYSTEM_HUB;
    await hubs.getState().load();
    expect(activeHub(hubs.getState())).toMatchObject({ gid: 'sys', isSysDefault: true, hasToken: false });
    await hubs.getState().save(input);
    expect(activeHub(hubs.getState())?.isSysDefault).toBe(false);
  });
});

describe('hubs: logged in', () => {
  it('a saved hub goes to the account with its token and becomes REMOTE; the active one is told', async () => {
    const { hubs, account, storage } = setup();
    account.user = 7;
    const hub = await hubs.getState().save(input);
    const [save] = account.callsTo('/pic-hub/save');
    expect(JSON.parse((save?.body as { config: string }).config)).toMatchObject({ token: 'ghp_secret', owner: 'octo' });
    expect(hub).toMatchObject({ storage: 'REMOTE', record: { id: 1 } });
    expect((await storage.hubs.all())[0]?.config).not.toContain('ghp_secret');
    expect(account.callsTo('/pic-hub/default').map((call) => call.body)).toEqual([{ gid: hub.gid }]);
  });

  it('a sync the server refuses keeps the server’s own words, and a token check GitHub’s reset time', async () => {
    const { hubs, account, github } = setup();
    account.user = 7;
    const refusal = Object.assign(new Error('refused'), { name: 'HttpError', kind: 'business', messages: [{ text: '图床数量已达上限' }] });
    account.failing.set('/pic-hub/save', refusal);
    await hubs.getState().save(input);
    expect(hubs.getState().syncError).toEqual({ kind: 'sync', serverMessage: '图床数量已达上限' });
    const resetAt = Date.UTC(2026, 10, 27, 9, 30);
    github.failCheck = new GithubError('rateLimited', 'repo', { status: 403, resetAt });
    await expect(hubs.getState().checkToken(input)).rejects.toMatchObject({ kind: 'rateLimited', cause: { resetAt } });
  });

  it('a failed sync keeps the hub here (LOCAL) and says so; checkAndSyncHub sends it later', async () => {
    const { hubs, account } = setup();
    account.user = 7;
    account.failing.set('/pic-hub/save', Object.assign(new Error('down'), { name: 'HttpError', kind: 'network' }));
    const hub = await hubs.getState().save(input);
    expect(hub.storage).toBe('LOCAL');
    expect(hubs.getState().syncError).toBe('network');
    account.failing.clear();
    const synced = await hubs.getState().checkAndSyncHub(hub.gid);
    expect(synced).toMatchObject({ storage: 'REMOTE', id: 1 });
    expect(account.hubs.map((one) => one.gid)).toEqual([hub.gid]);
    // Already on the account: nothing more is sent.
    const before = account.calls.length;
    await hubs.getState().checkAndSyncHub(hub.gid);
    expect(account.calls.length).toBe(before);
  });

  it('a visitor’s hub is synced by checkAndSyncHub once logged in; not before', async () => {
    const { hubs, account } = setup();
    const hub = await hubs.getState().save(input);
    await hubs.getState().checkAndSyncHub(hub.gid);
    expect(account.callsTo('/pic-hub/save')).toEqual([]);
    account.user = 7;
    await hubs.getState().checkAndSyncHub(hub.gid);
    expect(account.callsTo('/pic-hub/save')).toHaveLength(1);
  });

  it('load merges the account’s hubs: their tokens go to the secret store, a hub deleted elsewhere goes', async () => {
    const { hubs, account, storage, secrets, deps } = setup();
    // This browser: one LOCAL hub, one that was REMOTE but is no longer on the account.
    await storage.hubs.put({
      gid: 'local',
      type: 'GITHUB',
      config: '{"owner":"a","repo":"b","branch":"main","path":""}',
      storage: 'LOCAL',
      isSysDefault: false,
      isDefault: true,
      updateTime: 1,
      createTime: 1,
    });
    await storage.hubs.put({
      gid: 'gone',
      type: 'GITHUB',
      config: '{}',
      storage: 'REMOTE',
      isSysDefault: false,
      isDefault: false,
      id: 3,
      updateTime: 1,
      createTime: 2,
    });
    await secrets.save('gone', 'old-token');
    account.user = 7;
    account.hubs = [
      {
        gid: 'other',
        type: 'GITHUB',
        config: JSON.stringify({ owner: 'o', repo: 'r', branch: 'main', path: 'x', token: 'ghp_other' }),
        storage: 'REMOTE',
        isSysDefault: false,
        isDefault: true,
        id: 5,
        updateTime: 9,
        createTime: 3,
      },
    ];
    await hubs.getState().load();
    expect(hubs.getState().hubs.map((hub) => [hub.gid, hub.storage, hub.isDefault, hub.hasToken])).toEqual([
      ['local', 'LOCAL', false, false],
      ['other', 'REMOTE', true, true],
    ]);
    expect(secrets.values.get('other')).toBe('ghp_other');
    expect(secrets.values.has('gone')).toBe(false);
    expect((await storage.hubs.all()).map((hub) => hub.gid)).toEqual(['local', 'other']);
    expect(JSON.stringify(await storage.hubs.all())).not.toContain('ghp_other');
    expect(await deps.hubRecords.all()).toHaveLength(2);
  });

  it('removing a synced hub deletes it on the account too', async () => {
    const { hubs, account } = setup();
    account.user = 7;
    const hub = await hubs.getState().save(input);
    await hubs.getState().remove(hub.gid);
    expect(account.callsTo('/pic-hub/mine').map((call) => [call.method, call.body])).toEqual([['DELETE', { gid: hub.gid }]]);
    expect(account.hubs).toEqual([]);
  });

  it('after a logout the account’s hubs are not shown to the visitor; they come back with the login', async () => {
    const { hubs, account, deps } = setup();
    account.user = 7;
    const synced = await hubs.getState().save(input);
    account.user = undefined;
    const visitor = createHubsStore(deps);
    await visitor.getState().save({ ...input, repo: 'mine' });
    await visitor.getState().load();
    expect(visitor.getState().hubs.map((hub) => hub.settings.repo)).toEqual(['mine']);
    account.user = 7;
    await visitor.getState().load();
    expect(visitor.getState().hubs.map((hub) => hub.gid)).toContain(synced.gid);
  });
});
