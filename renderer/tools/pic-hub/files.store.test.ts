import 'fake-indexeddb/auto';
import type { HubFile } from '@shared/contracts/pic-hub-base';
import { GithubError } from '@shared/pic-hub/github';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyStorage, fakeStores } from './fakes.test-helper';
import { fileLink } from '@/lib/pic-hub-upload';
import { matchesFilter, mergeFiles, probeFileOf } from './files.store';

beforeEach(async () => {
  await emptyStorage();
});

const record = (gid: string, overrides: Partial<HubFile> = {}): HubFile => ({
  gid,
  originalName: `${gid}-原图.png`,
  originalSize: 100,
  name: `${gid}.webp`,
  path: `img/${gid}.webp`,
  size: 50,
  hubId: 'hub1',
  type: 'GITHUB',
  mediaType: 'image/webp',
  storage: 'LOCAL',
  createTime: '2026-11-27 08:00:00',
  config: JSON.stringify({ owner: 'octo', repo: 'pics', branch: 'main', path: 'img' }),
  sha: `sha-${gid}`,
  ...overrides,
});

async function withHub() {
  const stores = fakeStores();
  const hub = await stores.hubs.getState().save({ owner: 'octo', repo: 'pics', branch: 'main', path: 'img', token: 'ghp_secret' });
  return { ...stores, hubGid: hub.gid };
}

