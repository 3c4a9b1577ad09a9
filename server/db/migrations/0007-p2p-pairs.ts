import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * P2P pairing codes (server/modules/p2p): a code admits devices to the room `p2p:pair-<code>` until
 * `expires_at` (epoch ms), which each admission moves on. In the database rather than in one
 * instance's memory, so a code made on one instance admits on every other.
 */
export const p2pPairsTable: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('p2p_pairs')
      .addColumn('code', 'varchar(16)', (column) => column.primaryKey())
      .addColumn('create_time', 'bigint', (column) => column.notNull())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('p2p_pairs_expires_at').on('p2p_pairs').column('expires_at').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('p2p_pairs').execute();
  },
};
