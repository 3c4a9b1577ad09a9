import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The columns this migration reads, as they were when it was written. */
interface UsersAt0003 {
  users: { user_id: number; user_name: string };
}

export const USER_NAME_LOWER_INDEX = 'users_user_name_lower';

/**
 * Logins look user names up ignoring case, but 0002's unique index compares them exactly, so two
 * sign-ups racing with "Dave" and "dave" could both be stored. A unique index on lower(user_name)
 * lets the database refuse the second one. Names that already clash keep the oldest account's
 * spelling; the later accounts become `<name>#<user id>`: '#' is outside the user-name pattern, so
 * no registered name can ever clash with it, and those users can still log in by email or by it.
 */
export const userNameIgnoringCase: Migration = {
  async up(db: Kysely<unknown>) {
    const users = db as Kysely<UsersAt0003>;
    const folded = sql<string>`lower(user_name)`;
    const clashing = await users
      .selectFrom('users')
      .select(['user_id', 'user_name', folded.as('folded')])
      .where(
        folded,
        'in',
        users
          .selectFrom('users')
          .select(folded.as('folded'))
          .groupBy(folded)
          .having((eb) => eb.fn.countAll(), '>', 1),
      )
      .orderBy('user_id')
      .execute();
    const kept = new Set<string>();
    for (const user of clashing) {
      if (!kept.has(user.folded)) {
        kept.add(user.folded);
        continue;
      }
      await users
        .updateTable('users')
        .set({ user_name: `${user.user_name.slice(0, 40)}#${user.user_id}` })
        .where('user_id', '=', user.user_id)
        .execute();
    }
    await db.schema.createIndex(USER_NAME_LOWER_INDEX).on('users').unique().expression(folded).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex(USER_NAME_LOWER_INDEX).execute();
  },
};
