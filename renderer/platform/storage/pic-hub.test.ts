import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HubFile, HubRecord } from '@shared/contracts/pic-hub-base';
import { StorageError } from './database';
import { createPicHubStorage, PIC_HUB_THUMBNAIL_MAX_BYTES } from './pic-hub';

let counter = 0;
const freshName = () => `PicHub-test-${(counter += 1)}`;

afterEach(() => {
  vi.restoreAllMocks();
});

const hub = (gid: string, createTime: number, config: Record<string, unknown> = {}): HubRecord => ({
  gid,
  type: 'GITHUB',
  config: JSON.stringify({ id: gid, owner: 'me', repo: 'pics', branch: 'main', path: 'img', updateTime: createTime, ...config }),
  storage: 'LOCAL',
  isSysDefault: false,
  isDefault: false,
  updateTime: createTime,
  createTime,
});

const file = (gid: string, hubId: string, createTime: string, type: HubFile['type'] = 'GITHUB'): HubFile => ({
  gid,
  originalName: `${gid}.png`,
  originalSize: 2048,
  name: `${gid}.webp`,
  path: `img/${gid}.webp`,
  size: 1024,
  hubId,
  type,
  mediaType: 'image/webp',
  storage: 'LOCAL',
  createTime,
  config: JSON.stringify({ owner: 'me', repo: 'pics', branch: 'main' }),
  sha: `sha-${gid}`,
});

describe('PicHub browser storage', () => {
  it('is version 1 with the hub, file and thumbnail stores and the gallery’s indexes', async () => {
    const name = freshName();
    await createPicHubStorage(name).hubs.all();
    const db = await openDB(name);
    expect(db.version).toBe(1);
    expect([...db.objectStoreNames].sort()).toEqual(['file', 'hub', 'thumbnail']);
    const files = db.transaction('file').store;
    expect(files.keyPath).toEqual(['type', 'gid']);
    expect([...files.indexNames].sort()).toEqual(['createTime', 'hub']);
    db.close();
  });

  it('puts, gets and deletes hubs, oldest first, and never keeps a token in a hub record', async () => {
    const name = freshName();
    const storage = createPicHubStorage(name);
    await storage.hubs.put(hub('b', 2000));
    await storage.hubs.put(hub('a', 1000, { token: 'ghp_secret' }));
    expect((await storage.hubs.all()).map((record) => record.gid)).toEqual(['a', 'b']);
    const stored = await storage.hubs.get('a');
    expect(JSON.parse(stored!.config)).toEqual({ id: 'a', owner: 'me', repo: 'pics', branch: 'main', path: 'img', updateTime: 1000 });
    const db = await openDB(name);
    expect(JSON.stringify(await db.getAll('hub'))).not.toContain('ghp_secret');
    db.close();
    await storage.hubs.delete('a');
    expect(await storage.hubs.get('a')).toBeUndefined();
    expect((await storage.hubs.all()).map((record) => record.gid)).toEqual(['b']);
  });

  it('keys files per type and gid, lists them newest first, overall and per hub', async () => {
    const storage = createPicHubStorage(freshName());
    await storage.files.put([
      file('old', 'hub-1', '2026-11-01 09:00:00'),
      file('new', 'hub-2', '2026-11-27 13:00:00'),
      file('mid', 'hub-1', '2026-11-15 12:30:00'),
    ]);
    // The same gid under another type is another record (spec §3: stored per type and gid).
    await storage.files.put([file('mid', 'hub-3', '2026-11-20 08:00:00', 'IMGUR')]);
    expect((await storage.files.all()).map((record) => `${record.type}/${record.gid}`)).toEqual([
      'GITHUB/new',
      'IMGUR/mid',
      'GITHUB/mid',
      'GITHUB/old',
    ]);
    expect((await storage.files.ofHub('hub-1')).map((record) => record.gid)).toEqual(['mid', 'old']);
    expect(await storage.files.ofHub('hub-9')).toEqual([]);
    expect(await storage.files.get({ type: 'GITHUB', gid: 'mid' })).toEqual(file('mid', 'hub-1', '2026-11-15 12:30:00'));

    // A record put again replaces the old one.
    await storage.files.put([{ ...file('old', 'hub-1', '2026-11-01 09:00:00'), storage: 'REMOTE', id: 7 }]);
    expect(await storage.files.get({ type: 'GITHUB', gid: 'old' })).toMatchObject({ storage: 'REMOTE', id: 7 });
    expect(await storage.files.all()).toHaveLength(4);
  });

  it('deletes many files with their thumbnails at once, skipping keys that hold nothing', async () => {
    const storage = createPicHubStorage(freshName());
    const thumbnail = new Blob([new Uint8Array(500)], { type: 'image/webp' });
    await storage.files.put([
      { ...file('a', 'h', '2026-11-27 10:00:00'), thumbnail },
      { ...file('b', 'h', '2026-11-27 10:00:01'), thumbnail },
      file('c', 'h', '2026-11-27 10:00:02'),
    ]);
    expect((await storage.files.thumbnail({ type: 'GITHUB', gid: 'a' }))?.size).toBe(500);
    // The record itself never carries the picture: listing reads no bytes.
    expect(await storage.files.get({ type: 'GITHUB', gid: 'a' })).not.toHaveProperty('thumbnail');
    await storage.files.delete([
      { type: 'GITHUB', gid: 'a' },
      { type: 'GITHUB', gid: 'c' },
      { type: 'GITHUB', gid: 'never' },
    ]);
    expect((await storage.files.all()).map((record) => record.gid)).toEqual(['b']);
    expect(await storage.files.thumbnail({ type: 'GITHUB', gid: 'a' })).toBeUndefined();
    expect((await storage.files.thumbnail({ type: 'GITHUB', gid: 'b' }))?.size).toBe(500);
  });

  it('keeps a small thumbnail across instances and drops one over the cap', async () => {
    const name = freshName();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await createPicHubStorage(name).files.put([
      { ...file('small', 'h', '2026-11-27 10:00:00'), thumbnail: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' }) },
      { ...file('big', 'h', '2026-11-27 10:00:01'), thumbnail: new Blob([new Uint8Array(PIC_HUB_THUMBNAIL_MAX_BYTES + 1)]) },
    ]);
    const again = createPicHubStorage(name);
    const small = await again.files.thumbnail({ type: 'GITHUB', gid: 'small' });
    expect(small?.type).toBe('image/webp');
    expect([...new Uint8Array(await small!.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(await again.files.thumbnail({ type: 'GITHUB', gid: 'big' })).toBeUndefined();
    expect(await again.files.get({ type: 'GITHUB', gid: 'big' })).toBeDefined();
  });

  it('turns a full disk into StorageError quota and keeps none of the batch', async () => {
    const storage = createPicHubStorage(freshName());
    await storage.files.put([file('kept', 'h', '2026-11-27 09:00:00')]);
    const put = IDBObjectStore.prototype.put;
    let calls = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      calls += 1;
      // The second write of the batch finds the disk full, as IndexedDB reports it.
      if (calls === 2) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    });
    const failure = await storage.files
      .put([file('x', 'h', '2026-11-27 10:00:00'), file('y', 'h', '2026-11-27 10:00:01')])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageError);
    expect((failure as StorageError).code).toBe('quota');
    vi.restoreAllMocks();
    expect((await storage.files.all()).map((record) => record.gid)).toEqual(['kept']);
  });
});
