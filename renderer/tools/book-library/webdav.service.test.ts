import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { WebdavError } from '@shared/contracts/webdav';
import type { WebdavEntry, WebdavItem } from '@shared/contracts/webdav';
import { downloadKey } from '@shared/books/remote-sources';
import { bookDownloads } from '@/platform/storage';
import {
  breadcrumbs,
  checkServerUrl,
  duplicateEntry,
  entryLabel,
  folderView,
  listingProblem,
  newBooks,
  parentFolder,
  rootPath,
  summarize,
  webdavErrorCode,
} from './webdav.service';
import { fetchRemoteBooks } from './webdav-fetch';
import type { FetchRow } from './webdav-fetch';
import type { ImportResult } from './library.store';

const entry = (id: string, serverURL: string, username = 'reader', authType: WebdavEntry['authType'] = 'basic'): WebdavEntry => ({
  id,
  serverURL,
  authType,
  username,
  storage: 'local',
});

const file = (path: string, extra: Partial<WebdavItem> = {}): WebdavItem => ({
  path,
  name: path.split('/').at(-1)!,
  kind: 'file',
  size: 100,
  modified: 1_700_000_000_000,
  ...extra,
});
const folder = (path: string): WebdavItem => ({ path, name: path.split('/').at(-1)!, kind: 'folder', size: 0 });

describe('WebDAV entries', () => {
  it('takes http(s) addresses only, and never one with a password inside', () => {
    expect(checkServerUrl('  https://dav.jianguoyun.com/dav/ ')).toEqual({ ok: true, url: 'https://dav.jianguoyun.com/dav/' });
    expect(checkServerUrl('')).toEqual({ ok: false, problem: 'addressEmpty' });
    expect(checkServerUrl('dav.jianguoyun.com')).toEqual({ ok: false, problem: 'addressInvalid' });
    expect(checkServerUrl('ftp://nas.local/books')).toEqual({ ok: false, problem: 'addressScheme' });
    expect(checkServerUrl('https://me:secret@nas.local/dav/')).toEqual({ ok: false, problem: 'addressCredentials' });
  });

  it('refuses a duplicate (same address, login kind and user), but not the entry being edited', () => {
    const stored = [entry('a', 'https://dav.jianguoyun.com/dav/'), entry('b', 'http://nas.local:5005/books', '', 'none')];
    expect(duplicateEntry(stored, { serverURL: 'HTTPS://dav.jianguoyun.com/dav', authType: 'basic', username: ' reader ' })?.id).toBe('a');
    expect(
      duplicateEntry(stored, { serverURL: 'https://dav.jianguoyun.com/dav/', authType: 'basic', username: 'reader' }, 'a'),
    ).toBeUndefined();
    expect(duplicateEntry(stored, { serverURL: 'https://dav.jianguoyun.com/dav/', authType: 'basic', username: 'other' })).toBeUndefined();
    // Without a login the username typed before switching is not part of the entry.
    expect(duplicateEntry(stored, { serverURL: 'http://nas.local:5005/books/', authType: 'none', username: 'typed' })?.id).toBe('b');
    expect(duplicateEntry(stored, { serverURL: 'http://nas.local:5005/books/', authType: 'basic', username: '' })).toBeUndefined();
    expect(entryLabel(stored[0]!)).toBe('reader @ dav.jianguoyun.com/dav');
  });
});

describe('WebDAV folders', () => {
  const server = 'http://127.0.0.1:1900/dav/%E4%B9%A6/';

  it('walks from the entry’s own folder down, decoded, and never above it', () => {
    expect(rootPath(server)).toBe('/dav/书');
    expect(breadcrumbs(server, '')).toEqual([{ name: '', path: '' }]);
    expect(breadcrumbs(server, '/dav/书')).toEqual([{ name: '', path: '' }]);
    expect(breadcrumbs(server, '/dav/书/科幻/刘慈欣')).toEqual([
      { name: '', path: '' },
      { name: '科幻', path: '/dav/书/科幻' },
      { name: '刘慈欣', path: '/dav/书/科幻/刘慈欣' },
    ]);
    expect(parentFolder(server, '/dav/书/科幻/刘慈欣')).toBe('/dav/书/科幻');
    expect(parentFolder(server, '/dav/书/科幻')).toBe('');
    expect(parentFolder(server, '')).toBeUndefined();
    expect(breadcrumbs('http://nas.local/', '/a')).toEqual([
      { name: '', path: '' },
      { name: 'a', path: '/a' },
    ]);
  });

  it('lists folders first, then book files only, each by name (pinyin in Chinese)', () => {
    const view = folderView(
      [file('/b/围城.epub'), folder('/b/科幻'), file('/b/cover.jpg'), file('/b/三体.MOBI'), folder('/b/Archive'), file('/b/notes.txt.bak')],
      'cn',
    );
    // CLDR's Chinese collation puts Han (by pinyin) before Latin, as the shelf's title sort does.
    expect(view.folders.map((item) => item.name)).toEqual(['科幻', 'Archive']);
    expect(view.books.map((item) => item.name)).toEqual(['三体.MOBI', '围城.epub']);
    expect(view.hidden).toBe(2);
  });

  it('plans a sync from the history: by ETag, else by path, size and time, so a changed file is new again', () => {
    const tagged = file('/b/a.epub', { etag: '"1"' });
    const plain = file('/b/b.epub');
    const known = new Set([downloadKey(tagged), downloadKey(plain)]);
    expect(newBooks([tagged, plain], known)).toEqual([]);
    const retagged = { ...tagged, etag: '"2"' };
    const touched = { ...plain, modified: plain.modified! + 1000 };
    expect(newBooks([retagged, touched, file('/b/c.epub')], known).map((item) => item.name)).toEqual(['a.epub', 'b.epub', 'c.epub']);
  });

  it('tells failures apart by their code', () => {
    expect(webdavErrorCode(new WebdavError('unauthorized'))).toBe('unauthorized');
    expect(webdavErrorCode(new DOMException('stop', 'AbortError'))).toBe('cancelled');
    expect(webdavErrorCode(new TypeError('x'))).toBe('failed');
    // A 401 for a login sent without its password asks for the password, not "wrong password".
    expect(listingProblem(new WebdavError('unauthorized'), { authType: 'basic', password: '' })).toBe('passwordMissing');
    expect(listingProblem(new WebdavError('unauthorized'), { authType: 'basic', password: 'typo' })).toBe('unauthorized');
    expect(listingProblem(new WebdavError('timeout'), { authType: 'basic', password: '' })).toBe('timeout');
    expect(summarize(['fetched', 'duplicate', 'failed', 'fetched', 'cancelled'], 3)).toEqual({
      fetched: 2,
      known: 3,
      failed: 1,
      duplicates: 1,
      cancelled: 1,
    });
  });
});

