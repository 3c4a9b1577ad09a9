/** The library's view model: pure, no DOM or storage, so search, sort and the duplicate rule are tested under Node. */

export type SortKey = 'recent' | 'title' | 'author';
export const SORT_KEYS: readonly SortKey[] = ['recent', 'title', 'author'];

export type ViewMode = 'grid' | 'list';
export const VIEW_MODES: readonly ViewMode[] = ['grid', 'list'];

/** What the shelf shows of a stored book: everything but the file itself, plus where reading stopped. */
export interface ShelfBook {
  id: string;
  title: string;
  creator: string;
  coverUrl: string;
  type: string;
  size: number;
  language: string;
  /** Import time, epoch ms. */
  createTime: number;
  /** 0–100 from the book's stored location; undefined when never opened. */
  progress?: number;
  /** When the reader last saved a location, epoch ms. */
  lastRead?: number;
}

/** Formats that never carry a cover: their books get a plain placeholder rather than the cover error. */
const COVERLESS_FORMATS = new Set(['txt']);

/** Whether the shelf should say '获取书籍封面出错!' (spec §5) for a book that has no readable cover. */
export function coverMissingIsError(book: Pick<ShelfBook, 'type'>): boolean {
  return !COVERLESS_FORMATS.has(book.type);
}

/** Case, width (全角 letters) and accents folded, so "ＭＯＢＹ" and "moby" and "Émile"/"emile" match. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Every word of the query appears in the title or the author (in any order): "kafka meta" finds Metamorphosis by Franz Kafka. */
export function matchesQuery(book: Pick<ShelfBook, 'title' | 'creator'>, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${fold(book.title)}\n${fold(book.creator)}`;
  return words.every((word) => haystack.includes(word));
}

/** Chinese titles sort by pinyin in the cn interface (as 微信读书 and Koodo do), by the interface language otherwise. */
function collator(language: string): Intl.Collator {
  return new Intl.Collator(language === 'cn' ? 'zh-Hans-CN-u-co-pinyin' : 'en', { numeric: true, sensitivity: 'base' });
}

/** Last read, or imported if never read: a book just added is as "recent" as one just read. */
export const recency = (book: Pick<ShelfBook, 'createTime' | 'lastRead'>): number => Math.max(book.createTime, book.lastRead ?? 0);

/**
 * The shelf in the chosen order. Recent: last read or imported, newest first. Title and author: A→Z
 * (pinyin for Chinese in the cn interface); books without an author go last under "author", and
 * ties fall back to the title, then the id, so the order never flickers between renders.
 */
export function sortBooks<Book extends ShelfBook>(books: readonly Book[], key: SortKey, language: string): Book[] {
  const compare = collator(language).compare;
  const byTitle = (a: Book, b: Book) => compare(a.title, b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const order: Record<SortKey, (a: Book, b: Book) => number> = {
    recent: (a, b) => recency(b) - recency(a) || byTitle(a, b),
    title: byTitle,
    author: (a, b) => Number(!a.creator) - Number(!b.creator) || compare(a.creator, b.creator) || byTitle(a, b),
  };
  return [...books].sort(order[key]);
}

/** What the shelf shows: the books matching the search, in the chosen order. */
export function shelfView<Book extends ShelfBook>(
  books: readonly Book[],
  options: { query: string; sort: SortKey; language: string },
): Book[] {
  return sortBooks(
    books.filter((book) => matchesQuery(book, options.query)),
    options.sort,
    options.language,
  );
}

/**
 * The duplicate rule (spec §3: the id is a hash of title, creator and identifier): a book is
 * already in the library when a stored book has its id, whatever the file was called. The store
 * enforces it too (its `add` refuses a taken key); this check lets the page say so before writing.
 */
export function findDuplicate<Book extends Pick<ShelfBook, 'id'>>(shelf: readonly Book[], id: string): Book | undefined {
  return shelf.find((book) => book.id === id);
}

/** Adds a book to the shelf, or replaces the one with its id, keeping the list free of duplicates. */
export function withBook<Book extends Pick<ShelfBook, 'id'>>(shelf: readonly Book[], book: Book): Book[] {
  return [...shelf.filter((other) => other.id !== book.id), book];
}

/** Used share of the browser's quota in whole percent (at least 1 once anything is stored), or undefined when unknown. */
export function quotaPercent(usage: number | undefined, quota: number | undefined): number | undefined {
  if (usage === undefined || !quota || quota <= 0) return undefined;
  const share = (usage / quota) * 100;
  return Math.min(100, share > 0 && share < 1 ? 1 : Math.round(share));
}

/**
 * Book files among a picked or dropped folder's files, by extension: a folder of e-books usually
 * holds covers, notes and OPF leftovers too, and one "not a supported format" row per picture would
 * bury the books. Files chosen one by one all go to the import core, which says why one is refused.
 */
export const BOOK_EXTENSIONS = ['epub', 'mobi', 'azw3', 'azw', 'prc', 'fb2', 'cbz', 'txt'] as const;

export function isBookFileName(name: string): boolean {
  const extension = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension !== undefined && (BOOK_EXTENSIONS as readonly string[]).includes(extension);
}

/** Splits a pick or drop: loose files are all tried, files from inside folders only when named as books. */
export function filesToImport(files: readonly File[]): { books: File[]; skipped: number } {
  const books = files.filter((file) => !(file.webkitRelativePath ?? '').includes('/') || isBookFileName(file.name));
  return { books, skipped: files.length - books.length };
}
