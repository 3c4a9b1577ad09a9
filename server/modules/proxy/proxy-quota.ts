import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A purpose's daily allowance (docs/decisions.md "m3u8 on the desktop, proxy quota, benchmarks"); 0: no limit. */
export interface DailyBytes {
  perUser: number;
  perIp: number;
}

/** The UTC day of a time, as stored: 'YYYY-MM-DD'. */
export const utcDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * Bytes sent per key and UTC day, in the database so every instance adds to the same count. An
 * upsert adds in one statement (no read-modify-write between instances); a new day starts at zero
 * because it is a new row, and the rows of earlier days are deleted when this instance first sees
 * the day turn.
 */
export function createQuotaLedger(db: Db, now: () => number = Date.now) {
  let pruned = '';

  async function prune(today: string): Promise<void> {
    if (pruned === today) return;
    pruned = today;
    await db.deleteFrom('proxy_quota').where('day', '<', today).execute();
  }

  return {
    /** Today's bytes of each key (0 for a key not seen today). */
    async used(keys: readonly string[]): Promise<Map<string, number>> {
      const today = utcDay(now());
      const rows = await db
        .selectFrom('proxy_quota')
        .select(['quota_key', 'bytes'])
        .where('day', '=', today)
        .where('quota_key', 'in', [...keys])
        .execute();
      return new Map(keys.map((key) => [key, Number(rows.find((row) => row.quota_key === key)?.bytes ?? 0)]));
    },

    /** Adds `bytes` to today's count of every key. */
    async add(keys: readonly string[], bytes: number): Promise<void> {
      if (bytes <= 0) return;
      const today = utcDay(now());
      await prune(today);
      for (const key of keys) {
        await db
          .insertInto('proxy_quota')
          .values({ quota_key: key, day: today, bytes })
          .onConflict((conflict) =>
            conflict.columns(['quota_key', 'day']).doUpdateSet({ bytes: sql<number>`proxy_quota.bytes + excluded.bytes` }),
          )
          .execute();
      }
    },
  };
}

export type QuotaLedger = ReturnType<typeof createQuotaLedger>;
