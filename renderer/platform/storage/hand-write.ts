import type { DBSchema } from 'idb';
import type { TextLine } from '@shared/handwriting';
import { Database, storageError } from './database';

/** A generated page of /hand-write/generate: its PNG at export resolution. */
export interface StoredHandwritingPage {
  index: number;
  png: Blob;
  width: number;
  height: number;
}

/**
 * The last "generate all": how many pages it made and what the PDF needs beside the pictures.
 * `complete` is false while pages are still arriving, and stays false after a cancel.
 */
export interface StoredHandwritingRun {
  key: 'run';
  total: number;
  complete: boolean;
  /** Each page's text lines (the PDF's searchable layer). */
  lines: TextLine[][];
  /** Page size, mm. */
  page: { width: number; height: number };
  time: number;
}

/** The user's own font and background picture: kept as files in this browser, never sent. */
export interface StoredHandwritingFile {
  key: 'font' | 'background';
  name: string;
  blob: Blob;
}

interface HandWriteSchema extends DBSchema {
  page: { key: number; value: StoredHandwritingPage };
  run: { key: 'run'; value: StoredHandwritingRun };
  file: { key: StoredHandwritingFile['key']; value: StoredHandwritingFile };
  text: { key: 'text'; value: { key: 'text'; text: string } };
}

/**
 * The handwriting database (issue 17): the text being written, the own font and background, and the
 * pages of the last "generate all", so /hand-write/preview and a reload show them. Pages go in one by
 * one as they arrive; starting a new run clears the old one first.
 */
export function createHandWriteStorage(name = 'HandWrite') {
  const database = new Database<HandWriteSchema>({
    name,
    upgrades: [
      (db) => {
        db.createObjectStore('page', { keyPath: 'index' });
        db.createObjectStore('run', { keyPath: 'key' });
        db.createObjectStore('file', { keyPath: 'key' });
        db.createObjectStore('text', { keyPath: 'key' });
      },
    ],
  });
  const pageStore = database.store('page');
  const runStore = database.store('run');
  const fileStore = database.store('file');
  const textStore = database.store('text');

  return {
    database,
    text: {
      get: async (): Promise<string | undefined> => (await textStore.get('text'))?.text,
      put: async (text: string): Promise<void> => {
        await textStore.put({ key: 'text', text });
      },
    },
    files: {
      get: (key: StoredHandwritingFile['key']): Promise<StoredHandwritingFile | undefined> => fileStore.get(key),
      put: async (file: StoredHandwritingFile): Promise<void> => {
        await fileStore.put(file);
      },
      delete: (key: StoredHandwritingFile['key']): Promise<void> => fileStore.delete(key),
    },
    pages: {
      /** Forgets the previous run's pages and records a new, incomplete one, in one transaction. */
      async begin(run: Omit<StoredHandwritingRun, 'key' | 'complete'>): Promise<void> {
        const db = await database.open();
        try {
          const transaction = db.transaction(['page', 'run'], 'readwrite');
          await Promise.all([
            transaction.objectStore('page').clear(),
            transaction.objectStore('run').put({ ...run, key: 'run', complete: false }),
            transaction.done,
          ]);
        } catch (error) {
          throw storageError(error);
        }
      },
      async add(page: StoredHandwritingPage): Promise<void> {
        await pageStore.put(page);
      },
      /** Marks the run whole: every page is stored. */
      async finish(): Promise<void> {
        const run = await runStore.get('run');
        if (run) await runStore.put({ ...run, complete: true });
      },
      run: (): Promise<StoredHandwritingRun | undefined> => runStore.get('run'),
      /** The stored pages in page order. */
      all: async (): Promise<StoredHandwritingPage[]> => (await pageStore.all()).sort((a, b) => a.index - b.index),
      count: (): Promise<number> => pageStore.count(),
      get: (index: number): Promise<StoredHandwritingPage | undefined> => pageStore.get(index),
    },
  };
}

export type HandWriteStorage = ReturnType<typeof createHandWriteStorage>;

/** The one handwriting database of this browser. */
export const handWriteStorage = createHandWriteStorage();
