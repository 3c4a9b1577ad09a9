import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { BoardPostTable } from '../../db/schema';
import type { BoardSort } from '@shared/contracts/board-base';

export type StoredPost = Omit<BoardPostTable, 'id'> & { id: number };
export type NewPost = Omit<StoredPost, 'id'>;

const WORD_FILTER = 'wordFilter';

export function createBoardRepository(db: Db) {
  /** Kept counts, recounted rather than stepped so a racing like or reply can never leave them off by one. */
  const recountReplies = (rootId: number) =>
    db
      .updateTable('board_posts')
      .set((eb) => ({
        replies: eb
          .selectFrom('board_posts as reply')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('reply.root_id', '=', rootId)
          .where('reply.hidden', '=', 0),
      }))
      .where('id', '=', rootId)
      .execute();

  const recountLikes = (postId: number) =>
    db
      .updateTable('board_posts')
      .set((eb) => ({
        likes: eb
          .selectFrom('board_likes')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('board_likes.post_id', '=', postId),
      }))
      .where('id', '=', postId)
      .execute();

  return {
    async threads(sort: BoardSort, offset: number, limit: number, withHidden: boolean): Promise<{ rows: StoredPost[]; total: number }> {
      let base = db.selectFrom('board_posts').where('root_id', 'is', null);
      if (!withHidden) base = base.where('hidden', '=', 0);
      const counted = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      let query = base.selectAll();
      query = sort === 'hottest' ? query.orderBy(sql`likes + replies`, 'desc').orderBy('id', 'desc') : query.orderBy('id', 'desc');
      const rows = await query.offset(offset).limit(limit).execute();
      return { rows, total: Number(counted.n) };
    },

    async replies(rootIds: readonly number[], withHidden: boolean): Promise<StoredPost[]> {
      if (rootIds.length === 0) return [];
      let query = db.selectFrom('board_posts').selectAll().where('root_id', 'in', rootIds);
      if (!withHidden) query = query.where('hidden', '=', 0);
      return query.orderBy('id').execute();
    },

    async likedBy(userId: number, postIds: readonly number[]): Promise<Set<number>> {
      if (postIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('board_likes')
        .select('post_id')
        .where('user_id', '=', userId)
        .where('post_id', 'in', postIds)
        .execute();
      return new Set(rows.map((row) => row.post_id));
    },

    find: (id: number): Promise<StoredPost | undefined> => db.selectFrom('board_posts').selectAll().where('id', '=', id).executeTakeFirst(),

    async insert(post: NewPost): Promise<StoredPost> {
      const row = await db.insertInto('board_posts').values(post).returningAll().executeTakeFirstOrThrow();
      if (post.root_id !== null) await recountReplies(post.root_id);
      return row;
    },

    async updateContent(id: number, content: string, now: number): Promise<void> {
      await db.updateTable('board_posts').set({ content, update_time: now }).where('id', '=', id).execute();
    },

    async setHidden(post: StoredPost, hidden: boolean): Promise<void> {
      await db
        .updateTable('board_posts')
        .set({ hidden: hidden ? 1 : 0 })
        .where('id', '=', post.id)
        .execute();
      if (post.root_id !== null) await recountReplies(post.root_id);
    },

    /** A thread goes with its replies (the foreign key cascades). */
    async delete(post: StoredPost): Promise<void> {
      await db.deleteFrom('board_posts').where('id', '=', post.id).execute();
      if (post.root_id !== null) await recountReplies(post.root_id);
    },

    async like(postId: number, userId: number): Promise<void> {
      await db
        .insertInto('board_likes')
        .values({ post_id: postId, user_id: userId })
        .onConflict((conflict) => conflict.columns(['post_id', 'user_id']).doNothing())
        .execute();
      await recountLikes(postId);
    },

    async unlike(postId: number, userId: number): Promise<void> {
      await db.deleteFrom('board_likes').where('post_id', '=', postId).where('user_id', '=', userId).execute();
      await recountLikes(postId);
    },

    async userExists(userId: number): Promise<boolean> {
      return (await db.selectFrom('users').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
    },

    async isBanned(userId: number): Promise<boolean> {
      return (await db.selectFrom('board_bans').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
    },

    async ban(userId: number, now: number): Promise<void> {
      await db
        .insertInto('board_bans')
        .values({ user_id: userId, create_time: now })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
    },

    async unban(userId: number): Promise<void> {
      await db.deleteFrom('board_bans').where('user_id', '=', userId).execute();
    },

    bans: () => db.selectFrom('board_bans').selectAll().orderBy('create_time', 'desc').execute(),

    async wordFilter(): Promise<string[]> {
      const row = await db.selectFrom('board_settings').select('value').where('name', '=', WORD_FILTER).executeTakeFirst();
      return row ? (JSON.parse(row.value) as string[]) : [];
    },

    async setWordFilter(words: readonly string[]): Promise<void> {
      const value = JSON.stringify(words);
      await db
        .insertInto('board_settings')
        .values({ name: WORD_FILTER, value })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
        .execute();
    },
  };
}

export type BoardRepository = ReturnType<typeof createBoardRepository>;
