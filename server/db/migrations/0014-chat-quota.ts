import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The chat assistant's daily request counts (server/modules/chat/chat-quota.ts): one row per key
 * (`user:<id>` or `ip:<address>`) and UTC day, added to by every instance sharing the database.
 * Rows of past days are deleted as the days turn.
 */
export const chatQuotaTable: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('chat_quota')
      .addColumn('quota_key', 'varchar(128)', (column) => column.notNull())
      .addColumn('day', 'varchar(10)', (column) => column.notNull())
      .addColumn('requests', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('chat_quota_pk', ['quota_key', 'day'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('chat_quota').execute();
  },
};
