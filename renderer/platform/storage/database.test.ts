import 'fake-indexeddb/auto';
import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { Database, StorageError } from './database';
import { bookDatabase, bookmarkDatabase, locationDatabase, readerStorage } from './reader';

interface NotesV1 extends DBSchema {
  note: { key: string; value: { id: string; text: string } };
}
interface NotesV2 extends DBSchema {
  note: { key: string; value: { id: string; text: string; words: number } };
  tag: { key: string; value: { id: string } };
}

const opened: Database<DBSchema>[] = [];
const track = <Schema extends DBSchema>(db: Database<Schema>) => (opened.push(db as unknown as Database<DBSchema>), db);
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

let counter = 0;
const freshName = () => `test-${Date.now()}-${(counter += 1)}`;

describe('Database', () => {
  it('creates version 1 on first use and keeps what was written', async () => {
    const name = freshName();
    const notes = track(new Database<NotesV1>({ name, upgrades: [(db) => db.createObjectStore('note', { keyPath: 'id' })] }));
    await notes.store('note').put({ id: 'a', text: 'hello' });
    await notes.close();
    expect(await notes.store('note').get('a')).toEqual({ id: 'a', text: 'hello' });
    expect((await notes.open()).version).toBe(1);
  });

  it('upgrades an old copy step by step, keeping and converting its records', async () => {
    const name = freshName();
    const v1 = track(new Database<NotesV1>({ name, upgrades: [(db) => db.createObjectStore('note', { keyPath: 'id' })] }));
    await v1.store('note').put({ id: 'a', text: 'one two three' });
    await v1.close();
    const v2 = track(
      new Database<NotesV2>({
        name,
        upgrades: [
          (db) => db.createObjectStore('note', { keyPath: 'id' }),
          (db, transaction) => {
            db.createObjectStore('tag', { keyPath: 'id' });
            // A step may rewrite records it finds; it runs inside the upgrade transaction.
            void transaction
              .objectStore('note')
              .openCursor()
              .then(async function words(cursor): Promise<void> {
                if (!cursor) return;
                await cursor.update({ ...cursor.value, words: cursor.value.text.split(' ').length });
                return words(await cursor.continue());
              });
          },
        ],
      }),
    );
    expect(await v2.store('note').get('a')).toEqual({ id: 'a', text: 'one two three', words: 3 });
    expect(await v2.store('tag').count()).toBe(0);
    expect((await v2.open()).version).toBe(2);
  });

  it('steps aside when another tab needs a newer version; this older page is then told to reload', async () => {
    const name = freshName();
    const older = track(new Database<NotesV1>({ name, upgrades: [(db) => db.createObjectStore('note', { keyPath: 'id' })] }));
    await older.store('note').put({ id: 'a', text: 'x' });
    // The other tab: a plain connection asking for version 2; it would wait for ever if ours stayed open.
    const newer = await openDB(name, 2, { upgrade: (db) => void db.createObjectStore('extra') });
    expect(newer.version).toBe(2);
    newer.close();
    await expect(older.store('note').get('a')).rejects.toMatchObject({ code: 'outdated' });
  });

  it('turns IndexedDB errors into StorageError codes', async () => {
    const notes = track(new Database<NotesV1>({ name: freshName(), upgrades: [(db) => db.createObjectStore('note', { keyPath: 'id' })] }));
    await notes.store('note').add({ id: 'a', text: 'x' });
    const again = notes.store('note').add({ id: 'a', text: 'y' });
    await expect(again).rejects.toBeInstanceOf(StorageError);
    await expect(again).rejects.toMatchObject({ code: 'exists' });
  });

  it('write keeps all of a transaction or none: a write that throws before its request exists undoes the ones before it', async () => {
    const notes = track(
      new Database<NotesV2>({
        name: freshName(),
        upgrades: [(db) => db.createObjectStore('note', { keyPath: 'id' }), (db) => db.createObjectStore('tag', { keyPath: 'id' })],
      }),
    );
    await notes.write(['note', 'tag'], (transaction, requests) => {
      requests.push(transaction.objectStore('note').put({ id: 'a', text: 'x', words: 1 }), transaction.objectStore('tag').put({ id: 't' }));
    });
    const failed = notes.write(['note', 'tag'], (transaction, requests) => {
      requests.push(transaction.objectStore('note').put({ id: 'b', text: 'y', words: 1 }));
      requests.push(transaction.objectStore('tag').delete('t'));
      // No id: IndexedDB throws a DataError at once, with no request to fail.
      requests.push(transaction.objectStore('tag').put({} as { id: string }));
    });
    await expect(failed).rejects.toMatchObject({ name: 'StorageError', code: 'failed' });
    expect((await notes.store('note').all()).map((note) => note.id)).toEqual(['a']);
    expect(await notes.store('tag').get('t')).toEqual({ id: 't' });
  });

  it('run turns what the work throws into a StorageError', async () => {
    const notes = track(new Database<NotesV1>({ name: freshName(), upgrades: [(db) => db.createObjectStore('note', { keyPath: 'id' })] }));
    await notes.store('note').add({ id: 'a', text: 'x' });
    await expect(notes.run((db) => db.add('note', { id: 'a', text: 'y' }))).rejects.toMatchObject({ name: 'StorageError', code: 'exists' });
  });
});

