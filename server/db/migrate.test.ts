import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteSetting } from '@shared/contracts/api';
import { testDatabaseSettings, testEngine } from '../testing/test-database';
import { makeTempDir, startTestServer } from '../testing/test-server';
import { openDatabase } from './database';
import { engineOf } from './dialect';
import { isUniqueViolation } from './errors';
import { migrateToLatest, migrations as shippedMigrations } from './migrate';
import { initialTables } from './migrations/0001-initial-tables';
import { accountTables } from './migrations/0002-accounts';

let temp: Awaited<ReturnType<typeof makeTempDir>>;

beforeEach(async () => {
  temp = await makeTempDir();
});

afterEach(async () => {
  await temp.remove();
});

describe('migrations and seed across restarts', () => {
  it('applies migrations once, keeps rows and keeps an edited site setting', async () => {
    const first = await startTestServer({ dataDir: temp.path });
    const post = await fetch(`${first.baseUrl}/api/system/action-stat/log`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sourceUrl: 'https://a.example/' }),
    });
    expect(post.status).toBe(200);
    const edited: SiteSetting = {
      title: '我的工具箱',
      subTitle: 's',
      logo: '/l.svg',
      locales: ['cn'],
      locale: 'zh-cn',
      siteUrl: '',
      supportPwaApp: false,
    };
    await first.db
      .updateTable('system_configs')
      .set({ value: JSON.stringify(edited) })
      .where('code', '=', 'setting')
      .execute();
    // The PostgreSQL pass really runs on PostgreSQL, and SQLite keeps its write-ahead log.
    expect(engineOf(first.db)).toBe(testEngine);
    if (testEngine === 'sqlite') {
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.db);
      expect(journal.rows[0]?.journal_mode).toBe('wal');
    }
    await first.close();

    const second = await startTestServer({ dataDir: temp.path });
    try {
      const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(second.db);
      expect(migrations.rows.map((row) => row.name)).toEqual([
        '0001-initial-tables',
        '0002-accounts',
        '0003-user-name-ignoring-case',
        '0004-reading-sync',
        '0005-pic-hub',
        '0006-proxy-quota',
        '0007-p2p-pairs',
        '0008-tunnels',
        '0009-customer-ads',
        '0010-board',
        '0011-donations',
        '0012-feedback',
        '0013-samples',
        '0014-chat-quota',
      ]);
      expect(await second.db.selectFrom('action_stat_logs').selectAll().execute()).toHaveLength(1);
      const setting = await (await fetch(`${second.baseUrl}/api/system/configs/code/setting`)).json();
      expect(setting.data.value).toEqual(edited);
    } finally {
      await second.close();
    }
  });
});

describe('several instances on one PostgreSQL database', () => {
  // SQLite is one process's file; instances share a database only on PostgreSQL.
  it.skipIf(testEngine !== 'postgres')('starting at once, they migrate once and make one administrator', async () => {
    const { databaseUrl } = await testDatabaseSettings(temp.path);
    const starting = ['a', 'b', 'c'].map((name) =>
      startTestServer({ dataDir: join(temp.path, name), env: { DATABASE_URL: databaseUrl as string } }),
    );
    const servers = await Promise.allSettled(starting);
    try {
      expect(servers.map((server) => (server.status === 'rejected' ? String(server.reason) : server.status))).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      const [first] = servers.flatMap((server) => (server.status === 'fulfilled' ? [server.value] : []));
      expect(await first?.db.selectFrom('users').select(['user_id', 'user_name']).execute()).toEqual([{ user_id: 1, user_name: 'admin' }]);
      // Each migration once, however many instances raced to run it (the list grows with every migration).
      const ran = (await sql<{ name: string }>`select name from kysely_migration`.execute(first!.db)).rows.map((row) => row.name);
      expect(ran.sort()).toEqual(Object.keys(shippedMigrations).sort());
    } finally {
      await Promise.all(servers.map((server) => (server.status === 'fulfilled' ? server.value.close() : undefined)));
    }
  });
});

describe('0003: user names unique ignoring case', () => {
  const user = (userId: number, userName: string) => ({
    user_id: userId,
    user_name: userName,
    email: `${userId}@example.com`,
    nick_name: userName,
    password_hash: 'x',
    enabled: 1,
    roles: '[]',
    permissions: '[]',
    avatar: '',
    ad_coin: 0,
    res_score: 0,
    settings: '{}',
    created_at: 'x',
    updated_at: 'x',
    last_login_at: null,
  });

  it('upgrading keeps the oldest spelling of a clashing name, renames the later ones, then refuses new clashes', async () => {
    const db = openDatabase(await testDatabaseSettings(temp.path));
    try {
      // A database as 0002 left it, holding names the old case-sensitive index let through.
      const shipped = { '0001-initial-tables': initialTables, '0002-accounts': accountTables };
      expect((await new Migrator({ db, provider: { getMigrations: async () => shipped } }).migrateToLatest()).error).toBeUndefined();
      await db
        .insertInto('users')
        .values([user(1, 'admin'), user(2, 'Dave'), user(3, 'dave'), user(4, 'DAVE'), user(5, 'erin')])
        .execute();

      await migrateToLatest(db, pino({ level: 'silent' }));

      const names = await db.selectFrom('users').select(['user_id', 'user_name']).orderBy('user_id').execute();
      expect(names.map((row) => row.user_name)).toEqual(['admin', 'Dave', 'dave#3', 'DAVE#4', 'erin']);
      await expect(db.insertInto('users').values(user(6, 'ERIN')).execute()).rejects.toSatisfy(isUniqueViolation);
      await expect(db.insertInto('users').values(user(7, 'dAVE')).execute()).rejects.toSatisfy(isUniqueViolation);
      await db.insertInto('users').values(user(8, 'frank')).execute();
    } finally {
      await db.destroy();
    }
  });
});
