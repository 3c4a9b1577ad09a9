import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { BatchItem } from '@/components/BatchList';
import { BatchJobs } from '@/lib/batch-jobs';
import { randomHexId } from '@/lib/ids';
import { isComponentUnavailable } from '@/lib/load-failure';
import { isOneOf } from '@/lib/field-checks';
import { persistedSettings } from '@/lib/persisted-settings';
import { StorageError, readerStorage } from '@/platform/storage';
import type { StoredBook, StoredLocation } from '@/platform/storage';
import { WorkerCrashed, importWorker } from './import-client';
import { SORT_KEYS, VIEW_MODES, findDuplicate, withBook } from './book-library.service';
import type { ShelfBook, SortKey, ViewMode } from './book-library.service';

/** Why one file did not join the library: a key under `import.errors`, or the shell's component message. */
export type ImportErrorCode =
  | 'empty'
  | 'unsupported'
  | 'truncated'
  | 'corrupt'
  | 'drm'
  | 'unreadable'
  | 'duplicate'
  | 'quota'
  | 'storage'
  | 'outdated'
  | 'unavailable'
  | 'workerFailed'
  | 'componentUnavailable'
  | 'unknown';

export interface ImportRow extends BatchItem {
  errorCode?: ImportErrorCode;
  /** For the message: the stored book's title of a duplicate, the raw detail of an unknown failure. */
  errorTitle?: string;
  errorMessage?: string;
}

/** How one file handed to `importFiles` ended, for a source that keeps its own count and history (WebDAV). */
export type ImportResult =
  | { status: 'added'; bookId: string; title: string }
  | { status: 'duplicate'; bookId?: string; title: string }
  | { status: 'failed'; code: ImportErrorCode }
  | { status: 'cancelled' };

export type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; code: StorageError['code']; message: string };

export interface StorageEstimate {
  usage: number;
  quota: number;
}

interface State {
  books: ShelfBook[];
  load: LoadState;
  /** Files being read and files refused; a file whose book reached the shelf leaves this list. */
  imports: ImportRow[];
  /** Titles shelved since the page last said so (it does once no import is left running). */
  added: string[];
  takeAdded: () => string[];
  storage?: StorageEstimate;
  view: ViewMode;
  sort: SortKey;
  setView: (view: ViewMode) => void;
  setSort: (sort: SortKey) => void;
  /** Reads the shelf (and where each book was left) from the browser's databases. */
  refresh: () => Promise<void>;
  refreshStorage: () => Promise<void>;
  addFiles: (files: readonly File[]) => void;
  /** As addFiles, and says how each file ended (in order) once all have: the rows and the shelf change just the same. */
  importFiles: (files: readonly File[]) => Promise<ImportResult[]>;
  removeRow: (id: string) => void;
  clearRows: () => void;
  /** Deletes the book with its bookmarks and reading location. */
  removeBook: (id: string) => Promise<void>;
}

class ImportFailure extends Error {
  constructor(
    readonly code: ImportErrorCode,
    message: string = code,
    readonly title?: string,
    readonly bookId?: string,
  ) {
    super(message);
  }
}

export function shelfBook(book: StoredBook, location?: StoredLocation): ShelfBook {
  return {
    id: book.id,
    title: book.title,
    creator: book.creator,
    coverUrl: book.coverUrl,
    type: book.type,
    size: book.size,
    language: book.language,
    createTime: book.createTime,
    progress: location?.progress,
    lastRead: location?.updateTime,
  };
}

function storageFailure(error: unknown, title: string, bookId: string): ImportFailure {
  if (!(error instanceof StorageError)) return new ImportFailure('storage', error instanceof Error ? error.message : String(error));
  if (error.code === 'exists') return new ImportFailure('duplicate', error.message, title, bookId);
  if (error.code === 'failed') return new ImportFailure('storage', error.message);
  return new ImportFailure(error.code, error.message);
}

/**
 * Files read at once. The worker takes them one by one anyway; a second in flight lets one book be
 * written to IndexedDB while the next is parsed.
 */
const CONCURRENCY = 2;

/**
 * Asks the browser once per page to keep the library when space runs short (Chromium decides by
 * site engagement without a prompt, Firefox asks): a reader's books should not vanish with the cache.
 */
