import type { Db } from '../../db/database';
import type { DonationTable } from '../../db/schema';

export type DonationRow = Omit<DonationTable, 'id'> & { id: number; user_name: string | null };
export type NewDonationRow = Omit<DonationTable, 'id'>;
export type DonationChange = Omit<DonationTable, 'id' | 'create_time'>;
/** What the ranking needs of every donation. */
export type RankedRow = Pick<DonationTable, 'user_id' | 'name' | 'amount_cents' | 'message' | 'donated_at'> & { id: number };

export function createDonationsRepository(db: Db) {
  const withUser = () =>
    db
      .selectFrom('donations')
      .leftJoin('users', 'users.user_id', 'donations.user_id')
      .selectAll('donations')
      .select('users.user_name as user_name');

  return {
    async page(offset: number, limit: number): Promise<{ rows: DonationRow[]; total: number }> {
      const [rows, counted] = await Promise.all([
        withUser().orderBy('donations.donated_at', 'desc').orderBy('donations.id', 'desc').offset(offset).limit(limit).execute(),
        db
          .selectFrom('donations')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as DonationRow[], total: Number(counted.total) };
    },

    async byId(id: number): Promise<DonationRow | undefined> {
      return (await withUser().where('donations.id', '=', id).executeTakeFirst()) as DonationRow | undefined;
    },

    /**
     * Every donation, for the ranking: the owner records them by hand, so there are hundreds or a
     * few thousand, and grouping them in code keeps one query for both engines.
     */
    all: (): Promise<RankedRow[]> =>
      db.selectFrom('donations').select(['id', 'user_id', 'name', 'amount_cents', 'message', 'donated_at']).execute(),

    async userExists(userId: number): Promise<boolean> {
      return (await db.selectFrom('users').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
    },

    async insert(row: NewDonationRow): Promise<number> {
      const inserted = await db.insertInto('donations').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },

    async update(id: number, change: DonationChange): Promise<boolean> {
      const result = await db.updateTable('donations').set(change).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('donations').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type DonationsRepository = ReturnType<typeof createDonationsRepository>;
