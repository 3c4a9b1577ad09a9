import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bookDatabase, readerStorage, StorageError } from '@/platform/storage/reader';
import { BookImportError } from '@shared/books';
import { makeEpub, makeMobi, PNG_1X1 } from '@shared/testing/books';
import { bookId, createBookRecord } from './book-record';
import { cn, en } from './locales';

const file = (bytes: Uint8Array, name: string) => new File([bytes as Uint8Array<ArrayBuffer>], name);

afterAll(() => bookDatabase.close());

describe('bookId', () => {
  it('is the MD5 of title, creator and identifier joined by NUL', async () => {
    // md5("a\0b\0c"), computed independently with `printf 'a\0b\0c' | md5sum`.
    expect(await bookId('a', 'b', 'c')).toBe('ed4b9e8bfe6c7571a700dc6a0b0d01cb');
  });

  it('keeps fields apart: moving a letter from title to creator is another book', async () => {
    expect(await bookId('ab', 'c', '')).not.toBe(await bookId('a', 'bc', ''));
  });
});

describe('createBookRecord', () => {
  it('fills every field of the spec’s Book record from an EPUB', async () => {
    const epub = makeEpub({
      title: '三体',
      creators: ['刘慈欣'],
      identifier: 'isbn:9787536692930',
      language: 'zh-CN',
      description: '地球往事',
    });
    const { book, cover } = await createBookRecord(file(epub, 'santi.epub'), 1_700_000_000_000);
    expect(book).toMatchObject({
      id: await bookId('三体', '刘慈欣', 'isbn:9787536692930'),
      title: '三体',
      creator: '刘慈欣',
      description: '地球往事',
      identifier: 'isbn:9787536692930',
      createTime: 1_700_000_000_000,
      language: 'zh-CN',
      size: epub.length,
      type: 'epub',
    });
    expect(book.content.size).toBe(epub.length);
    expect(book.coverUrl).toBe(`data:image/png;base64,${btoa(String.fromCharCode(...PNG_1X1))}`);
    expect(cover?.type).toBe('image/png');
    expect(new Uint8Array(await cover!.arrayBuffer())).toEqual(PNG_1X1);
  });

  it('gives a book without an identifier the MD5 of its bytes, so two same-named text files stay two books', async () => {
    const one = await createBookRecord(file(new TextEncoder().encode('第一章 '.repeat(50)), '小说.txt'));
    const other = await createBookRecord(file(new TextEncoder().encode('第二章 '.repeat(50)), '小说.txt'));
    expect(one.book.identifier).toMatch(/^md5:[0-9a-f]{32}$/);
    expect(one.book.title).toBe('小说');
    expect(one.book.coverUrl).toBe('');
    expect(one.book.id).not.toBe(other.book.id);
  });

  it('makes a calibre AZW3 (KF8) an azw3 Book with its title, author and cover, stored and read back', async () => {
    const bytes = new Uint8Array(readFileSync(join(import.meta.dirname, '../../../shared/books/fixtures/kf8/book.azw3')));
    const { book } = await createBookRecord(file(bytes, '灯塔看守人.azw3'));
    expect(book).toMatchObject({ title: '灯塔看守人', creator: '林海', language: 'zh', type: 'azw3', size: bytes.length });
    expect(book.coverUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    await readerStorage.books.add(book);
    expect((await readerStorage.books.get(book.id))?.type).toBe('azw3');
  });

  it('passes the typed error through for a file that is no book', async () => {
    await expect(createBookRecord(file(new Uint8Array(0), 'empty.epub'))).rejects.toBeInstanceOf(BookImportError);
  });

  it('is refused by the Book store on a second import of the same book, even from a renamed file', async () => {
    const first = await createBookRecord(file(makeMobi({ title: '围城' }), 'weicheng.mobi'));
    const again = await createBookRecord(file(makeMobi({ title: '围城' }), 'copy of weicheng.azw'), Date.now() + 1000);
    expect(again.book.id).toBe(first.book.id);
    await readerStorage.books.add(first.book);
    const refusal = await readerStorage.books.add(again.book).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StorageError);
    expect((refusal as StorageError).code).toBe('exists');
    const stored = await readerStorage.books.get(first.book.id);
    expect(stored?.title).toBe('围城');
    expect(stored?.createTime).toBe(first.book.createTime);
  });
});

describe('import messages', () => {
  it('keeps the spec’s cover message verbatim and translates every error code', () => {
    expect(cn.coverError).toBe('获取书籍封面出错!');
    expect(Object.keys(en.errors).sort()).toEqual(['corrupt', 'drm', 'duplicate', 'empty', 'truncated', 'unreadable', 'unsupported']);
  });
});