let persistAsked = false;
function askPersistentStorage(): void {
  if (persistAsked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  persistAsked = true;
  void navigator.storage
    .persisted()
    .then((already) => (already ? true : navigator.storage.persist()))
    .catch(() => false);
}

export const useLibraryStore = create<State>()(
  persist(
    (set, get) => {
      // Rows whose caller waits for the outcome (importFiles); a row removed or cleared first ends as cancelled.
      const waiting = new Map<string, (outcome: ImportResult) => void>();
      const settle = (id: string, outcome: ImportResult) => {
        waiting.get(id)?.(outcome);
        waiting.delete(id);
      };

      const patch = (id: string, change: Partial<ImportRow>) =>
        set((state) => ({ imports: state.imports.map((row) => (row.id === id ? { ...row, ...change } : row)) }));

      const jobs = new BatchJobs<File, ShelfBook>({
        concurrency: CONCURRENCY,
        run: async (file, job) => {
          job.progress(0.1);
          const outcome = await importWorker()
            .read(file, Date.now())
            .catch((error: unknown) => {
              if (isComponentUnavailable(error)) throw new ImportFailure('componentUnavailable');
              if (error instanceof WorkerCrashed) throw new ImportFailure('workerFailed');
              throw error;
            });
          if (!outcome.ok) throw new ImportFailure(outcome.error, outcome.message);
          job.progress(0.7);
          const { book } = outcome;
          const known = findDuplicate(get().books, book.id);
          if (known) throw new ImportFailure('duplicate', 'already in the library', known.title, known.id);
          if (job.signal.aborted) throw new ImportFailure('unknown', 'cancelled');
          // The store's own refusal of a taken id covers a copy imported in another tab meanwhile.
          await readerStorage.books.add(book).catch((error: unknown) => {
            throw storageFailure(error, book.title, book.id);
          });
          // On the shelf as soon as it is stored, whatever becomes of the row (cleared, cancelled).
          const shelved = shelfBook(book);
          set((state) => ({ books: withBook(state.books, shelved) }));
          askPersistentStorage();
          return shelved;
        },
        onUpdate: (id, update) => {
          if (update.status === 'done') {
            // A source that waits for the outcome (WebDAV, a list) reports each book in its own drawer:
            // a toast on top of that drawer would say it again and lie over its close button.
            const reportedBySource = waiting.has(id);
            settle(id, { status: 'added', bookId: update.result.id, title: update.result.title });
            // The book on the shelf is the row's result: a folder of 200 books would otherwise bury the shelf under 200 "done" rows.
            set((state) => ({
              imports: state.imports.filter((row) => row.id !== id),
              added: reportedBySource ? state.added : [...state.added, update.result.title],
            }));
            void get().refreshStorage();
            return;
          }
          if (update.status === 'error') {
            const { error } = update;
            const failure = error instanceof ImportFailure ? error : undefined;
            settle(
              id,
              failure?.code === 'duplicate'
                ? { status: 'duplicate', bookId: failure.bookId, title: failure.title ?? '' }
                : { status: 'failed', code: failure?.code ?? 'unknown' },
            );
            patch(id, {
              status: 'error',
              progress: update.progress,
              errorCode: failure?.code ?? 'unknown',
              errorTitle: failure?.title,
              errorMessage: error instanceof Error ? error.message : String(error),
            });
            return;
          }
          if (update.status === 'cancelled') settle(id, { status: 'cancelled' });
          patch(id, { status: update.status, progress: update.progress });
        },
      });

      function addRows(files: readonly File[], wait = false): Promise<ImportResult>[] {
        const rows = files.map((file): ImportRow => ({
          id: randomHexId(8),
          name: file.name,
          size: file.size,
          status: 'queued',
          progress: 0,
        }));
        const outcomes = wait ? rows.map((row) => new Promise<ImportResult>((resolve) => waiting.set(row.id, resolve))) : [];
        set((state) => ({ imports: [...state.imports, ...rows] }));
        rows.forEach((row, index) => jobs.add(row.id, files[index]!));
        return outcomes;
      }

      return {
        books: [],
        load: { status: 'loading' },
        imports: [],
        added: [],
        takeAdded: () => {
          const { added } = get();
          if (added.length > 0) set({ added: [] });
          return added;
        },
        view: 'grid',
        sort: 'recent',
        setView: (view) => set({ view }),
        setSort: (sort) => set({ sort }),
        refresh: async () => {
          try {
            const [books, locations] = await Promise.all([readerStorage.books.all(), readerStorage.locations.all()]);
            const where = new Map(locations.map((location) => [location.id, location]));
            set({ books: books.map((book) => shelfBook(book, where.get(book.id))), load: { status: 'ready' } });
          } catch (error) {
            const failure = error instanceof StorageError ? error : new StorageError('failed', String(error));
            set({ load: { status: 'failed', code: failure.code, message: failure.message } });
          }
        },
        refreshStorage: async () => {
          if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return;
          const estimate = await navigator.storage.estimate().catch(() => undefined);
          if (estimate?.quota) set({ storage: { usage: estimate.usage ?? 0, quota: estimate.quota } });
        },
        addFiles: (files) => void addRows(files),
        importFiles: (files) => Promise.all(addRows(files, true)),
        removeRow: (id) => {
          jobs.remove(id);
          settle(id, { status: 'cancelled' });
          set((state) => ({ imports: state.imports.filter((row) => row.id !== id) }));
        },
        clearRows: () => {
          jobs.clear();
          [...waiting.keys()].forEach((id) => settle(id, { status: 'cancelled' }));
          set({ imports: [] });
        },
        removeBook: async (id) => {
          // The book goes first: if the rest fails, no orphaned shelf entry is left, only unused marks.
          await readerStorage.books.delete(id);
          set((state) => ({ books: state.books.filter((book) => book.id !== id) }));
          const marks = await readerStorage.bookmarksOf(id);
          await Promise.all([...marks.map((mark) => readerStorage.bookmarks.delete(mark.id)), readerStorage.locations.delete(id)]);
          void get().refreshStorage();
        },
      };
    },
    persistedSettings({
      key: 'baibao:book-library',
      pick: ({ view, sort }) => ({ view, sort }),
      fields: { view: isOneOf(VIEW_MODES), sort: isOneOf(SORT_KEYS) },
    }),
  ),
);