describe('reader storage (spec: databases Book, BookMark, BookLoc, one store each keyed by id, version 1)', () => {
  afterEach(async () => {
    await Promise.all([bookDatabase, bookmarkDatabase, locationDatabase].map((db) => db.close()));
  });

  it('opens the three databases with the spec’s names, stores, key paths and version', async () => {
    const shapes = await Promise.all(
      [bookDatabase, bookmarkDatabase, locationDatabase].map(async (database) => {
        // One shape for the three schemas: only names and key paths are read here.
        const db = (await database.open()) as unknown as IDBPDatabase;
        const store = db.objectStoreNames[0]!;
        return { name: db.name, version: db.version, store, keyPath: db.transaction(store).objectStore(store).keyPath };
      }),
    );
    expect(shapes).toEqual([
      { name: 'Book', version: 1, store: 'book', keyPath: 'id' },
      { name: 'BookMark', version: 1, store: 'bookmark', keyPath: 'id' },
      { name: 'BookLoc', version: 1, store: 'loc', keyPath: 'id' },
    ]);
  });

  it('keeps a book with its file, and rejects a second bookmark at the same location', async () => {
    const content = new Blob(['epub bytes'], { type: 'application/epub+zip' });
    await readerStorage.books.put({
      id: 'b1',
      title: '书',
      creator: 'c',
      description: '',
      identifier: 'i',
      createTime: 1,
      coverUrl: '',
      language: 'zh',
      content,
      size: content.size,
      type: 'epub',
    });
    const book = await readerStorage.books.get('b1');
    expect(book?.title).toBe('书');
    expect(await new Response(book!.content).text()).toBe('epub bytes');

    const mark = await readerStorage.addBookmark({ bookId: 'b1', cfi: 'epubcfi(/6/4)', content: 'first', createTime: 2 });
    expect(mark.id).toBe('b1-epubcfi(/6/4)');
    await expect(readerStorage.addBookmark({ bookId: 'b1', cfi: 'epubcfi(/6/4)', content: 'again', createTime: 3 })).rejects.toMatchObject({
      code: 'exists',
    });
    await readerStorage.addBookmark({ bookId: 'b2', cfi: 'epubcfi(/6/2)', content: 'other book', createTime: 1 });
    expect((await readerStorage.bookmarksOf('b1')).map((bookmark) => bookmark.content)).toEqual(['first']);

    await readerStorage.locations.put({ id: 'b1', cfi: 'epubcfi(/6/8)', progress: 42, updateTime: 4 });
    expect(await readerStorage.locations.get('b1')).toMatchObject({ progress: 42 });
  });
});
