import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import type { TokenPair, UserInfo } from '@shared/contracts/users';
import { engineOf } from '../../db/dialect';
import { ADMIN, startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';

let kit: AccountsServer;

beforeAll(async () => {
  kit = await startAccountsServer();
});

afterAll(async () => {
  await kit.close();
});

const adminLogin = () => kit.call<TokenPair>('POST', '/api/users/login', { json: { account: ADMIN.userName, password: ADMIN.password } });

describe('writes that fail', () => {
  it('lets the right password in when the login log cannot be written', async () => {
    // The same statement on both engines makes every login-log insert fail, like a full disk does.
    await sql`ALTER TABLE login_logs RENAME TO login_logs_away`.execute(kit.server.db);
    try {
      const login = await adminLogin();
      expect(login.status).toBe(200);
      const me = await kit.call<UserInfo>('GET', '/api/users/info', { token: login.body.data.accessToken });
      expect(me.body.data.userName).toBe(ADMIN.userName);
      expect((await kit.call('POST', '/api/users/login', { json: { account: ADMIN.userName, password: 'wrong-password' } })).status).toBe(
        400,
      );
    } finally {
      await sql`ALTER TABLE login_logs_away RENAME TO login_logs`.execute(kit.server.db);
    }
  });

  it('says "storage full" in the visitor\'s words when the session itself cannot be stored', async (context) => {
    if (engineOf(kit.server.db) !== 'sqlite') context.skip('max_page_count is SQLite’s; PostgreSQL has no per-database size cap to fill');
    const db = kit.server.db;
    const { page_count: pages } = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(db)).rows[0] ?? { page_count: 0 };
    await sql.raw(`PRAGMA max_page_count = ${pages + 2}`).execute(db);
    try {
      // Fill what is left, as a full disk would be; the sessions' own pages fill with the logins below.
      for (;;) {
        const filled = await db
          .insertInto('login_logs')
          .values({
            id: randomBytes(16).toString('hex'),
            user_id: null,
            account: 'filler',
            login_time: new Date().toISOString(),
            ip: '',
            user_agent: randomBytes(1500).toString('hex'),
            result: 'failure',
          })
          .execute()
          .then(
            () => false,
            (error: unknown) => (error as { code?: string }).code === 'SQLITE_FULL',
          );
        if (filled) break;
      }
      let logins = 0;
      let login = await adminLogin();
      while (login.status === 200 && logins++ < 200) {
        login = await adminLogin();
      }
      expect(login.status).toBe(507);
      expect(login.body).toMatchObject({
        code: API_CODE.SERVER_ERROR,
        ext: { popupNotice: true, messages: [{ key: 'common.storageFull' }] },
      });
    } finally {
      await sql.raw('PRAGMA max_page_count = 1073741823').execute(db);
    }
  });
});
