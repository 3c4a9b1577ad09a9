import type { Db } from '../../db/database';
import type { CustomerAdTable } from '../../db/schema';
import { foldCase, foldCaseText } from '../../db/text-match';

export type AdRow = Omit<CustomerAdTable, 'id'> & { id: number; owner_name: string };
export type NewAdRow = Omit<CustomerAdTable, 'id' | 'views' | 'visits' | 'deleted' | 'paused_by'>;
export type AdChange = Partial<
  Pick<CustomerAdTable, 'type' | 'settings' | 'image_key' | 'expiration_time' | 'status' | 'paused_by' | 'deleted'>
>;
export type HitKind = 'view' | 'visit';

export interface AdminFilter {
  status?: string | undefined;
  type?: string | undefined;
  /** A user id, or a user name matched whole ignoring case. */
  owner?: string | undefined;
  withDeleted: boolean;
}

const SITE_STATE = 'site';

export function createCustomerAdsRepository(db: Db) {
  const withOwner = () =>
    db
      .selectFrom('customer_ads')
      .innerJoin('users', 'users.user_id', 'customer_ads.user_id')
      .selectAll('customer_ads')
      .select('users.user_name as owner_name');

  async function page(
    narrow: (query: ReturnType<typeof withOwner>) => ReturnType<typeof withOwner>,
    offset: number,
    limit: number,
  ): Promise<{ rows: AdRow[]; total: number }> {
    const base = narrow(withOwner());
    const [rows, counted] = await Promise.all([
      base.orderBy('customer_ads.id', 'desc').offset(offset).limit(limit).execute(),
      base
        .clearSelect()
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as AdRow[], total: Number(counted.total) };
  }

  /**
   * Moves `site` on to now, or one past its value when that is not older (two changes in one
   * millisecond, or a clock behind another instance's), so every change makes a newer timestamp.
   */
  const bumpSite = (executor: Db, now: number) =>
    executor
      .insertInto('customer_ads_state')
      .values({ name: SITE_STATE, value: now })
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet((eb) => ({
          value: eb
            .case()
            .when('customer_ads_state.value', '>=', now)
            .then(eb('customer_ads_state.value', '+', 1))
            .else(now)
            .end(),
        })),
      )
      .execute();

  return {
    find: (id: number) => withOwner().where('customer_ads.id', '=', id).executeTakeFirst() as Promise<AdRow | undefined>,

    /** Inserts the ad and moves the site's timestamp, together. */
    insert: (row: NewAdRow, now: number): Promise<number> =>
      db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('customer_ads')
          .values({ ...row, deleted: 0, paused_by: null, views: 0, visits: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        await bumpSite(trx, now);
        return Number(id);
      }),

    /**
     * Applies `change` when the row still has `expectedStatus` (a racing status change or edit makes
     * it 0 rows, never a lost update) and moves the site's timestamp; answers whether it applied.
     */
    update: (id: number, expectedStatus: string, change: AdChange, now: number): Promise<boolean> =>
      db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('customer_ads')
          .set({ ...change, update_time: now })
          .where('id', '=', id)
          .where('status', '=', expectedStatus)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await bumpSite(trx, now);
        return true;
      }),

    remove: (id: number, now: number): Promise<boolean> =>
      db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('customer_ads').where('id', '=', id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await bumpSite(trx, now);
        return true;
      }),

    /** Whether any ad still shows this uploaded picture. */
    async imageInUse(imageKey: string): Promise<boolean> {
      const row = await db.selectFrom('customer_ads').select('id').where('image_key', '=', imageKey).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async imageKeys(): Promise<Set<string>> {
      const rows = await db.selectFrom('customer_ads').select('image_key').where('image_key', 'is not', null).execute();
      return new Set(rows.map((row) => row.image_key as string));
    },

    mine: (userId: number, offset: number, limit: number) =>
      page((query) => query.where('customer_ads.user_id', '=', userId).where('customer_ads.deleted', '=', 0), offset, limit),

    all: (filter: AdminFilter, offset: number, limit: number) =>
      page(
        (query) => {
          let narrowed = query;
          if (!filter.withDeleted) narrowed = narrowed.where('customer_ads.deleted', '=', 0);
          if (filter.status) narrowed = narrowed.where('customer_ads.status', '=', filter.status);
          if (filter.type) narrowed = narrowed.where('customer_ads.type', '=', filter.type);
          if (filter.owner) {
            const owner = filter.owner;
            const id = /^\d{1,9}$/.test(owner) ? Number(owner) : undefined;
            narrowed = narrowed.where((eb) =>
              eb.or([
                eb(foldCase(db, eb.ref('users.user_name')), '=', foldCaseText(owner)),
                ...(id === undefined ? [] : [eb('customer_ads.user_id', '=', id)]),
              ]),
            );
          }
          return narrowed;
        },
        offset,
        limit,
      ),

    /** The ads visitors see at `now`: the site call's one indexed query. */
    visible: (now: number) =>
      db
        .selectFrom('customer_ads')
        .select(['id', 'type', 'settings', 'expiration_time'])
        .where('status', '=', 'APPROVED')
        .where('deleted', '=', 0)
        .where('expiration_time', '>', now)
        .orderBy('id', 'desc')
        .execute(),

    async siteTimestamp(): Promise<number> {
      const row = await db.selectFrom('customer_ads_state').select('value').where('name', '=', SITE_STATE).executeTakeFirst();
      return row ? Number(row.value) : 0;
    },

    /**
     * Records the visitor's hit on a visible ad and counts it, once per (ad, kind, day, visitor);
     * answers whether it counted. The hit row and the counter change together.
     */
    countHit: (adId: number, kind: HitKind, day: string, visitor: string, now: number): Promise<boolean> =>
      db.transaction().execute(async (trx) => {
        const visible = await trx
          .selectFrom('customer_ads')
          .select('id')
          .where('id', '=', adId)
          .where('status', '=', 'APPROVED')
          .where('deleted', '=', 0)
          .where('expiration_time', '>', now)
          .executeTakeFirst();
        if (!visible) return false;
        const inserted = await trx
          .insertInto('customer_ad_hits')
          .values({ ad_id: adId, kind, day, visitor })
          .onConflict((conflict) => conflict.doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        const column = kind === 'view' ? 'views' : 'visits';
        await trx
          .updateTable('customer_ads')
          .set((eb) => ({ [column]: eb(column, '+', 1) }))
          .where('id', '=', adId)
          .execute();
        return true;
      }),

    /** Hits of earlier days: their visitor keys can never match again. */
    pruneHits: (today: string) => db.deleteFrom('customer_ad_hits').where('day', '<', today).execute(),
  };
}

export type CustomerAdsRepository = ReturnType<typeof createCustomerAdsRepository>;
