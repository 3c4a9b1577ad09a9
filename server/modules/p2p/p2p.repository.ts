import type { Db } from '../../db/database';

export function createP2pRepository(db: Db) {
  return {
    insert: (code: string, now: number, expiresAt: number) =>
      db.insertInto('p2p_pairs').values({ code, create_time: now, expires_at: expiresAt }).execute(),

    /** Moves a live code's expiry on; false when there is no such code or it has expired. */
    async renew(code: string, now: number, expiresAt: number): Promise<boolean> {
      const result = await db
        .updateTable('p2p_pairs')
        .set({ expires_at: expiresAt })
        .where('code', '=', code)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    deleteExpired: (now: number) => db.deleteFrom('p2p_pairs').where('expires_at', '<=', now).execute(),
  };
}

export type P2pRepository = ReturnType<typeof createP2pRepository>;
