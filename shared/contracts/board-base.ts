/**
 * The message board's shapes and limits without zod (the page's first view must not load it);
 * board.ts holds the server's checks. API and decisions: docs/board.md.
 */
export const BOARD_API = '/api/community/board';

/** The live room every open board page joins; the server publishes a `BoardLiveEvent` into it. */
export const BOARD_LIVE_ROOM = 'board:posts';

/** Spam-sized posts are refused: a message board entry, not an article. */
export const BOARD_POST_MAX_CHARS = 2000;
/** An author may edit or delete a post this long after writing it; the admin deletes at any time. */
export const BOARD_EDIT_WINDOW_MS = 15 * 60_000;
export const BOARD_WORD_FILTER_MAX_WORDS = 500;
export const BOARD_WORD_MAX_CHARS = 40;

export const BOARD_SORTS = ['newest', 'hottest'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

export interface BoardPost {
  id: number;
  userId: number;
  /** Markdown source; the page renders the allowed subset and sanitises it. */
  content: string;
  /** The thread's first post for a reply, null for a thread. */
  rootId: number | null;
  /** Whom a reply answers when it answers a reply (shown as "replying to"). */
  replyToUserId: number | null;
  likes: number;
  /** Whether the caller liked it (false for visitors). */
  liked: boolean;
  /** Only the admin sees hidden posts (marked); everyone else never receives them. */
  hidden: boolean;
  /** Epoch ms. */
  createTime: number;
  updateTime: number;
}

export interface BoardThread extends BoardPost {
  /** Every visible reply of the thread, oldest first. */
  replies: BoardPost[];
}

export interface BoardPostInput {
  content: string;
  /** Answer this post (a thread or a reply); absent for a new thread. */
  replyTo?: number;
}

export interface BoardBan {
  userId: number;
  createTime: number;
}

export interface BoardWordFilter {
  words: string[];
}

/** What the server publishes into BOARD_LIVE_ROOM when a post or reply is written. */
export interface BoardLiveEvent {
  type: 'posted';
  id: number;
  rootId: number | null;
}
