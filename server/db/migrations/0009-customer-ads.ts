import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { autoIncrementKey } from '../auto-increment';

/**
 * Customer ads (server/modules/customer-ads, issue 19; docs/ads.md). Times are epoch ms. `settings`
 * is the ad's JSON text; `image_key` names the uploaded picture in the storage when the ad shows one.
 * `customer_ad_hits` holds today's hashed visitor keys, so a view or visit counts once per visitor
 * per ad per day; `customer_ads_state` holds when the set visitors see last changed, shared by
 * every instance.
 */
export const customerAdsTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('customer_ads')
      .addColumn('id', 'integer', autoIncrementKey(db))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('type', 'varchar(24)', (column) => column.notNull())
      .addColumn('settings', 'text', (column) => column.notNull())
      .addColumn('image_key', 'varchar(160)')
      .addColumn('expiration_time', 'bigint', (column) => column.notNull())
      .addColumn('status', 'varchar(16)', (column) => column.notNull())
      .addColumn('paused_by', 'varchar(8)')
      .addColumn('deleted', 'integer', (column) => column.notNull())
      .addColumn('views', 'bigint', (column) => column.notNull())
      .addColumn('visits', 'bigint', (column) => column.notNull())
      .addColumn('create_time', 'bigint', (column) => column.notNull())
      .addColumn('update_time', 'bigint', (column) => column.notNull())
      .execute();
    // The site call's one query: approved, not deleted, not expired.
    await db.schema.createIndex('customer_ads_site').on('customer_ads').columns(['status', 'deleted', 'expiration_time']).execute();
    await db.schema.createIndex('customer_ads_owner').on('customer_ads').columns(['user_id', 'deleted', 'id']).execute();
    await db.schema.createIndex('customer_ads_image').on('customer_ads').column('image_key').execute();

    await db.schema
      .createTable('customer_ad_hits')
      .addColumn('ad_id', 'integer', (column) => column.notNull().references('customer_ads.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(8)', (column) => column.notNull())
      .addColumn('day', 'varchar(10)', (column) => column.notNull())
      .addColumn('visitor', 'varchar(64)', (column) => column.notNull())
      .addPrimaryKeyConstraint('customer_ad_hits_pk', ['ad_id', 'kind', 'day', 'visitor'])
      .execute();
    await db.schema.createIndex('customer_ad_hits_day').on('customer_ad_hits').column('day').execute();

    await db.schema
      .createTable('customer_ads_state')
      .addColumn('name', 'varchar(32)', (column) => column.primaryKey())
      .addColumn('value', 'bigint', (column) => column.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('customer_ads_state').execute();
    await db.schema.dropTable('customer_ad_hits').execute();
    await db.schema.dropTable('customer_ads').execute();
  },
};
