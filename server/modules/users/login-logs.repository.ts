import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { LoginLogTable } from '../../db/schema';

export type StoredLoginLog = Selectable<LoginLogTable>;

export function createLoginLogsRepository(db: Db) {
  return {
    async insert(log: LoginLogTable): Promise<void> {
      await db.insertInto('login_logs').values(log).execute();
    },

    /** Newest first; the id breaks ties between logins in the same millisecond. */
    async pageOfUser(userId: number, offset: number, limit: number): Promise<{ rows: StoredLoginLog[]; total: number }> {
      const base = db.selectFrom('login_logs').where('user_id', '=', userId);
      const [rows, counted] = await Promise.all([
        base.selectAll().orderBy('login_time', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(counted.total) };
    },
  };
}

export type LoginLogsRepository = ReturnType<typeof createLoginLogsRepository>;
