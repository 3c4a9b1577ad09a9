import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { autoIncrementKey } from '../auto-increment';

/**
 * The message board (server/modules/board, issue 20; docs/board.md). Times are epoch ms, flags 0/1.
 * A reply names its thread (`root_id`, deleted with it) and, when it answers a reply, that reply's
 * author; `likes` and `replies` are kept counts, so the hottest sort is one indexed expression.
 */
export const boardTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('board_posts')
      .addColumn('id', 'integer', autoIncrementKey(db))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('root_id', 'integer', (column) => column.references('board_posts.id').onDelete('cascade'))
      .addColumn('reply_to_user_id', 'integer')
      .addColumn('content', 'text', (column) => column.notNull())
      .addColumn('hidden', 'integer', (column) => column.notNull())
      .addColumn('likes', 'integer', (column) => column.notNull())
      .addColumn('replies', 'integer', (column) => column.notNull())
      .addColumn('create_time', 'bigint', (column) => column.notNull())
      .addColumn('update_time', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('board_posts_threads').on('board_posts').columns(['root_id', 'hidden', 'id']).execute();

    await db.schema
      .createTable('board_likes')
      .addColumn('post_id', 'integer', (column) => column.notNull().references('board_posts.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.user_id').onDelete('cascade'))
      .addPrimaryKeyConstraint('board_likes_pk', ['post_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('board_bans')
      .addColumn('user_id', 'integer', (column) => column.primaryKey().references('users.user_id').onDelete('cascade'))
      .addColumn('create_time', 'bigint', (column) => column.notNull())
      .execute();

    // The word filter: kept here, not in system_configs, whose list call anyone may read.
    await db.schema
      .createTable('board_settings')
      .addColumn('name', 'varchar(32)', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('board_settings').execute();
    await db.schema.dropTable('board_bans').execute();
    await db.schema.dropTable('board_likes').execute();
    await db.schema.dropTable('board_posts').execute();
  },
};
