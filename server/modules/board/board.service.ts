import { BOARD_EDIT_WINDOW_MS, BOARD_LIVE_ROOM } from '@shared/contracts/board-base';
import type { BoardBan, BoardLiveEvent, BoardPost, BoardPostInput, BoardSort, BoardThread } from '@shared/contracts/board-base';
import type { Page, PageQuery } from '@shared/contracts/api';
import { ADMIN_USER_ID } from '@shared/contracts/user-limits';
import type { Auth } from '../../http/auth';
import type { BoardRepository, StoredPost } from './board.repository';
import { MSG, badRequest, filteredWord, forbidden, notFound } from './messages';

const toPost = (row: StoredPost, liked: ReadonlySet<number>): BoardPost => ({
  id: row.id,
  userId: row.user_id,
  content: row.content,
  rootId: row.root_id,
  replyToUserId: row.reply_to_user_id,
  likes: Number(row.likes),
  liked: liked.has(row.id),
  hidden: row.hidden === 1,
  createTime: Number(row.create_time),
  updateTime: Number(row.update_time),
});

export function createBoardService(
  repository: BoardRepository,
  publish: (room: string, data: unknown) => Promise<void>,
  now: () => number,
) {
  /** A hidden post is the admin's to see; to anyone else it does not exist. */
  async function visible(id: number, viewer: Auth | undefined): Promise<StoredPost> {
    const post = await repository.find(id);
    if (!post || (post.hidden === 1 && !viewer?.admin)) throw notFound();
    return post;
  }

  async function mayWrite(userId: number, content: string): Promise<void> {
    if (await repository.isBanned(userId)) throw forbidden(MSG.banned);
    const folded = content.toLowerCase();
    const word = (await repository.wordFilter()).find((candidate) => folded.includes(candidate));
    if (word) throw filteredWord(word);
  }

  /** The author's own post within the edit window; anything else is refused with the reason. */
  async function ownWithinWindow(auth: Auth, id: number): Promise<StoredPost> {
    const post = await visible(id, auth);
    if (post.user_id !== auth.userId) throw forbidden(MSG.notYours);
    if (now() - Number(post.create_time) > BOARD_EDIT_WINDOW_MS) throw forbidden(MSG.editWindowOver);
    return post;
  }

  return {
    async list(query: PageQuery & { sort: BoardSort }, viewer: Auth | undefined): Promise<Page<BoardThread>> {
      const withHidden = viewer?.admin ?? false;
      const { rows, total } = await repository.threads(query.sort, (query.pageNum - 1) * query.pageSize, query.pageSize, withHidden);
      const replies = await repository.replies(
        rows.map((row) => row.id),
        withHidden,
      );
      const liked = viewer
        ? await repository.likedBy(
            viewer.userId,
            [...rows, ...replies].map((row) => row.id),
          )
        : new Set<number>();
      const list = rows.map((row) => ({
        ...toPost(row, liked),
        replies: replies.filter((reply) => reply.root_id === row.id).map((reply) => toPost(reply, liked)),
      }));
      return { ...query, total, list };
    },

    async create(auth: Auth, input: BoardPostInput): Promise<BoardPost> {
      await mayWrite(auth.userId, input.content);
      const answered = input.replyTo === undefined ? undefined : await visible(input.replyTo, auth);
      const time = now();
      const row = await repository.insert({
        user_id: auth.userId,
        root_id: answered ? (answered.root_id ?? answered.id) : null,
        // Replies show one level deep; answering a reply keeps that reply's author as "replying to".
        reply_to_user_id: answered && answered.root_id !== null ? answered.user_id : null,
        content: input.content,
        hidden: 0,
        likes: 0,
        replies: 0,
        create_time: time,
        update_time: time,
      });
      const event: BoardLiveEvent = { type: 'posted', id: row.id, rootId: row.root_id };
      await publish(BOARD_LIVE_ROOM, event);
      return toPost(row, new Set());
    },

    async edit(auth: Auth, id: number, content: string): Promise<BoardPost> {
      const post = await ownWithinWindow(auth, id);
      await mayWrite(auth.userId, content);
      await repository.updateContent(post.id, content, now());
      const updated = await visible(id, auth);
      return toPost(updated, await repository.likedBy(auth.userId, [id]));
    },

    async delete(auth: Auth, id: number): Promise<void> {
      const post = auth.admin ? await visible(id, auth) : await ownWithinWindow(auth, id);
      await repository.delete(post);
    },

    async like(auth: Auth, id: number, liked: boolean): Promise<BoardPost> {
      await visible(id, auth);
      if (liked) await repository.like(id, auth.userId);
      else await repository.unlike(id, auth.userId);
      return toPost(await visible(id, auth), liked ? new Set([id]) : new Set());
    },

    async hide(auth: Auth, id: number, hidden: boolean): Promise<void> {
      await repository.setHidden(await visible(id, auth), hidden);
    },

    async ban(userId: number): Promise<void> {
      if (userId === ADMIN_USER_ID || !(await repository.userExists(userId))) throw badRequest(MSG.id);
      await repository.ban(userId, now());
    },

    unban: (userId: number) => repository.unban(userId),

    async bans(): Promise<BoardBan[]> {
      return (await repository.bans()).map((row) => ({ userId: row.user_id, createTime: Number(row.create_time) }));
    },

    wordFilter: async () => ({ words: await repository.wordFilter() }),

    async setWordFilter(words: string[]) {
      await repository.setWordFilter(words);
      return { words };
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
