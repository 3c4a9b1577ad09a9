import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The outbound proxy's daily byte counts (server/modules/proxy/proxy-quota.ts): one row per key
 * (`user:<id>` or `ip:<address>`) and UTC day, added to by every instance, so a quota holds however
 * many servers share the database. Rows of past days are deleted as the days turn.
 */
export const proxyQuotaTable: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('proxy_quota')
      .addColumn('quota_key', 'varchar(128)', (column) => column.notNull())
      .addColumn('day', 'varchar(10)', (column) => column.notNull())
      .addColumn('bytes', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('proxy_quota_pk', ['quota_key', 'day'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('proxy_quota').execute();
  },
};
