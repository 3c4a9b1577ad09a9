import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readerStorage } from '@/platform/storage';
import { createBookRecord } from '@/lib/books/book-record';
import { BookImportError } from '@shared/books';
import { makeEpub } from '@shared/testing/books';
import type { ImportOutcome } from './import.worker';

// Node has no Web Worker: the worker's one call runs here instead, on the same import core.
vi.mock('./import-client', async () => {
  const { WorkerCrashed } = await import('@/lib/worker-client');
  return {
    WorkerCrashed,
    importWorker: () => ({
      read: async (file: File, now: number): Promise<ImportOutcome> => {
        try {
          return { ok: true, book: (await createBookRecord(file, now)).book };
        } catch (error) {
          if (error instanceof BookImportError) return { ok: false, error: error.code };
          throw error;
        }
      },
    }),
  };
});

// The view and sort settings live in localStorage, which Node lacks; one stored value is bad on purpose.
const saved = new Map<string, string>([
  ['baibao:book-library', JSON.stringify({ state: { view: 'list', sort: 'shelf-order' }, version: 1 })],
]);
vi.stubGlobal('localStorage', {
  getItem: (key: string) => saved.get(key) ?? null,
  setItem: (key: string, value: string) => void saved.set(key, value),
  removeItem: (key: string) => void saved.delete(key),
});
const { useLibraryStore } = await import('./library.store');

const epub = (name: string, title: string, identifier = `urn:${title}`) =>
  new File([makeEpub({ title, identifier }) as Uint8Array<ArrayBuffer>], name);

async function settled(): Promise<void> {
  await vi.waitFor(
    () => {
      const { imports } = useLibraryStore.getState();
      if (imports.some((row) => row.status === 'queued' || row.status === 'running')) throw new Error('still importing');
    },
    { timeout: 5000 },
  );
}

beforeEach(async () => {
  useLibraryStore.getState().clearRows();
  useLibraryStore.setState({ books: [], added: [] });
  await Promise.all([readerStorage.books.clear(), readerStorage.bookmarks.clear(), readerStorage.locations.clear()]);
});

describe('library store', () => {
  it('restores the view it was left in, and the default order when the stored one is unknown', () => {
    expect(useLibraryStore.getState()).toMatchObject({ view: 'list', sort: 'recent' });
    useLibraryStore.getState().setSort('author');
    expect(JSON.parse(saved.get('baibao:book-library')!).state).toEqual({ view: 'list', sort: 'author' });
  });

  it('stores an imported book once: a second copy in the same batch is refused as a duplicate', async () => {
    const store = useLibraryStore.getState();
    store.addFiles([epub('a.epub', '三体'), epub('copy of a.epub', '三体')]);
    await settled();
    const { books, imports, added } = useLibraryStore.getState();
    expect(books.map((book) => book.title)).toEqual(['三体']);
    expect(added).toEqual(['三体']);
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({ name: 'copy of a.epub', status: 'error', errorCode: 'duplicate', errorTitle: '三体' });
    expect(await readerStorage.books.count()).toBe(1);
  });

  it('refuses a book already on the shelf from an earlier visit, and names the stored title', async () => {
    const { book } = await createBookRecord(epub('old.epub', 'Moby-Dick'));
    await readerStorage.books.add(book);
    await useLibraryStore.getState().refresh();
    useLibraryStore.getState().addFiles([epub('renamed.epub', 'Moby-Dick')]);
    await settled();
    expect(useLibraryStore.getState().imports[0]).toMatchObject({ status: 'error', errorCode: 'duplicate', errorTitle: 'Moby-Dick' });
    expect(useLibraryStore.getState().books).toHaveLength(1);
  });

  it('gives a bad file its import error code and keeps importing the rest', async () => {
    useLibraryStore.getState().addFiles([new File([], 'empty.epub'), epub('ok.epub', '围城')]);
    await settled();
    const { imports, books } = useLibraryStore.getState();
    expect(imports.map((row) => [row.name, row.errorCode])).toEqual([['empty.epub', 'empty']]);
    expect(books.map((book) => book.title)).toEqual(['围城']);
  });

  it('shows where reading stopped, and deletes a book with its bookmarks and location', async () => {
    useLibraryStore.getState().addFiles([epub('a.epub', '三体'), epub('b.epub', '围城')]);
    await settled();
    const santi = useLibraryStore.getState().books.find((book) => book.title === '三体')!;
    await readerStorage.addBookmark({ bookId: santi.id, cfi: 'epubcfi(/6/2)', content: '', createTime: 1 });
    await readerStorage.locations.put({ id: santi.id, cfi: 'epubcfi(/6/2)', progress: 42, updateTime: 5 });
    await useLibraryStore.getState().refresh();
    expect(useLibraryStore.getState().books.find((book) => book.id === santi.id)).toMatchObject({ progress: 42, lastRead: 5 });

    await useLibraryStore.getState().removeBook(santi.id);
    expect(useLibraryStore.getState().books.map((book) => book.title)).toEqual(['围城']);
    expect(await readerStorage.books.get(santi.id)).toBeUndefined();
    expect(await readerStorage.bookmarksOf(santi.id)).toEqual([]);
    expect(await readerStorage.locations.get(santi.id)).toBeUndefined();
  });

  it('tells a remote source how each file ended, in order: added, duplicate (with the stored book), refused, cleared away', async () => {
    const { book } = await createBookRecord(epub('old.epub', 'Moby-Dick'));
    await readerStorage.books.add(book);
    await useLibraryStore.getState().refresh();
    const results = await useLibraryStore
      .getState()
      .importFiles([epub('a.epub', '三体'), epub('moby.epub', 'Moby-Dick'), new File([], 'empty.epub')]);
    const santi = useLibraryStore.getState().books.find((shelved) => shelved.title === '三体')!;
    expect(results).toEqual([
      { status: 'added', bookId: santi.id, title: '三体' },
      { status: 'duplicate', bookId: book.id, title: 'Moby-Dick' },
      { status: 'failed', code: 'empty' },
    ]);
    // The source's drawer says how each ended: no "added to the shelf" toast on top of it.
    expect(useLibraryStore.getState().added).toEqual([]);
    // A row the user clears before it ran answers too, instead of leaving the source waiting for ever.
    const pending = useLibraryStore.getState().importFiles([epub('b.epub', '围城'), epub('c.epub', '边城'), epub('d.epub', '活着')]);
    useLibraryStore.getState().clearRows();
    expect((await pending).map((result) => result.status)).toContain('cancelled');
  });
});