describe('gallery records', () => {
  it('newest first, the account’s copy of a record over this browser’s', () => {
    const merged = mergeFiles(
      [record('a', { storage: 'REMOTE', id: 1 })],
      [record('a'), record('b', { createTime: '2026-11-28 00:00:00' })],
    );
    expect(merged.map((file) => [file.gid, file.storage])).toEqual([
      ['b', 'LOCAL'],
      ['a', 'REMOTE'],
    ]);
  });

  it('filter by name or original name (any case), hub and day range', () => {
    const file = record('Cat', { createTime: '2026-11-27 23:59:59' });
    expect(matchesFilter(file, { keyword: 'cat.WEBP', hubId: '', from: '', to: '' })).toBe(true);
    expect(matchesFilter(file, { keyword: '原图', hubId: 'hub1', from: '2026-11-27', to: '2026-11-27' })).toBe(true);
    expect(matchesFilter(file, { keyword: '', hubId: 'other', from: '', to: '' })).toBe(false);
    expect(matchesFilter(file, { keyword: '', hubId: '', from: '2026-11-28', to: '' })).toBe(false);
    expect(matchesFilter(file, { keyword: 'dog', hubId: '', from: '', to: '' })).toBe(false);
  });

  it('links through a CDN template, Chinese names percent-encoded; the probe asks for a hub’s newest file', () => {
    const file = record('a', { path: 'img/猫 咪.png', originalName: '猫.png' });
    expect(fileLink(file, 'url', { tpl: 'https://cdn.jsdelivr.net/gh/{owner}/{repo}@{branch}/{path}' })).toBe(
      'https://cdn.jsdelivr.net/gh/octo/pics@main/img/%E7%8C%AB%20%E5%92%AA.png',
    );
    expect(fileLink(file, 'ubb', { tpl: 'https://x/{path}' })).toBe('[img]https://x/img/%E7%8C%AB%20%E5%92%AA.png[/img]');
    expect(fileLink(record('b', { config: 'damaged' }), 'url', { tpl: 'https://x/{path}' })).toBe('');
    expect(
      probeFileOf(
        [
          record('old'),
          record('new', { createTime: '2026-12-01 00:00:00' }),
          record('x', { hubId: 'other', createTime: '2027-01-01 00:00:00' }),
        ],
        'hub1',
      ),
    ).toEqual({
      owner: 'octo',
      repo: 'pics',
      branch: 'main',
      path: 'img/new.webp',
    });
    expect(probeFileOf([], 'hub1')).toBeUndefined();
  });

  it('a visitor sees this browser’s own records only (not an account’s left from a session)', async () => {
    const { files, storage, account } = fakeStores();
    await storage.files.put([record('a'), record('b'), record('c', { storage: 'REMOTE', id: 3 })]);
    await files.getState().load();
    expect(
      files
        .getState()
        .files.map((file) => file.gid)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(account.calls.filter((call) => call.path.includes('pic-hub-file'))).toEqual([]);
  });

  it('logged in: the account’s pages merged with this browser’s, more on demand, the search asked of the server', async () => {
    const { files, storage, account } = fakeStores();
    account.user = 7;
    await storage.files.put([record('here-only')]);
    account.files = Array.from({ length: 70 }, (_, index) =>
      record(`r${index}`, {
        storage: 'REMOTE',
        id: index + 1,
        createTime: `2026-11-${String(1 + (index % 28)).padStart(2, '0')} 00:00:00`,
      }),
    );
    await files.getState().load();
    expect(files.getState().files).toHaveLength(61);
    expect(files.getState().hasMore).toBe(true);
    await files.getState().loadMore();
    expect(files.getState().files).toHaveLength(71);
    expect(files.getState().hasMore).toBe(false);
    await files.getState().setFilter({ keyword: 'r69' });
    expect(account.callsTo('/pic-hub-file/list/page/mine').at(-1)?.body).toMatchObject({ pageNum: 1, keyword: 'r69' });
  });

  it('select, select what the filter shows, clear', async () => {
    const { files, storage } = fakeStores();
    await storage.files.put([record('a'), record('b', { hubId: 'hub2' })]);
    await files.getState().load();
    files.getState().toggle('a');
    expect(files.getState().selected).toEqual(['a']);
    files.getState().toggle('a');
    expect(files.getState().selected).toEqual([]);
    await files.getState().setFilter({ hubId: 'hub2' });
    files.getState().selectAll();
    expect(files.getState().selected).toEqual(['b']);
    files.getState().clearSelection();
    expect(files.getState().selected).toEqual([]);
  });
});

describe('removing records', () => {
  it('from the repository with the file’s sha, then the account, then this browser', async () => {
    const { files, storage, account, github, hubGid } = await withHub();
    account.user = 7;
    const local = record('a', { hubId: hubGid });
    const remote = record('b', { hubId: hubGid, storage: 'REMOTE', id: 9 });
    account.files = [remote];
    await storage.files.put([local, remote]);
    await files.getState().load();
    const outcome = await files.getState().remove(['a', 'b'], { fromRepository: true });
    expect(outcome).toEqual({ removed: ['a', 'b'], failed: [] });
    expect(github.deleted).toEqual([
      { path: 'img/a.webp', sha: 'sha-a' },
      { path: 'img/b.webp', sha: 'sha-b' },
    ]);
    expect(github.configs.at(-1)).toMatchObject({ token: 'ghp_secret' });
    expect(account.callsTo('/pic-hub-file/mine').map((call) => call.body)).toEqual([{ gids: ['b'] }]);
    expect(await storage.files.all()).toEqual([]);
    expect(files.getState().files).toEqual([]);
  });

  it('from the list only: GitHub is not asked', async () => {
    const { files, storage, github, hubGid } = await withHub();
    await storage.files.put([record('a', { hubId: hubGid })]);
    await files.getState().load();
    expect(await files.getState().remove(['a'], { fromRepository: false })).toEqual({ removed: ['a'], failed: [] });
    expect(github.deleted).toEqual([]);
  });

  it('a refused delete keeps the record and says why; a file already gone from the repository is removed', async () => {
    const { files, storage, github, hubGid } = await withHub();
    await storage.files.put([record('a', { hubId: hubGid }), record('b', { hubId: 'unknown-hub' })]);
    await files.getState().load();
    github.failDelete = new GithubError('noWriteAccess', 'delete', { status: 403 });
    expect(await files.getState().remove(['a', 'b'], { fromRepository: true })).toEqual({
      removed: [],
      failed: [
        { gid: 'a', kind: 'noWriteAccess' },
        { gid: 'b', kind: 'noHub' },
      ],
    });
    expect((await storage.files.all()).map((file) => file.gid).sort()).toEqual(['a', 'b']);
    expect(files.getState().files).toHaveLength(2);
    github.failDelete = new GithubError('notFound', 'delete', { status: 404 });
    expect(await files.getState().remove(['a'], { fromRepository: true })).toEqual({ removed: ['a'], failed: [] });
  });

  it('when the account refuses, the records stay (here and there) and the kind is reported', async () => {
    const { files, storage, account, hubGid } = await withHub();
    account.user = 7;
    const remote = record('b', { hubId: hubGid, storage: 'REMOTE', id: 9 });
    account.files = [remote];
    await storage.files.put([remote]);
    await files.getState().load();
    account.failing.set('/pic-hub-file/mine', Object.assign(new Error('offline'), { name: 'HttpError', kind: 'network' }));
    expect(await files.getState().remove(['b'], { fromRepository: false })).toEqual({
      removed: [],
      failed: [{ gid: 'b', kind: 'network' }],
    });
    expect(await storage.files.all()).toHaveLength(1);
  });

  it('a refusal with the server’s own words reports them', async () => {
    const { files, storage, account, hubGid } = await withHub();
    account.user = 7;
    const remote = record('b', { hubId: hubGid, storage: 'REMOTE', id: 9 });
    account.files = [remote];
    await storage.files.put([remote]);
    await files.getState().load();
    const refusal = Object.assign(new Error('refused'), { name: 'HttpError', kind: 'business', messages: [{ text: '记录不存在' }] });
    account.failing.set('/pic-hub-file/mine', refusal);
    expect((await files.getState().remove(['b'], { fromRepository: false })).failed).toEqual([
      { gid: 'b', kind: { kind: 'sync', serverMessage: '记录不存在' } },
    ]);
  });
});
