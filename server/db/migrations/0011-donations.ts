import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { autoIncrementKey } from '../auto-increment';

/**
 * Donations the site owner records (server/modules/donations, issue 20; docs/donations.md). Money is
 * integer CNY cents; times are epoch ms. A deleted account keeps its donations, unlinked (they are
 * the owner's bookkeeping, not the user's data), so the link is `set null`.
 */
export const donationsTable: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('donations')
      .addColumn('id', 'integer', autoIncrementKey(db))
      .addColumn('user_id', 'integer', (column) => column.references('users.user_id').onDelete('set null'))
      .addColumn('name', 'varchar(64)')
      .addColumn('amount_cents', 'bigint', (column) => column.notNull())
      .addColumn('message', 'varchar(400)')
      .addColumn('donated_at', 'bigint', (column) => column.notNull())
      .addColumn('create_time', 'bigint', (column) => column.notNull())
      .addColumn('update_time', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('donations_donated_at').on('donations').columns(['donated_at', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('donations').execute();
  },
};
