import type { Db } from '../../db/database';
import type { ActionStatLogTable } from '../../db/schema';

export function createActionStatRepository(db: Db) {
  return {
    async insert(row: ActionStatLogTable): Promise<void> {
      await db.insertInto('action_stat_logs').values(row).execute();
    },
  };
}

export type ActionStatRepository = ReturnType<typeof createActionStatRepository>;
