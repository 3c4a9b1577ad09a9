import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { bookDownloads } from './book-downloads';

const file = (sourceId: string, key: string, time: number) => ({
  sourceId,
  key,
  path: `/books/${key}.epub`,
  name: `${key}.epub`,
  size: 10,
  time,
});

describe('book download history', () => {
  it('knows what was fetched from which source', async () => {
    await bookDownloads.record(file('dav-1', 'etag:"a"', 1));
    expect(await bookDownloads.has('dav-1', 'etag:"a"')).toBe(true);
    expect(await bookDownloads.has('dav-2', 'etag:"a"')).toBe(false);
    expect(await bookDownloads.has('dav-1', 'etag:"b"')).toBe(false);
  });

  it('lists a source newest first and forgets one source only', async () => {
    await bookDownloads.record(file('dav-3', 'x', 1));
    await bookDownloads.record(file('dav-3', 'y', 2));
    await bookDownloads.record(file('list-1', 'x', 3));
    expect((await bookDownloads.of('dav-3')).map((download) => download.key)).toEqual(['y', 'x']);
    await bookDownloads.forget('dav-3');
    expect(await bookDownloads.of('dav-3')).toEqual([]);
    expect(await bookDownloads.has('list-1', 'x')).toBe(true);
  });
});
