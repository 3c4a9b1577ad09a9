import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const initialTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('system_configs')
      .addColumn('code', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
      .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('action_stat_logs')
      .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
      .addColumn('source_url', 'varchar(2048)', (column) => column.notNull())
      .addColumn('payload', 'text', (column) => column.notNull())
      .addColumn('ip', 'varchar(64)', (column) => column.notNull())
      .addColumn('user_agent', 'varchar(512)', (column) => column.notNull())
      .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
      .execute();

    await db.schema.createIndex('action_stat_logs_created_at').on('action_stat_logs').column('created_at').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('action_stat_logs').execute();
    await db.schema.dropTable('system_configs').execute();
  },
};
