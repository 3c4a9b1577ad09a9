import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The UTC day of a time, as stored: 'YYYY-MM-DD'. */
const utcDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * Chat requests per key and UTC day, in the database so every instance counts into the same row.
 * `take` adds one only while the count is under the limit, in one upsert, so two instances racing
 * for the last request cannot both get it.
 */
export function createChatQuota(db: Db, now: () => number = Date.now) {
  let pruned = '';

  return {
    async used(key: string): Promise<number> {
      const row = await db
        .selectFrom('chat_quota')
        .select('requests')
        .where('quota_key', '=', key)
        .where('day', '=', utcDay(now()))
        .executeTakeFirst();
      return Number(row?.requests ?? 0);
    },

    /** Counts one request unless `limit` (≥ 1) are counted today already; false then. */
    async take(key: string, limit: number): Promise<boolean> {
      const today = utcDay(now());
      if (pruned !== today) {
        pruned = today;
        await db.deleteFrom('chat_quota').where('day', '<', today).execute();
      }
      const result = await db
        .insertInto('chat_quota')
        .values({ quota_key: key, day: today, requests: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['quota_key', 'day'])
            .doUpdateSet({ requests: sql<number>`chat_quota.requests + 1` })
            .where('chat_quota.requests', '<', limit),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type ChatQuotaLedger = ReturnType<typeof createChatQuota>;
