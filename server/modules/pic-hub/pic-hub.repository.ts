import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, PicHubFileTable, PicHubSettingsTable, PicHubSystemTable, PicHubTable } from '../../db/schema';
import { containsIgnoringCase } from '../../db/text-match';

export type HubRow = PicHubTable & { id: number };
export type FileRow = PicHubFileTable & { id: number };
export type NewHubRow = Omit<PicHubTable, 'id' | 'user_id' | 'is_default'>;
export type NewFileRow = Omit<PicHubFileTable, 'id' | 'user_id'>;

export interface FileFilter {
  offset: number;
  limit: number;
  keyword?: string | undefined;
  hubId?: string | undefined;
}

/** SQLite caps bound parameters per statement (16 columns a file): rows go in slices below it. */
const FILES_PER_INSERT = 50;

const SYSTEM_SLOT = 'default';

export function createPicHubRepository(db: Db) {
  const hubOf = (executor: Db | Transaction<Database>, userId: number, gid: string) =>
    executor.selectFrom('pic_hubs').selectAll().where('user_id', '=', userId).where('gid', '=', gid).executeTakeFirst() as Promise<
      HubRow | undefined
    >;

  return {
    findHub: (userId: number, gid: string) => hubOf(db, userId, gid),

    async listHubs(userId: number, offset: number, limit: number): Promise<{ rows: HubRow[]; total: number }> {
      const base = db.selectFrom('pic_hubs').where('user_id', '=', userId);
      const [rows, counted] = await Promise.all([
        base.selectAll().orderBy('create_time').orderBy('id').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as HubRow[], total: Number(counted.total) };
    },

    /**
     * Inserts the hub, or replaces the stored one when this write is at least as new; one statement,
     * so two devices saving at once cannot both pass a read-then-write check. Answers what is kept.
     */
    async saveHub(userId: number, hub: NewHubRow): Promise<HubRow> {
      await db
        .insertInto('pic_hubs')
        .values({ ...hub, user_id: userId, is_default: 0 })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'gid'])
            .doUpdateSet((eb) => ({
              type: eb.ref('excluded.type'),
              config: eb.ref('excluded.config'),
              storage: eb.ref('excluded.storage'),
              update_time: eb.ref('excluded.update_time'),
            }))
            .where((eb) => eb('pic_hubs.update_time', '<=', eb.ref('excluded.update_time'))),
        )
        .execute();
      return (await hubOf(db, userId, hub.gid)) as HubRow;
    },

    async deleteHub(userId: number, gid: string): Promise<number> {
      const result = await db.deleteFrom('pic_hubs').where('user_id', '=', userId).where('gid', '=', gid).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Makes `gid` the user's one default hub; false (and nothing changed) when the user has no such hub. */
    setDefault(userId: number, gid: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await hubOf(trx, userId, gid))) return false;
        await trx.updateTable('pic_hubs').set({ is_default: 0 }).where('user_id', '=', userId).where('gid', '!=', gid).execute();
        await trx.updateTable('pic_hubs').set({ is_default: 1 }).where('user_id', '=', userId).where('gid', '=', gid).execute();
        return true;
      });
    },

    /** Saves the records (a repeated gid replaces the earlier record) and answers them as stored. */
    saveFiles(userId: number, files: readonly NewFileRow[]): Promise<FileRow[]> {
      if (files.length === 0) return Promise.resolve([]);
      return db.transaction().execute(async (trx) => {
        for (let at = 0; at < files.length; at += FILES_PER_INSERT) {
          await trx
            .insertInto('pic_hub_files')
            .values(files.slice(at, at + FILES_PER_INSERT).map((file) => ({ ...file, user_id: userId })))
            .onConflict((conflict) =>
              conflict.columns(['user_id', 'gid']).doUpdateSet((eb) => ({
                original_name: eb.ref('excluded.original_name'),
                original_size: eb.ref('excluded.original_size'),
                name: eb.ref('excluded.name'),
                path: eb.ref('excluded.path'),
                size: eb.ref('excluded.size'),
                hub_id: eb.ref('excluded.hub_id'),
                type: eb.ref('excluded.type'),
                media_type: eb.ref('excluded.media_type'),
                storage: eb.ref('excluded.storage'),
                create_time: eb.ref('excluded.create_time'),
                config: eb.ref('excluded.config'),
                sha: eb.ref('excluded.sha'),
                link: eb.ref('excluded.link'),
              })),
            )
            .execute();
        }
        const rows = await trx
          .selectFrom('pic_hub_files')
          .selectAll()
          .where('user_id', '=', userId)
          .where(
            'gid',
            'in',
            files.map((file) => file.gid),
          )
          .execute();
        const byGid = new Map(rows.map((row) => [row.gid, row as FileRow]));
        return [...new Set(files.map((file) => file.gid))].map((gid) => byGid.get(gid) as FileRow);
      });
    },

    /** Newest first. */
    async listFiles(userId: number, filter: FileFilter): Promise<{ rows: FileRow[]; total: number }> {
      let base = db.selectFrom('pic_hub_files').where('user_id', '=', userId);
      if (filter.hubId) base = base.where('hub_id', '=', filter.hubId);
      const { keyword } = filter;
      if (keyword) {
        base = base.where((eb) =>
          eb.or([containsIgnoringCase(db, eb.ref('name'), keyword), containsIgnoringCase(db, eb.ref('original_name'), keyword)]),
        );
      }
      const [rows, counted] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as FileRow[], total: Number(counted.total) };
    },

    async deleteFiles(userId: number, gids: readonly string[]): Promise<number> {
      const result = await db.deleteFrom('pic_hub_files').where('user_id', '=', userId).where('gid', 'in', gids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    settingsOf: (userId: number) =>
      db.selectFrom('pic_hub_settings').selectAll().where('user_id', '=', userId).executeTakeFirst() as Promise<
        PicHubSettingsTable | undefined
      >,

    async saveSettings(row: PicHubSettingsTable): Promise<void> {
      await db
        .insertInto('pic_hub_settings')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet((eb) => ({
            settings: eb.ref('excluded.settings'),
            github_cdns: eb.ref('excluded.github_cdns'),
            update_time: eb.ref('excluded.update_time'),
          })),
        )
        .execute();
    },

    systemHub: () =>
      db.selectFrom('pic_hub_system').selectAll().where('slot', '=', SYSTEM_SLOT).executeTakeFirst() as Promise<
        PicHubSystemTable | undefined
      >,

    async saveSystemHub(row: Omit<PicHubSystemTable, 'slot'>): Promise<void> {
      await db
        .insertInto('pic_hub_system')
        .values({ ...row, slot: SYSTEM_SLOT })
        .onConflict((conflict) =>
          conflict.column('slot').doUpdateSet((eb) => ({
            gid: eb.ref('excluded.gid'),
            config: eb.ref('excluded.config'),
            update_time: eb.ref('excluded.update_time'),
          })),
        )
        .execute();
    },

    async clearSystemHub(): Promise<void> {
      await db.deleteFrom('pic_hub_system').where('slot', '=', SYSTEM_SLOT).execute();
    },
  };
}

export type PicHubRepository = ReturnType<typeof createPicHubRepository>;
