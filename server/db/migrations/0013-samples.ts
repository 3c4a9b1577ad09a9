import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { autoIncrementKey } from '../auto-increment';

/**
 * Sample files (server/modules/samples, issue 20; docs/samples.md). Times are epoch ms. A sample's
 * bytes live in the storage under `storage_key` (`samples/<sha256>`, so two samples with the same
 * bytes share one object); `samples_state` holds `seeded`, set once by whichever instance seeded
 * the catalogue, so a catalogue the admin emptied is never seeded again.
 */
export const samplesTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sample_categories')
      .addColumn('id', 'integer', autoIncrementKey(db))
      .addColumn('name_cn', 'varchar(80)', (column) => column.notNull())
      .addColumn('name_en', 'varchar(80)', (column) => column.notNull())
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('create_time', 'bigint', (column) => column.notNull())
      .addColumn('update_time', 'bigint', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('samples')
      .addColumn('id', 'integer', autoIncrementKey(db))
      // A category with samples is refused deletion (nothing lost by a slip); no cascade.
      .addColumn('category_id', 'integer', (column) => column.notNull().references('sample_categories.id'))
      .addColumn('name', 'varchar(255)', (column) => column.notNull())
      .addColumn('format', 'varchar(64)', (column) => column.notNull())
      .addColumn('mime', 'varchar(128)', (column) => column.notNull())
      .addColumn('size', 'bigint', (column) => column.notNull())
      .addColumn('md5', 'varchar(32)', (column) => column.notNull())
      .addColumn('sha256', 'varchar(64)', (column) => column.notNull())
      .addColumn('storage_key', 'varchar(160)', (column) => column.notNull())
      .addColumn('description_cn', 'text', (column) => column.notNull())
      .addColumn('description_en', 'text', (column) => column.notNull())
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('create_time', 'bigint', (column) => column.notNull())
      .addColumn('update_time', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('samples_category').on('samples').columns(['category_id', 'position']).execute();
    await db.schema.createIndex('samples_storage_key').on('samples').column('storage_key').execute();

    await db.schema
      .createTable('samples_state')
      .addColumn('name', 'varchar(32)', (column) => column.primaryKey())
      .addColumn('value', 'bigint', (column) => column.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('samples_state').execute();
    await db.schema.dropTable('samples').execute();
    await db.schema.dropTable('sample_categories').execute();
  },
};
