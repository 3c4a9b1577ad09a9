import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { autoIncrementKey } from '../auto-increment';

/**
 * User feedback (server/modules/feedback, issue 20; docs/feedback.md). Times are epoch ms.
 * `user_id` is null for feedback sent without an account, and becomes null when the account goes:
 * the report stays for the admin. `screenshot_key` names the picture in the storage.
 */
export const feedbackTable: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('feedback')
      .addColumn('id', 'integer', autoIncrementKey(db))
      .addColumn('user_id', 'integer', (column) => column.references('users.user_id').onDelete('set null'))
      .addColumn('type', 'varchar(8)', (column) => column.notNull())
      .addColumn('content', 'text', (column) => column.notNull())
      .addColumn('contact', 'varchar(254)')
      .addColumn('page', 'varchar(500)')
      .addColumn('environment', 'text')
      .addColumn('screenshot_key', 'varchar(96)')
      .addColumn('status', 'varchar(16)', (column) => column.notNull())
      .addColumn('reply', 'text')
      .addColumn('reply_time', 'bigint')
      .addColumn('create_time', 'bigint', (column) => column.notNull())
      .addColumn('update_time', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('feedback_owner').on('feedback').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('feedback_status').on('feedback').columns(['status', 'id']).execute();
    await db.schema.createIndex('feedback_screenshot').on('feedback').column('screenshot_key').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('feedback').execute();
  },
};
