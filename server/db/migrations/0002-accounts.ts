import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { autoIncrementKey } from '../auto-increment';

const timestamp = 'varchar(32)';

export const accountTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('user_id', 'integer', autoIncrementKey(db))
      .addColumn('user_name', 'varchar(64)', (column) => column.notNull().unique())
      .addColumn('email', 'varchar(254)', (column) => column.notNull().unique())
      .addColumn('nick_name', 'varchar(64)', (column) => column.notNull())
      .addColumn('password_hash', 'varchar(256)', (column) => column.notNull())
      .addColumn('enabled', 'integer', (column) => column.notNull().defaultTo(1))
      .addColumn('roles', 'text', (column) => column.notNull())
      .addColumn('permissions', 'text', (column) => column.notNull())
      .addColumn('avatar', 'varchar(256)', (column) => column.notNull().defaultTo(''))
      .addColumn('ad_coin', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('res_score', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('settings', 'text', (column) => column.notNull())
      .addColumn('created_at', timestamp, (column) => column.notNull())
      .addColumn('updated_at', timestamp, (column) => column.notNull())
      .addColumn('last_login_at', timestamp)
      .execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
      .addColumn('family_id', 'varchar(36)', (column) => column.notNull())
      .addColumn('expires_at', timestamp, (column) => column.notNull())
      .addColumn('revoked_at', timestamp)
      .addColumn('replaced_by', 'varchar(36)')
      .addColumn('created_at', timestamp, (column) => column.notNull())
      .execute();
    await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
    await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

    await db.schema
      .createTable('login_logs')
      .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
      .addColumn('user_id', 'integer', (column) => column.references('users.user_id').onDelete('set null'))
      .addColumn('account', 'varchar(254)', (column) => column.notNull())
      .addColumn('login_time', timestamp, (column) => column.notNull())
      .addColumn('ip', 'varchar(64)', (column) => column.notNull())
      .addColumn('user_agent', 'varchar(512)', (column) => column.notNull())
      .addColumn('result', 'varchar(16)', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('login_logs_user_time').on('login_logs').columns(['user_id', 'login_time']).execute();

    await db.schema
      .createTable('captchas')
      .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
      .addColumn('email', 'varchar(254)', (column) => column.notNull())
      .addColumn('purpose', 'varchar(32)', (column) => column.notNull())
      .addColumn('code_hash', 'varchar(64)', (column) => column.notNull())
      .addColumn('expires_at', timestamp, (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('consumed_at', timestamp)
      .addColumn('created_at', timestamp, (column) => column.notNull())
      .execute();
    await db.schema.createIndex('captchas_email_purpose').on('captchas').columns(['email', 'purpose']).execute();

    await db.schema
      .createTable('captcha_tokens')
      .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
      .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
      .addColumn('email', 'varchar(254)', (column) => column.notNull())
      .addColumn('purpose', 'varchar(32)', (column) => column.notNull())
      .addColumn('expires_at', timestamp, (column) => column.notNull())
      .addColumn('consumed_at', timestamp)
      .addColumn('created_at', timestamp, (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('oauth2_bindings')
      .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('provider', 'varchar(32)', (column) => column.notNull())
      .addColumn('external_id', 'varchar(191)', (column) => column.notNull())
      .addColumn('bound_at', timestamp, (column) => column.notNull())
      .addUniqueConstraint('oauth2_bindings_provider_external', ['provider', 'external_id'])
      .execute();
    await db.schema.createIndex('oauth2_bindings_user').on('oauth2_bindings').column('user_id').execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['oauth2_bindings', 'captcha_tokens', 'captchas', 'login_logs', 'refresh_tokens', 'users']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
