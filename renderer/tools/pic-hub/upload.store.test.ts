import 'fake-indexeddb/auto';
import { GithubError } from '@shared/pic-hub/github';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyStorage, fakeStores, JPEG, picture, PNG, SYSTEM_HUB } from './fakes.test-helper';
import type { UploadState } from './upload.store';

beforeEach(async () => {
  await emptyStorage();
});

const hubInput = { owner: 'octo', repo: 'pics', branch: 'main', path: 'img', token: 'ghp_secret' };

/** Resolves when no item is loading any more. */
function settled(uploads: { getState(): UploadState; subscribe(listener: (state: UploadState) => void): () => void }) {
  return new Promise<UploadState>((resolve) => {
    const check = (state: UploadState) => {
      if (state.items.length > 0 && !state.busy) {
        unsubscribe();
        resolve(state);
      }
    };
    const unsubscribe = uploads.subscribe(check);
    check(uploads.getState());
  });
}

async function withHub(overrides: Parameters<typeof fakeStores>[0] = {}) {
  const stores = fakeStores(overrides);
  await stores.hubs.getState().save(hubInput);
  return stores;
}

describe('uploads: a visitor', () => {
  it('pictures added together are one commit; each item ends in success with a LOCAL record and links', async () => {
    const { uploads, github, storage, files, account } = await withHub();
    uploads.getState().add([picture('a.png'), picture('b.jpg', JPEG, 'image/jpeg'), picture('c.png', new Uint8Array([...PNG, 1]))]);
    expect(uploads.getState().items.every((item) => item.loading && !item.success && !item.error)).toBe(true);
    const state = await settled(uploads);
    expect(state.items.map((item) => [item.status, item.loading, item.success, item.error])).toEqual([
      ['success', false, true, false],
      ['success', false, true, false],
      ['success', false, true, false],
    ]);
    expect(github.commits).toHaveLength(1);
    expect(github.commits[0]).toHaveLength(3);
    expect(github.commits[0]!.every((path) => /^img\/[0-9a-f]{16}\.webp$/.test(path))).toBe(true);
    const records = await storage.files.all();
    expect(records).toHaveLength(3);
    expect(records.every((record) => record.storage === 'LOCAL' && record.sha?.startsWith('sha'))).toBe(true);
    expect(files.getState().files).toHaveLength(3);
    // The gallery's small copy is kept beside each record, never in the record itself.
    expect(await storage.files.thumbnail(records[0]!)).toBeInstanceOf(Blob);
    expect(records.some((one) => 'thumbnail' in one)).toBe(false);
    const first = state.items[0]!.file!;
    expect(files.getState().linksOf(first, 'markdown')).toMatch(/^!\[a\.png\]\(https:\/\/.+\/octo\/pics@main\/img\/[0-9a-f]{16}\.webp\)$/);
    // Nothing about the files reached the account.
    expect(account.calls.filter((call) => call.path.includes('pic-hub-file'))).toEqual([]);
  });

  it('one picture is one upload call of one file; compression off sends the bytes picked', async () => {
    const { uploads, github, settings, jobs } = await withHub();
    settings.getState().update({ compression: false });
    uploads.getState().add([picture('one.png')]);
    await settled(uploads);
    expect(github.commits).toEqual([[expect.stringMatching(/^img\/[0-9a-f]{16}\.png$/)]]);
    expect([...github.files.values()][0]?.bytes).toEqual(PNG);
    expect(jobs).toEqual([]);
  });

  it('a non-picture, an empty file and a 50 MB one fail alone with their kinds; the rest upload', async () => {
    const { uploads, github } = await withHub();
    const huge = picture('huge.png');
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 });
    uploads
      .getState()
      .add([
        picture('notes.txt', new TextEncoder().encode('hello'), 'text/plain'),
        picture('empty.png', new Uint8Array()),
        huge,
        picture('ok.png'),
      ]);
    const state = await settled(uploads);
    expect(state.items.map((item) => [item.name, item.status, item.errorKind])).toEqual([
      ['notes.txt', 'error', 'notImage'],
      ['empty.png', 'error', 'empty'],
      ['huge.png', 'error', 'tooLarge'],
      ['ok.png', 'success', undefined],
    ]);
    expect(github.commits).toHaveLength(1);
    expect(github.commits[0]).toHaveLength(1);
  });

  it('a failed commit fails every item of the batch with its kind; retry sends them again as one commit', async () => {
    const { uploads, github, storage } = await withHub();
    github.failUpload = new GithubError('commitFailed', 'commit', { status: 422 });
    uploads.getState().add([picture('a.png'), picture('b.png', new Uint8Array([...PNG, 2]))]);
    let state = await settled(uploads);
    expect(state.items.map((item) => [item.status, item.errorKind])).toEqual([
      ['error', 'commitFailed'],
      ['error', 'commitFailed'],
    ]);
    expect(await storage.files.all()).toEqual([]);
    github.failUpload = undefined;
    uploads.getState().retry(state.items.map((item) => item.id));
    state = await settled(uploads);
    expect(state.items.map((item) => item.status)).toEqual(['success', 'success']);
    expect(github.commits).toHaveLength(1);
    expect(github.commits[0]).toHaveLength(2);
  });

  it('GitHub’s exhausted rate limit fails the items with the time it resets', async () => {
    const { uploads, github } = await withHub();
    const resetAt = Date.UTC(2026, 10, 27, 9, 30);
    github.failUpload = new GithubError('rateLimited', 'content', { status: 403, resetAt });
    uploads.getState().add([picture('a.png')]);
    expect((await settled(uploads)).items[0]).toMatchObject({ status: 'error', errorKind: { kind: 'rateLimited', resetAt } });
  });

  it('pictures added while the hubs are still loading wait for them instead of failing with noHub', async () => {
    const stores = fakeStores();
    await stores.hubs.getState().save(hubInput);
    // The page's first instant: this browser's hubs are being read again, slowly.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { hubs, uploads, github } = fakeStores({
      hubRecords: { ...stores.storage.hubs, all: () => gate.then(() => stores.storage.hubs.all()) },
      secrets: stores.secrets,
    });
    void hubs.getState().load();
    uploads.getState().add([picture('early.png'), picture('dropped.png', new Uint8Array([...PNG, 5]))]);
    uploads.getState().cancel(uploads.getState().items[1]!.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(uploads.getState().items.map((item) => item.status)).toEqual(['queued', 'cancelled']);
    open();
    const state = await settled(uploads);
    expect(state.items.map((item) => item.status)).toEqual(['success', 'cancelled']);
    expect(github.commits).toEqual([[expect.stringMatching(/^img\//)]]);
  });

  it('without a hub, items fail with noHub', async () => {
    const { uploads } = fakeStores();
    uploads.getState().add([picture('a.png')]);
    expect((await settled(uploads)).items[0]).toMatchObject({ status: 'error', errorKind: 'noHub' });
  });

  it('cancelling while the commit is sent ends its items cancelled, and nothing is recorded', async () => {
    const { uploads, github, storage } = await withHub();
    let open!: () => void;
    github.gate = new Promise<void>((resolve) => (open = resolve));
    uploads.getState().add([picture('a.png'), picture('b.png', new Uint8Array([...PNG, 3]))]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    uploads.getState().cancelAll();
    open();
    const state = await settled(uploads);
    expect(state.items.map((item) => item.status)).toEqual(['cancelled', 'cancelled']);
    expect(await storage.files.all()).toEqual([]);
  });
});

describe('uploads: the system hub', () => {
  it('a visitor without a hub of their own sends each picture to the server, which puts it in the system hub', async () => {
    const { uploads, hubs, account, github, storage } = fakeStores();
    account.systemHub = SYSTEM_HUB;
    await hubs.getState().load();
    uploads.getState().add([picture('a.png'), picture('b.png', new Uint8Array([...PNG, 5]))]);
    const state = await settled(uploads);
    expect(state.items.map((item) => item.status)).toEqual(['success', 'success']);
    expect(account.sysUploads.map((file) => [file.name, file.type])).toEqual([
      ['a.png', 'image/webp'],
      ['b.png', 'image/webp'],
    ]);
    expect(github.commits).toEqual([]);
    const records = await storage.files.all();
    expect(records.map((record) => [record.hubId, record.storage, record.originalName].join()).sort()).toEqual([
      'sys,LOCAL,a.png',
      'sys,LOCAL,b.png',
    ]);
  });
});

describe('uploads: logged in', () => {
  it('through the system hub, the records are saved on the account too (no hub to sync)', async () => {
    const { uploads, hubs, account, storage } = fakeStores();
    account.user = 7;
    account.systemHub = SYSTEM_HUB;
    await hubs.getState().load();
    uploads.getState().add([picture('a.png')]);
    await settled(uploads);
    expect(account.callsTo('/pic-hub/save')).toEqual([]);
    expect(account.files.map((file) => [file.hubId, file.storage])).toEqual([['sys', 'REMOTE']]);
    expect((await storage.files.all()).map((file) => file.storage)).toEqual(['REMOTE']);
  });

  it('syncs the hub, saves the records on the account and here as REMOTE', async () => {
    const { uploads, account, storage, hubs } = await withHub();
    account.user = 7;
    uploads.getState().add([picture('a.png'), picture('b.png', new Uint8Array([...PNG, 4]))]);
    await settled(uploads);
    // The hub was made before the login: checkAndSyncHub sends it before the records.
    const order = account.calls.filter((call) => call.method === 'POST').map((call) => call.path.replace(/^.*\/busi\//, ''));
    expect(order).toEqual(['pic-hub/save', 'pic-hub-file/batch']);
    expect(account.files).toHaveLength(2);
    expect(account.files.every((file) => file.storage === 'REMOTE' && file.hubId === hubs.getState().hubs[0]!.gid)).toBe(true);
    expect((await storage.files.all()).map((file) => file.storage)).toEqual(['REMOTE', 'REMOTE']);
  });

  it('when the account refuses the records, the pictures still count as uploaded and stay here as LOCAL', async () => {
    const { uploads, account, storage } = await withHub();
    account.user = 7;
    account.failing.set('/pic-hub-file/batch', Object.assign(new Error('refused'), { name: 'HttpError', kind: 'business' }));
    uploads.getState().add([picture('a.png')]);
    const state = await settled(uploads);
    expect(state.items[0]).toMatchObject({ status: 'success', syncError: 'sync' });
    expect((await storage.files.all()).map((file) => file.storage)).toEqual(['LOCAL']);
  });

  it('the server’s own words for refusing the records reach the item', async () => {
    const { uploads, account } = await withHub();
    account.user = 7;
    const refusal = Object.assign(new Error('refused'), { name: 'HttpError', kind: 'business', messages: [{ text: '参数非数组！' }] });
    account.failing.set('/pic-hub-file/batch', refusal);
    uploads.getState().add([picture('a.png')]);
    const state = await settled(uploads);
    expect(state.items[0]).toMatchObject({ status: 'success', syncError: { kind: 'sync', serverMessage: '参数非数组！' } });
  });
});
