import type { Db } from '../../db/database';

export interface StoredSystemConfig {
  code: string;
  /** JSON text. */
  value: string;
}

export function createSystemConfigRepository(db: Db) {
  return {
    async list(codes: readonly string[] | undefined): Promise<StoredSystemConfig[]> {
      let query = db.selectFrom('system_configs').select(['code', 'value']).orderBy('code');
      if (codes) query = query.where('code', 'in', codes);
      return query.execute();
    },

    async findByCode(code: string): Promise<StoredSystemConfig | undefined> {
      return db.selectFrom('system_configs').select(['code', 'value']).where('code', '=', code).executeTakeFirst();
    },

    /** Leaves an existing row alone so an administrator's edits survive restarts. */
    async insertIfAbsent(config: StoredSystemConfig, now: Date): Promise<void> {
      const timestamp = now.toISOString();
      await db
        .insertInto('system_configs')
        .values({ ...config, created_at: timestamp, updated_at: timestamp })
        .onConflict((conflict) => conflict.column('code').doNothing())
        .execute();
    },

    async upsert(config: StoredSystemConfig, now: Date): Promise<void> {
      const timestamp = now.toISOString();
      await db
        .insertInto('system_configs')
        .values({ ...config, created_at: timestamp, updated_at: timestamp })
        .onConflict((conflict) => conflict.column('code').doUpdateSet({ value: config.value, updated_at: timestamp }))
        .execute();
    },
  };
}

export type SystemConfigRepository = ReturnType<typeof createSystemConfigRepository>;
