import { sql } from 'kysely';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUsersRepository } from '../modules/users/users.repository';
import { testDatabaseSettings, testEngine } from '../testing/test-database';
import { makeTempDir } from '../testing/test-server';
import { openDatabase } from './database';
import type { Db } from './database';
import { engineOf } from './dialect';
import { isUniqueViolation } from './errors';
import { migrateToLatest } from './migrate';

/**
 * What must behave alike on SQLite and PostgreSQL. `npm test` runs this file on both
 * (scripts/test-postgres.mjs); each expectation here failed on one engine before it was made so.
 */

const silent = pino({ level: 'silent' });
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let db: Db;

beforeEach(async () => {
  temp = await makeTempDir();
  db = openDatabase(await testDatabaseSettings(temp.path));
});

afterEach(async () => {
  await db.destroy();
  await temp.remove();
});

const user = (userName: string, fields: { email?: string; nickName?: string } = {}) => ({
  user_name: userName,
  email: fields.email ?? `${userName.replace(/[^a-z0-9]/gi, '')}-${Math.random().toString(36).slice(2)}@example.com`,
  nick_name: fields.nickName ?? userName,
  password_hash: 'x',
  enabled: 1,
  roles: '[]',
  permissions: '[]',
  avatar: '',
  ad_coin: 0,
  res_score: 0,
  settings: '{}',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  last_login_at: null,
});

it('runs on the engine of this pass', () => {
  expect(engineOf(db)).toBe(testEngine);
});

describe('migrations', () => {
  it('a migration that fails half-way leaves nothing behind', async () => {
    const broken = {
      '0001-half-done': {
        async up(migrating: typeof db) {
          await migrating.schema.createTable('half_done').addColumn('n', 'integer').execute();
          await sql`insert into half_done (n) values (1)`.execute(migrating);
          throw new Error('fails after a table and a row');
        },
      },
    };
    await expect(migrateToLatest(db, silent, broken as never)).rejects.toThrow('fails after a table and a row');
    await expect(sql`select n from half_done`.execute(db)).rejects.toThrow(/half_done/);
    expect((await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows).toEqual([]);
  });
});

describe('the accounts tables', () => {
  beforeEach(async () => {
    await migrateToLatest(db, silent);
  });

  it('numbers users from 1, returning the id, and counts them as numbers', async () => {
    const users = createUsersRepository(db);
    expect([await users.insert(user('first')), await users.insert(user('second'))]).toEqual([1, 2]);
    const counted = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    // pg returns int8 as a string unless the dialect says otherwise.
    expect(counted.n).toBe(2);
  });

  it('tells a unique violation (any case of a user name, an email) from other refusals', async () => {
    await db
      .insertInto('users')
      .values(user('Dave', { email: 'dave@example.com' }))
      .execute();
    await expect(db.insertInto('users').values(user('dAVE')).execute()).rejects.toSatisfy(isUniqueViolation);
    await expect(
      db
        .insertInto('users')
        .values(user('dave2', { email: 'dave@example.com' }))
        .execute(),
    ).rejects.toSatisfy(isUniqueViolation);
    const orphanToken = {
      id: 't1',
      user_id: 999,
      token_hash: 'h',
      family_id: 'f',
      expires_at: 'x',
      revoked_at: null,
      replaced_by: null,
      created_at: 'x',
    };
    const refused = await db
      .insertInto('refresh_tokens')
      .values(orphanToken)
      .execute()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(isUniqueViolation(refused)).toBe(false);
  });

  it('finds a user name in any case', async () => {
    const users = createUsersRepository(db);
    await users.insert(user('Dave'));
    expect((await users.findByUserName('DAVE'))?.user_name).toBe('Dave');
    expect(await users.findByUserName('Dav')).toBeUndefined();
  });

  it('rolls a failed transaction back', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(user('kept-only-if-committed')).execute();
      await trx.insertInto('users').values(user('KEPT-ONLY-IF-COMMITTED')).execute();
    });
    await expect(failing).rejects.toSatisfy(isUniqueViolation);
    expect(await db.selectFrom('users').select('user_id').execute()).toEqual([]);
  });

  describe('the admin search (keyword, pages)', () => {
    beforeEach(async () => {
      const users = createUsersRepository(db);
      for (const name of ['user_1', 'user01', 'per%cent', 'back\\slash', 'Zoe']) await users.insert(user(name));
      await users.insert(user('emile', { nickName: 'Émile', email: 'Emile.MAIL@example.com'.toLowerCase() }));
    });

    const names = async (keyword: string) =>
      (await createUsersRepository(db).list({ keyword, offset: 0, limit: 100 })).rows.map((row) => row.user_name);

    it('matches `_`, `%` and `\\` literally', async () => {
      expect(await names('user_1')).toEqual(['user_1']);
      expect(await names('%')).toEqual(['per%cent']);
      expect(await names('\\')).toEqual(['back\\slash']);
      expect(await names('_')).toEqual(['user_1']);
    });

    it('ignores the case of A–Z only, as SQLite lower() does', async () => {
      expect(await names('USER_1')).toEqual(['user_1']);
      expect(await names('zOE')).toEqual(['Zoe']);
      expect(await names('É')).toEqual(['emile']);
      // PostgreSQL's lower() alone would fold É under most locales; SQLite's never does.
      expect(await names('é')).toEqual([]);
    });

    it('pages in user-id order with the total as a number', async () => {
      const users = createUsersRepository(db);
      const pages = await Promise.all([0, 2, 4].map((offset) => users.list({ keyword: undefined, offset, limit: 2 })));
      expect(pages.map((page) => page.rows.map((row) => row.user_id))).toEqual([
        [1, 2],
        [3, 4],
        [5, 6],
      ]);
      expect(pages.map((page) => page.total)).toEqual([6, 6, 6]);
      expect((await users.list({ keyword: 'user', offset: 1, limit: 5 })).rows.map((row) => row.user_name)).toEqual(['user01']);
    });
  });
});
