import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { UserTable } from '../../db/schema';
import { containsIgnoringCase } from '../../db/text-match';

export type StoredUser = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;

export interface UserListFilter {
  keyword: string | undefined;
  offset: number;
  limit: number;
}

export function createUsersRepository(db: Db) {
  return {
    async findById(userId: number): Promise<StoredUser | undefined> {
      return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Emails are stored lower-case. */
    async findByEmail(email: string): Promise<StoredUser | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },

    /** "Admin" and "admin" are one name: lookups ignore case so nobody can register a look-alike. */
    async findByUserName(userName: string): Promise<StoredUser | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase()))
        .executeTakeFirst();
    },

    /** Returns the new user_id. */
    async insert(user: NewUser): Promise<number> {
      const row = await db.insertInto('users').values(user).returning('user_id').executeTakeFirstOrThrow();
      return row.user_id;
    },

    async update(userId: number, patch: Updateable<UserTable>): Promise<void> {
      await db.updateTable('users').set(patch).where('user_id', '=', userId).execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async list({ keyword, offset, limit }: UserListFilter): Promise<{ rows: StoredUser[]; total: number }> {
      let base = db.selectFrom('users');
      if (keyword) {
        // User names contain `_`: the keyword is matched literally, so `user_1` finds user_1, not user01.
        base = base.where((eb) =>
          eb.or((['user_name', 'email', 'nick_name'] as const).map((column) => containsIgnoringCase(db, eb.ref(column), keyword))),
        );
      }
      const [rows, counted] = await Promise.all([
        base.selectAll().orderBy('user_id').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(counted.total) };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
