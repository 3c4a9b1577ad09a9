import { describe, expect, it } from 'vitest';
import {
  coverMissingIsError,
  filesToImport,
  findDuplicate,
  matchesQuery,
  quotaPercent,
  shelfView,
  sortBooks,
  withBook,
} from './book-library.service';
import type { ShelfBook } from './book-library.service';

const book = (id: string, title: string, creator: string, createTime: number, extra: Partial<ShelfBook> = {}): ShelfBook => ({
  id,
  title,
  creator,
  createTime,
  coverUrl: '',
  type: 'epub',
  size: 1,
  language: '',
  ...extra,
});

const santi = book('santi', '三体', '刘慈欣', 3);
const weicheng = book('weicheng', '围城', '钱钟书', 1);
const moby = book('moby', 'Moby-Dick', 'Herman Melville', 2);
const kafka = book('kafka', 'Metamorphosis', 'Franz Kafka', 4);
const anonymous = book('anon', 'Beowulf', '', 5);
const ids = (books: readonly ShelfBook[]) => books.map((entry) => entry.id);

describe('search', () => {
  it('finds by title or author, any case, every word somewhere', () => {
    expect(matchesQuery(moby, 'moby')).toBe(true);
    expect(matchesQuery(moby, 'MELVILLE')).toBe(true);
    expect(matchesQuery(kafka, 'kafka meta')).toBe(true);
    expect(matchesQuery(kafka, 'kafka dick')).toBe(false);
    expect(matchesQuery(santi, '慈欣')).toBe(true);
    expect(matchesQuery(santi, '围城')).toBe(false);
  });

  it('folds full-width letters and accents, and an empty query matches all', () => {
    expect(matchesQuery(moby, 'ＭＯＢＹ')).toBe(true);
    expect(matchesQuery(book('x', 'Émile', 'Rousseau', 0), 'emile')).toBe(true);
    expect(matchesQuery(santi, '   ')).toBe(true);
  });
});

describe('sort', () => {
  const shelf = [santi, weicheng, moby, kafka, anonymous];

  it('recent: last read or imported, newest first', () => {
    expect(ids(sortBooks(shelf, 'recent', 'en'))).toEqual(['anon', 'kafka', 'santi', 'moby', 'weicheng']);
    const read = { ...weicheng, lastRead: 10 };
    expect(ids(sortBooks([santi, read, moby], 'recent', 'cn'))).toEqual(['weicheng', 'santi', 'moby']);
  });

  it('title: Chinese by pinyin in the cn interface (San < Wei, Han before Latin as CLDR orders Chinese), Latin A→Z', () => {
    expect(ids(sortBooks([weicheng, moby, santi], 'title', 'cn'))).toEqual(['santi', 'weicheng', 'moby']);
    expect(ids(sortBooks([moby, anonymous, kafka], 'title', 'en'))).toEqual(['anon', 'kafka', 'moby']);
  });

  it('author: A→Z by author, books without one last, ties by title', () => {
    const second = book('moby2', 'Bartleby', 'Herman Melville', 9);
    expect(ids(sortBooks([anonymous, moby, kafka, second], 'author', 'en'))).toEqual(['kafka', 'moby2', 'moby', 'anon']);
  });

  it('does not change the list it was given', () => {
    const shelfCopy = [...shelf];
    sortBooks(shelf, 'title', 'en');
    expect(shelf).toEqual(shelfCopy);
  });

  it('shelfView filters, then sorts', () => {
    expect(ids(shelfView(shelf, { query: 'e', sort: 'title', language: 'en' }))).toEqual(['anon', 'kafka', 'moby']);
  });
});

describe('duplicates', () => {
  it('are recognised by id alone, whatever the title on the shelf says', () => {
    expect(findDuplicate([santi, moby], 'moby')).toBe(moby);
    expect(findDuplicate([santi, moby], 'other')).toBeUndefined();
  });

  it('never stand twice on the shelf', () => {
    const shelf = withBook(withBook([santi], moby), { ...moby, title: 'Moby Dick (again)' });
    expect(ids(shelf)).toEqual(['santi', 'moby']);
    expect(shelf[1]!.title).toBe('Moby Dick (again)');
  });
});

describe('covers', () => {
  it('a missing cover is an error for formats that carry one, not for plain text', () => {
    expect(coverMissingIsError({ type: 'epub' })).toBe(true);
    expect(coverMissingIsError({ type: 'mobi' })).toBe(true);
    expect(coverMissingIsError({ type: 'txt' })).toBe(false);
  });
});

describe('quota', () => {
  it('is a whole percent, at least 1 once something is stored, unknown without a quota', () => {
    expect(quotaPercent(50, 200)).toBe(25);
    expect(quotaPercent(1, 1_000_000)).toBe(1);
    expect(quotaPercent(0, 1_000_000)).toBe(0);
    expect(quotaPercent(10, 0)).toBeUndefined();
    expect(quotaPercent(undefined, 10)).toBeUndefined();
  });
});

describe('folder imports', () => {
  const inFolder = (name: string) => {
    const file = new File(['x'], name);
    Object.defineProperty(file, 'webkitRelativePath', { value: `books/${name}` });
    return file;
  };

  it('take only book files from inside folders, but every loose file (the import core says why one is refused)', () => {
    const { books, skipped } = filesToImport([
      inFolder('a.epub'),
      inFolder('cover.jpg'),
      inFolder('b.AZW3'),
      new File(['x'], 'notes.json'),
    ]);
    expect(books.map((file) => file.name)).toEqual(['a.epub', 'b.AZW3', 'notes.json']);
    expect(skipped).toBe(1);
  });
});
