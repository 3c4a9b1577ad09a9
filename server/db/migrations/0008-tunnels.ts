import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Remote-device tunnels (server/modules/tunnel): an id admits its owner (who proves it with the
 * secret's hash) and one connector to the room `tunnel:<id>` until `expires_at` (epoch ms), which
 * the owner's page moves on while it is there. Who owns, asks and is accepted are live peer ids, so
 * every instance decides alike.
 */
export const tunnelsTable: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tunnels')
      .addColumn('id', 'varchar(8)', (column) => column.primaryKey())
      .addColumn('secret_hash', 'varchar(64)', (column) => column.notNull())
      .addColumn('create_time', 'bigint', (column) => column.notNull())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .addColumn('owner_peer', 'varchar(64)')
      .addColumn('connector_peer', 'varchar(64)')
      .addColumn('accepted_peer', 'varchar(64)')
      .execute();
    await db.schema.createIndex('tunnels_expires_at').on('tunnels').column('expires_at').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('tunnels').execute();
  },
};
