import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { ReadingBookmark, ReadingLocation } from '@shared/contracts/reading-sync-base';
import type { Db } from '../../db/database';
import { engineOf } from '../../db/dialect';
import type { Database, ReadingBookmarkTable, ReadingLocationTable } from '../../db/schema';

export const cfiHash = (cfi: string) => createHash('sha256').update(cfi).digest('hex');

const toLocation = (row: ReadingLocationTable): ReadingLocation => ({
  bookId: row.book_id,
  cfi: row.cfi,
  progress: row.progress,
  updateTime: row.update_time,
});

const toBookmark = (row: ReadingBookmarkTable): ReadingBookmark => ({
  bookId: row.book_id,
  cfi: row.cfi,
  content: row.content,
  createTime: row.create_time,
  updateTime: row.update_time,
  deleted: row.deleted === 1,
});

export interface PullFilter {
  bookIds?: readonly string[];
  /** Server time (ms): only rows stored at or after it. */
  since?: number;
}

/** What a save works on, inside its transaction. */
export interface ReadingSyncWrite {
  locationsOf(bookIds: readonly string[]): Promise<ReadingLocation[]>;
  bookmarksOf(bookIds: readonly string[]): Promise<ReadingBookmark[]>;
  putLocations(locations: readonly ReadingLocation[], serverTime: number): Promise<void>;
  putBookmarks(bookmarks: readonly ReadingBookmark[], serverTime: number): Promise<void>;
  deleteBookmarks(bookmarks: readonly Pick<ReadingBookmark, 'bookId' | 'cfi'>[]): Promise<void>;
}

/** SQLite caps bound parameters per statement; rows are written in slices well below it. */
const ROWS_PER_INSERT = 100;

function slices<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let at = 0; at < items.length; at += size) result.push(items.slice(at, at + size));
  return result;
}

export function createReadingSyncRepository(db: Db) {
  const writer = (trx: Transaction<Database>, userId: number): ReadingSyncWrite => ({
    async locationsOf(bookIds) {
      if (bookIds.length === 0) return [];
      const rows = await trx
        .selectFrom('reading_locations')
        .selectAll()
        .where('user_id', '=', userId)
        .where('book_id', 'in', bookIds)
        .execute();
      return rows.map(toLocation);
    },

    async bookmarksOf(bookIds) {
      if (bookIds.length === 0) return [];
      const rows = await trx
        .selectFrom('reading_bookmarks')
        .selectAll()
        .where('user_id', '=', userId)
        .where('book_id', 'in', bookIds)
        .execute();
      return rows.map(toBookmark);
    },

    async putLocations(locations, serverTime) {
      for (const slice of slices(locations, ROWS_PER_INSERT)) {
        await trx
          .insertInto('reading_locations')
          .values(
            slice.map((location) => ({
              user_id: userId,
              book_id: location.bookId,
              cfi: location.cfi,
              progress: location.progress,
              update_time: location.updateTime,
              server_time: serverTime,
            })),
          )
          .onConflict((conflict) =>
            conflict.columns(['user_id', 'book_id']).doUpdateSet((eb) => ({
              cfi: eb.ref('excluded.cfi'),
              progress: eb.ref('excluded.progress'),
              update_time: eb.ref('excluded.update_time'),
              server_time: eb.ref('excluded.server_time'),
            })),
          )
          .execute();
      }
    },

    async putBookmarks(bookmarks, serverTime) {
      for (const slice of slices(bookmarks, ROWS_PER_INSERT)) {
        await trx
          .insertInto('reading_bookmarks')
          .values(
            slice.map((bookmark) => ({
              user_id: userId,
              book_id: bookmark.bookId,
              cfi_hash: cfiHash(bookmark.cfi),
              cfi: bookmark.cfi,
              content: bookmark.content,
              create_time: bookmark.createTime,
              update_time: bookmark.updateTime,
              deleted: bookmark.deleted ? 1 : 0,
              server_time: serverTime,
            })),
          )
          .onConflict((conflict) =>
            conflict.columns(['user_id', 'book_id', 'cfi_hash']).doUpdateSet((eb) => ({
              content: eb.ref('excluded.content'),
              create_time: eb.ref('excluded.create_time'),
              update_time: eb.ref('excluded.update_time'),
              deleted: eb.ref('excluded.deleted'),
              server_time: eb.ref('excluded.server_time'),
            })),
          )
          .execute();
      }
    },

    async deleteBookmarks(bookmarks) {
      for (const bookmark of bookmarks) {
        await trx
          .deleteFrom('reading_bookmarks')
          .where('user_id', '=', userId)
          .where('book_id', '=', bookmark.bookId)
          .where('cfi_hash', '=', cfiHash(bookmark.cfi))
          .execute();
      }
    },
  });

  return {
    async pull(userId: number, filter: PullFilter): Promise<{ locations: ReadingLocation[]; bookmarks: ReadingBookmark[] }> {
      if (filter.bookIds?.length === 0) return { locations: [], bookmarks: [] };
      let locations = db.selectFrom('reading_locations').selectAll().where('user_id', '=', userId);
      let bookmarks = db.selectFrom('reading_bookmarks').selectAll().where('user_id', '=', userId);
      if (filter.bookIds) {
        locations = locations.where('book_id', 'in', filter.bookIds);
        bookmarks = bookmarks.where('book_id', 'in', filter.bookIds);
      }
      if (filter.since !== undefined) {
        locations = locations.where('server_time', '>=', filter.since);
        bookmarks = bookmarks.where('server_time', '>=', filter.since);
      }
      const [locationRows, bookmarkRows] = await Promise.all([
        locations.orderBy('book_id').execute(),
        bookmarks.orderBy('book_id').orderBy('create_time').orderBy('cfi_hash').execute(),
      ]);
      return { locations: locationRows.map(toLocation), bookmarks: bookmarkRows.map(toBookmark) };
    },

    /**
     * Runs `work` with one user's saves taking turns: the merge reads, compares and writes, and two
     * devices saving the same bookmark at once must not both read the old row. SQLite's one
     * connection already serialises transactions; PostgreSQL takes a per-user advisory lock, held
     * until the transaction ends.
     */
    write<T>(userId: number, work: (write: ReadingSyncWrite) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${READING_SYNC_LOCK}, ${userId})`.execute(trx);
        return work(writer(trx, userId));
      });
    },
  };
}

/** The first half of the advisory lock's key: this module's, so other modules' per-user locks never meet it. */
const READING_SYNC_LOCK = 0x5253_594e; // 'RSYN'

export type ReadingSyncRepository = ReturnType<typeof createReadingSyncRepository>;
