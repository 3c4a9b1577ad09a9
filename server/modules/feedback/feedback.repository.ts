import type { Db } from '../../db/database';
import type { FeedbackTable } from '../../db/schema';

export type FeedbackRow = Omit<FeedbackTable, 'id'> & { id: number };
export type NewFeedbackRow = Omit<FeedbackTable, 'id' | 'reply' | 'reply_time' | 'status' | 'update_time'>;

export interface FeedbackFilter {
  status?: string | undefined;
  type?: string | undefined;
}

export function createFeedbackRepository(db: Db) {
  async function page(
    narrow: (query: ReturnType<typeof base>) => ReturnType<typeof base>,
    offset: number,
    limit: number,
  ): Promise<{ rows: FeedbackRow[]; total: number }> {
    const query = narrow(base());
    const [rows, counted] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as FeedbackRow[], total: Number(counted.total) };
  }
  const base = () => db.selectFrom('feedback');

  return {
    async insert(row: NewFeedbackRow): Promise<FeedbackRow> {
      const inserted = await db
        .insertInto('feedback')
        .values({ ...row, status: 'NEW', reply: null, reply_time: null, update_time: row.create_time })
        .returningAll()
        .executeTakeFirstOrThrow();
      return inserted as FeedbackRow;
    },

    find: (id: number) => base().selectAll().where('id', '=', id).executeTakeFirst() as Promise<FeedbackRow | undefined>,

    /** Answers the changed row, or undefined when there is no such feedback. */
    async update(id: number, change: Partial<Pick<FeedbackTable, 'status' | 'reply' | 'reply_time'>>, now: number) {
      const row = await db
        .updateTable('feedback')
        .set({ ...change, update_time: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row as FeedbackRow | undefined;
    },

    mine: (userId: number, offset: number, limit: number) => page((query) => query.where('user_id', '=', userId), offset, limit),

    all: (filter: FeedbackFilter, offset: number, limit: number) =>
      page(
        (query) => {
          let narrowed = query;
          if (filter.status) narrowed = narrowed.where('status', '=', filter.status);
          if (filter.type) narrowed = narrowed.where('type', '=', filter.type);
          return narrowed;
        },
        offset,
        limit,
      ),

    /** Whether this user may see the screenshot: it belongs to feedback they sent. */
    async screenshotOwnedBy(key: string, userId: number): Promise<boolean> {
      const row = await base().select('id').where('screenshot_key', '=', key).where('user_id', '=', userId).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async screenshotKeys(): Promise<Set<string>> {
      const rows = await base().select('screenshot_key').where('screenshot_key', 'is not', null).execute();
      return new Set(rows.map((row) => row.screenshot_key as string));
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
