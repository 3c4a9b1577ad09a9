import { describe, expect, it } from 'vitest';
import { downloadKey, isSameWebdavEntry, normalizeServerUrl } from './remote-sources';

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
  it('use the ETag when the server sends one', () => {
    expect(downloadKey({ path: '/books/a.epub', size: 10, modified: 1, etag: '"abc"' })).toBe('etag:"abc"');
  });

  it('otherwise change with path, size or modification time', () => {
    const base = { path: '/books/a.epub', size: 10, modified: 1 };
    const keys = new Set([base, { ...base, size: 11 }, { ...base, modified: 2 }, { ...base, path: '/books/b.epub' }].map(downloadKey));
    expect(keys.size).toBe(4);
  });
});