describe('fetching from WebDAV', () => {
  const bytes = (text: string) => new Blob([text]);

  it('counts exactly what arrived, records what reached the shelf, and a second run knows it', async () => {
    const source = `entry-${Date.now()}`;
    const items = [
      file('/b/ok.epub', { etag: '"ok"' }),
      file('/b/dup.epub'),
      file('/b/bad.epub'),
      file('/b/gone.epub'),
      file('/b/locked.epub'),
    ];
    const results: Record<string, ImportResult> = {
      'ok.epub': { status: 'added', bookId: 'id-ok', title: 'OK' },
      'dup.epub': { status: 'duplicate', bookId: 'id-dup', title: '三体' },
      'bad.epub': { status: 'failed', code: 'corrupt' },
    };
    let rows: FetchRow[] = [];
    const progress: number[] = [];
    const run = fetchRemoteBooks({
      sourceId: source,
      items,
      known: 4,
      download: async (item, { onProgress }) => {
        if (item.name === 'gone.epub') throw new WebdavError('notFound');
        if (item.name === 'locked.epub') throw new WebdavError('unauthorized');
        onProgress?.(50, 100);
        return bytes(item.name);
      },
      importFiles: async (files) => files.map((each) => results[each.name]!),
      record: (download) => bookDownloads.record(download),
      onRows: (next) => {
        rows = next;
        const ok = next.find((row) => row.name === 'ok.epub');
        if (ok?.status === 'running') progress.push(ok.progress);
      },
    });
    const summary = await run.done;
    expect(summary).toEqual({ fetched: 1, known: 4, failed: 3, duplicates: 1, cancelled: 0 });
    expect(rows.map((row) => [row.name, row.status, row.outcome, row.errorCode])).toEqual([
      ['ok.epub', 'done', 'fetched', undefined],
      ['dup.epub', 'done', 'duplicate', undefined],
      ['bad.epub', 'error', 'failed', 'import:corrupt'],
      ['gone.epub', 'error', 'failed', 'notFound'],
      ['locked.epub', 'error', 'failed', 'unauthorized'],
    ]);
    expect(rows[1]!.title).toBe('三体');
    expect(progress.some((value) => value > 0 && value < 1)).toBe(true);
    const history = await bookDownloads.of(source);
    expect(history.map((download) => [download.name, download.bookId, download.key]).sort()).toEqual([
      ['dup.epub', 'id-dup', downloadKey(items[1]!)],
      ['ok.epub', 'id-ok', downloadKey(items[0]!)],
    ]);
    const known = new Set(history.map((download) => download.key));
    expect(newBooks(items, known).map((item) => item.name)).toEqual(['bad.epub', 'gone.epub', 'locked.epub']);
  });

  it('cancels a download under way: the server call is aborted and nothing is imported', async () => {
    let imported = 0;
    let aborted = false;
    const run = fetchRemoteBooks({
      sourceId: 'cancel',
      items: [file('/b/slow.epub')],
      download: (_item, { signal }) =>
        new Promise<Blob>((_resolve, reject) => {
          signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('stop', 'AbortError'));
          });
        }),
      importFiles: async (files) => {
        imported += files.length;
        return [];
      },
      record: async () => undefined,
      onRows: (rows) => {
        if (rows[0]?.status === 'running') queueMicrotask(() => run.cancel(rows[0]!.id));
      },
    });
    expect(await run.done).toMatchObject({ fetched: 0, cancelled: 1, failed: 0 });
    expect(aborted).toBe(true);
    expect(imported).toBe(0);
  });
});
