import type { Db } from '../../db/database';
import type { SampleCategoryTable, SampleTable } from '../../db/schema';

export type SampleRow = Omit<SampleTable, 'id'> & { id: number };
export type CategoryRow = Omit<SampleCategoryTable, 'id'> & { id: number };
export type NewSampleRow = Omit<SampleTable, 'id' | 'position'>;
export type SampleChange = Partial<Omit<SampleTable, 'id' | 'create_time'>>;

const SEEDED = 'seeded';

export function createSamplesRepository(db: Db) {
  /** The next position at the end of a list, read in the writing transaction. */
  const nextPosition = async (executor: Db, table: 'samples' | 'sample_categories', categoryId?: number) => {
    let query = executor.selectFrom(table).select((eb) => eb.fn.max<number | string | null>('position').as('last'));
    if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
    const { last } = await query.executeTakeFirstOrThrow();
    return last === null ? 0 : Number(last) + 1;
  };

  return {
    categories: () => db.selectFrom('sample_categories').selectAll().orderBy('position').orderBy('id').execute() as Promise<CategoryRow[]>,
    samples: () => db.selectFrom('samples').selectAll().orderBy('position').orderBy('id').execute() as Promise<SampleRow[]>,
    find: (id: number) => db.selectFrom('samples').selectAll().where('id', '=', id).executeTakeFirst() as Promise<SampleRow | undefined>,
    findCategory: (id: number) =>
      db.selectFrom('sample_categories').selectAll().where('id', '=', id).executeTakeFirst() as Promise<CategoryRow | undefined>,

    insert: (row: NewSampleRow): Promise<number> =>
      db.transaction().execute(async (trx) => {
        const position = await nextPosition(trx, 'samples', row.category_id);
        const { id } = await trx
          .insertInto('samples')
          .values({ ...row, position })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(id);
      }),

    update: async (id: number, change: SampleChange): Promise<boolean> => {
      const result = await db.updateTable('samples').set(change).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    delete: async (id: number): Promise<boolean> => {
      const result = await db.deleteFrom('samples').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Whether any sample still points at the object (samples with equal bytes share one). */
    keyInUse: async (key: string): Promise<boolean> =>
      (await db.selectFrom('samples').select('id').where('storage_key', '=', key).limit(1).executeTakeFirst()) !== undefined,

    storageKeys: async (): Promise<Set<string>> =>
      new Set((await db.selectFrom('samples').select('storage_key').distinct().execute()).map((row) => row.storage_key)),

    insertCategory: (nameCn: string, nameEn: string, now: number): Promise<number> =>
      db.transaction().execute(async (trx) => {
        const position = await nextPosition(trx, 'sample_categories');
        const { id } = await trx
          .insertInto('sample_categories')
          .values({ name_cn: nameCn, name_en: nameEn, position, create_time: now, update_time: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(id);
      }),

    updateCategory: async (id: number, nameCn: string, nameEn: string, now: number): Promise<boolean> => {
      const result = await db
        .updateTable('sample_categories')
        .set({ name_cn: nameCn, name_en: nameEn, update_time: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes an empty category; 'busy' when samples are still in it (checked in the same transaction). */
    deleteCategory: (id: number): Promise<'deleted' | 'missing' | 'busy'> =>
      db.transaction().execute(async (trx) => {
        const used = await trx.selectFrom('samples').select('id').where('category_id', '=', id).limit(1).executeTakeFirst();
        if (used) return 'busy';
        const result = await trx.deleteFrom('sample_categories').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0 ? 'deleted' : 'missing';
      }),

    /** Positions 0… in the listed order; the ones not listed keep their relative order after them. */
    reorder: (table: 'samples' | 'sample_categories', ids: readonly number[]): Promise<void> =>
      db.transaction().execute(async (trx) => {
        const rest = (await trx.selectFrom(table).select(['id', 'position']).orderBy('position').orderBy('id').execute())
          .map((row) => Number(row.id))
          .filter((id) => !ids.includes(id));
        const order = [...ids, ...rest];
        for (const [position, id] of order.entries()) await trx.updateTable(table).set({ position }).where('id', '=', id).execute();
      }),

    countExisting: async (table: 'samples' | 'sample_categories', ids: readonly number[]): Promise<number> => {
      if (ids.length === 0) return 0;
      const { total } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('id', 'in', ids)
        .executeTakeFirstOrThrow();
      return Number(total);
    },

    wasSeeded: async (): Promise<boolean> =>
      (await db.selectFrom('samples_state').select('name').where('name', '=', SEEDED).executeTakeFirst()) !== undefined,

    /**
     * Claims the seed and writes it in one transaction: false when another instance claimed it first
     * (its insert wins the primary key), so two instances starting together never seed twice.
     */
    seed: (categories: readonly { nameCn: string; nameEn: string; samples: readonly NewSampleRow[] }[], now: number): Promise<boolean> =>
      db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('samples_state')
          .values({ name: SEEDED, value: now })
          .onConflict((conflict) => conflict.column('name').doNothing())
          .returning('name')
          .executeTakeFirst();
        if (!claimed) return false;
        for (const [position, category] of categories.entries()) {
          const { id } = await trx
            .insertInto('sample_categories')
            .values({ name_cn: category.nameCn, name_en: category.nameEn, position, create_time: now, update_time: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const [index, sample] of category.samples.entries())
            await trx
              .insertInto('samples')
              .values({ ...sample, category_id: Number(id), position: index })
              .execute();
        }
        return true;
      }),
  };
}

export type SamplesRepository = ReturnType<typeof createSamplesRepository>;
