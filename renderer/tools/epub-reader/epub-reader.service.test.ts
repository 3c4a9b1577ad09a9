import { describe, expect, it } from 'vitest';
import type { StoredBookmark } from '@/platform/storage';
import {
  addSearchGroup,
  BOOKMARK_EXCERPT,
  bookmarkExcerpt,
  countHits,
  hasBookmarkAt,
  MAX_SEARCH_HITS,
  toProgress,
  withBookmark,
  withoutBookmark,
} from './epub-reader.service';

const mark = (cfi: string, createTime: number): StoredBookmark => ({ id: `b-${cfi}`, bookId: 'b', cfi, content: cfi, createTime });

describe('progress', () => {
  it('maps foliate fractions to whole numbers 0–100', () => {
    expect(toProgress(0)).toBe(0);
    expect(toProgress(0.004)).toBe(0);
    expect(toProgress(0.426)).toBe(43);
    expect(toProgress(1)).toBe(100);
  });

  it('clamps and survives missing or broken values', () => {
    expect(toProgress(undefined)).toBe(0);
    expect(toProgress(Number.NaN)).toBe(0);
    expect(toProgress(-0.2)).toBe(0);
    expect(toProgress(1.7)).toBe(100);
  });
});

describe('bookmark list', () => {
  it('keeps one bookmark per location, oldest first', () => {
    const list = withBookmark([mark('/6/4', 20)], mark('/6/2', 10));
    expect(list.map((bookmark) => bookmark.cfi)).toEqual(['/6/2', '/6/4']);
    expect(withBookmark(list, mark('/6/2', 30))).toHaveLength(2);
  });

  it('removes by id and tells whether a location is marked', () => {
    const list = [mark('/6/2', 1), mark('/6/4', 2)];
    expect(withoutBookmark(list, 'b-/6/2').map((bookmark) => bookmark.cfi)).toEqual(['/6/4']);
    expect(hasBookmarkAt(list, '/6/4')).toBe(true);
    expect(hasBookmarkAt(list, '/6/8')).toBe(false);
    expect(hasBookmarkAt(list, undefined)).toBe(false);
  });

  it('keeps a short excerpt of the page, cut at a word', () => {
    expect(bookmarkExcerpt('  Call   me\nIshmael. ')).toBe('Call me Ishmael.');
    const long = bookmarkExcerpt('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(BOOKMARK_EXCERPT + 1);
    expect(long.endsWith('word…')).toBe(true);
    expect(bookmarkExcerpt('字'.repeat(200))).toBe(`${'字'.repeat(BOOKMARK_EXCERPT)}…`);
  });
});

describe('search results', () => {
  const hits = (count: number) =>
    Array.from({ length: count }, (_, at) => ({ cfi: `/6/${at}`, excerpt: { pre: '', match: 'x', post: '' } }));

  it('stop growing at the cap and say so', () => {
    let state = addSearchGroup([], { label: 'One', hits: hits(MAX_SEARCH_HITS - 5) });
    expect(state.full).toBe(false);
    state = addSearchGroup(state.groups, { label: 'Two', hits: hits(20) });
    expect(state.full).toBe(true);
    expect(countHits(state.groups)).toBe(MAX_SEARCH_HITS);
    expect(addSearchGroup(state.groups, { label: 'Three', hits: hits(1) }).groups).toHaveLength(2);
  });
});
