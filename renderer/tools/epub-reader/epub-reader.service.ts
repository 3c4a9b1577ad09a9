/** The reader's pure logic (progress, bookmark list, search results): no DOM, no React, tested under Node. */
import type { StoredBookmark } from '@/platform/storage';

/** foliate's reading position (0–1) as the spec's progress, a whole number from 0 to 100. */
export function toProgress(fraction: number | undefined): number {
  if (fraction === undefined || !Number.isFinite(fraction)) return 0;
  return Math.round(Math.min(1, Math.max(0, fraction)) * 100);
}

/** Longest text a bookmark keeps of its page: enough to recognise the place in a list. */
export const BOOKMARK_EXCERPT = 80;

/** A bookmark's `content`: the start of the page's text, whitespace folded, cut at a word where one is near. */
export function bookmarkExcerpt(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= BOOKMARK_EXCERPT) return folded;
  const cut = folded.slice(0, BOOKMARK_EXCERPT);
  const space = cut.lastIndexOf(' ');
  return `${space > BOOKMARK_EXCERPT * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** The bookmark list after adding one: no two at one location (the store refuses those too), oldest first. */
export function withBookmark(list: readonly StoredBookmark[], added: StoredBookmark): StoredBookmark[] {
  return [...list.filter((bookmark) => bookmark.id !== added.id), added].sort((a, b) => a.createTime - b.createTime);
}

export function withoutBookmark(list: readonly StoredBookmark[], id: string): StoredBookmark[] {
  return list.filter((bookmark) => bookmark.id !== id);
}

export const hasBookmarkAt = (list: readonly StoredBookmark[], cfi: string | undefined): boolean =>
  cfi !== undefined && list.some((bookmark) => bookmark.cfi === cfi);

/** A search hit's excerpt as foliate gives it: the words before, the match, the words after. */
export interface SearchExcerpt {
  pre: string;
  match: string;
  post: string;
}

export interface SearchHit {
  cfi: string;
  excerpt: SearchExcerpt;
}

export interface SearchGroup {
  /** The chapter's title from the table of contents ('' when the book has none there). */
  label: string;
  hits: SearchHit[];
}

/** Keeps a search's result list bounded: a one-letter query in a long book finds tens of thousands. */
export const MAX_SEARCH_HITS = 500;

export const countHits = (groups: readonly SearchGroup[]): number => groups.reduce((sum, group) => sum + group.hits.length, 0);

/** Adds one chapter's hits, keeping the total within MAX_SEARCH_HITS; `full` says the cap was reached. */
export function addSearchGroup(groups: readonly SearchGroup[], group: SearchGroup): { groups: SearchGroup[]; full: boolean } {
  const room = MAX_SEARCH_HITS - countHits(groups);
  const hits = group.hits.slice(0, Math.max(0, room));
  const next = hits.length ? [...groups, { ...group, hits }] : [...groups];
  return { groups: next, full: group.hits.length >= room };
}
