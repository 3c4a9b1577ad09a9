import { expose } from 'comlink';
import { createBookRecord } from '@/lib/books/book-record';
import type { StoredBook } from '@/platform/storage';
import { BookImportError } from '@shared/books';
import type { BookErrorCode } from '@shared/books';

/** Comlink turns thrown errors into plain ones; answering with a code keeps the reason for the translated message. */
export type ImportOutcome = { ok: true; book: StoredBook } | { ok: false; error: BookErrorCode | 'unknown'; message?: string };

/** Format detection, metadata, cover and the id hash of each imported file, off the page's thread. */
const api = {
  async read(file: File, now: number): Promise<ImportOutcome> {
    try {
      return { ok: true, book: (await createBookRecord(file, now)).book };
    } catch (error) {
      if (error instanceof BookImportError) return { ok: false, error: error.code, message: error.message };
      return { ok: false, error: 'unknown', message: error instanceof Error ? error.message : String(error) };
    }
  },
};

export type ImportWorkerApi = typeof api;

expose(api);
