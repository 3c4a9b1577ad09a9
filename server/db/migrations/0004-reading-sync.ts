import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Reading sync (server/modules/reading-sync): a user's place and bookmarks per book. Times are epoch
 * milliseconds in bigint columns (not ISO text) because the merge compares the clients' own clocks
 * and the pull filters by the server's; pg's int8 comes back as a number (db/dialect.ts).
 * `server_time` is when this server stored the row, for pulls "since" a time.
 */
export const readingSyncTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reading_locations')
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('book_id', 'varchar(128)', (column) => column.notNull())
      .addColumn('cfi', 'text', (column) => column.notNull())
      .addColumn('progress', 'integer', (column) => column.notNull())
      .addColumn('update_time', 'bigint', (column) => column.notNull())
      .addColumn('server_time', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('reading_locations_pk', ['user_id', 'book_id'])
      .execute();
    await db.schema.createIndex('reading_locations_user_server_time').on('reading_locations').columns(['user_id', 'server_time']).execute();

    // A CFI can be longer than a btree entry may be (PostgreSQL: ~2.7 KB), so the key holds its SHA-256.
    await db.schema
      .createTable('reading_bookmarks')
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('book_id', 'varchar(128)', (column) => column.notNull())
      .addColumn('cfi_hash', 'varchar(64)', (column) => column.notNull())
      .addColumn('cfi', 'text', (column) => column.notNull())
      .addColumn('content', 'text', (column) => column.notNull())
      .addColumn('create_time', 'bigint', (column) => column.notNull())
      .addColumn('update_time', 'bigint', (column) => column.notNull())
      .addColumn('deleted', 'integer', (column) => column.notNull())
      .addColumn('server_time', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('reading_bookmarks_pk', ['user_id', 'book_id', 'cfi_hash'])
      .execute();
    await db.schema.createIndex('reading_bookmarks_user_server_time').on('reading_bookmarks').columns(['user_id', 'server_time']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reading_bookmarks').execute();
    await db.schema.dropTable('reading_locations').execute();
  },
};
