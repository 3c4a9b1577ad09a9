import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { autoIncrementKey } from '../auto-increment';

/**
 * PicHub (server/modules/pic-hub, issue 16): each user's hubs, uploaded-file records and settings,
 * plus the site's one system hub. Times of hubs and settings are epoch ms (the clients' clocks
 * decide which save of a hub is newer); a file's createTime is spec §9's 'yyyy-MM-dd HH:mm:ss' text.
 * Hub configurations carry a GitHub token, so `config` holds them encrypted (pic-hub-crypto.ts).
 */
export const picHubTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pic_hubs')
      .addColumn('id', 'integer', autoIncrementKey(db))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('gid', 'varchar(64)', (column) => column.notNull())
      .addColumn('type', 'varchar(16)', (column) => column.notNull())
      .addColumn('config', 'text', (column) => column.notNull())
      .addColumn('storage', 'varchar(8)', (column) => column.notNull())
      .addColumn('is_default', 'integer', (column) => column.notNull())
      .addColumn('update_time', 'bigint', (column) => column.notNull())
      .addColumn('create_time', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('pic_hubs_user_gid').unique().on('pic_hubs').columns(['user_id', 'gid']).execute();

    await db.schema
      .createTable('pic_hub_files')
      .addColumn('id', 'integer', autoIncrementKey(db))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('gid', 'varchar(64)', (column) => column.notNull())
      .addColumn('original_name', 'varchar(255)', (column) => column.notNull())
      .addColumn('original_size', 'bigint', (column) => column.notNull())
      .addColumn('name', 'varchar(255)', (column) => column.notNull())
      .addColumn('path', 'varchar(1024)', (column) => column.notNull())
      .addColumn('size', 'bigint', (column) => column.notNull())
      .addColumn('hub_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('type', 'varchar(16)', (column) => column.notNull())
      .addColumn('media_type', 'varchar(255)', (column) => column.notNull())
      .addColumn('storage', 'varchar(8)', (column) => column.notNull())
      .addColumn('create_time', 'varchar(19)', (column) => column.notNull())
      .addColumn('config', 'text', (column) => column.notNull())
      .addColumn('sha', 'varchar(64)')
      .addColumn('link', 'varchar(2048)')
      .execute();
    await db.schema.createIndex('pic_hub_files_user_gid').unique().on('pic_hub_files').columns(['user_id', 'gid']).execute();
    await db.schema.createIndex('pic_hub_files_user_hub').on('pic_hub_files').columns(['user_id', 'hub_id']).execute();

    await db.schema
      .createTable('pic_hub_settings')
      .addColumn('user_id', 'integer', (column) => column.primaryKey().references('users.user_id').onDelete('cascade'))
      .addColumn('settings', 'text', (column) => column.notNull())
      .addColumn('github_cdns', 'text', (column) => column.notNull())
      .addColumn('update_time', 'bigint', (column) => column.notNull())
      .execute();

    // One row per slot ('default' is the only one): the admin-set hub visitors may upload to.
    await db.schema
      .createTable('pic_hub_system')
      .addColumn('slot', 'varchar(16)', (column) => column.primaryKey())
      .addColumn('gid', 'varchar(64)', (column) => column.notNull())
      .addColumn('config', 'text', (column) => column.notNull())
      .addColumn('update_time', 'bigint', (column) => column.notNull())
      .addColumn('create_time', 'bigint', (column) => column.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('pic_hub_system').execute();
    await db.schema.dropTable('pic_hub_settings').execute();
    await db.schema.dropTable('pic_hub_files').execute();
    await db.schema.dropTable('pic_hubs').execute();
  },
};
