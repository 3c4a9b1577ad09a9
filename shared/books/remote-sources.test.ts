import { describe, expect, it } from 'vitest';
import { cloudDownloadKey, downloadKey, isSameWebdavEntry, normalizeServerUrl } from './remote-sources';

describe('WebDAV entries', () => {
  const entry = { serverURL: 'https://dav.jianguoyun.com/dav/', authType: 'basic' as const, username: 'reader@example.com' };

  it('are duplicates when address, login kind and username match, whatever the address spelling', () => {
    expect(isSameWebdavEntry(entry, { ...entry, serverURL: ' HTTPS://DAV.jianguoyun.com/dav' })).toBe(true);
  });

  it('differ by any of the three fields', () => {
    expect(isSameWebdavEntry(entry, { ...entry, serverURL: 'https://dav.jianguoyun.com/dav/books/' })).toBe(false);
    expect(isSameWebdavEntry(entry, { ...entry, authType: 'none' })).toBe(false);
    expect(isSameWebdavEntry(entry, { ...entry, username: 'Reader@example.com' })).toBe(false);
  });

  it('keep an address that is not a URL as typed, trimmed', () => {
    expect(normalizeServerUrl('  not a url ')).toBe('not a url');
  });
});

describe('download history keys', () => {
  it('use the ETag when the server sends one, with the path', () => {
    expect(downloadKey({ path: '/books/a.epub', size: 10, modified: 1, etag: '"abc"' })).toBe('etag:/books/a.epub|"abc"');
    // An ETag names a version of one resource only: the npm webdav-server gives every file of the
    // same modification time the same one (the captured fixture shares it across a folder).
    const shared = { size: 10, modified: 1, etag: '"c83d5b056f71e16fa8bcdefa74ad21f3"' };
    expect(downloadKey({ ...shared, path: '/dav/三体.epub' })).not.toBe(downloadKey({ ...shared, path: '/dav/Moby Dick.epub' }));
  });

  it('otherwise change with path, size or modification time', () => {
    const base = { path: '/books/a.epub', size: 10, modified: 1 };
    const keys = new Set([base, { ...base, size: 11 }, { ...base, modified: 2 }, { ...base, path: '/books/b.epub' }].map(downloadKey));
    expect(keys.size).toBe(4);
  });
});

describe('cloud list history keys', () => {
  const url = 'https://standardebooks.org/ebooks/jane-austen/pride-and-prejudice/downloads/jane-austen_pride-and-prejudice.epub';

  it('use the ETag when one is known, with the URL', () => {
    expect(cloudDownloadKey({ url, etag: '"v1"', size: 10 })).toBe(`url-etag:${url}|"v1"`);
    expect(cloudDownloadKey({ url, etag: '"v1"' })).not.toBe(cloudDownloadKey({ url: `${url}?v=2`, etag: '"v1"' }));
  });

  it('otherwise change with URL, size or date, and never match a WebDAV key', () => {
    const base = { url, size: 10, updated: 1 };
    const keys = new Set(
      [base, { ...base, size: 11 }, { ...base, updated: 2 }, { ...base, url: `${url}x` }, { url }].map(cloudDownloadKey),
    );
    expect(keys.size).toBe(5);
    expect(cloudDownloadKey({ url: '/books/a.epub', size: 10, updated: 1 })).not.toBe(
      downloadKey({ path: '/books/a.epub', size: 10, modified: 1 }),
    );
  });
});
