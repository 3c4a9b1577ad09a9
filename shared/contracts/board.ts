import { z } from 'zod';
import { BOARD_POST_MAX_CHARS, BOARD_SORTS, BOARD_WORD_FILTER_MAX_WORDS, BOARD_WORD_MAX_CHARS } from './board-base';
import type { ServerMessageKey } from './server-messages';
import { PAGE_SIZE_MAX } from './user-limits';

export * from './board-base';

/** The server's checks of board-base.ts's shapes; each names a key of the message catalogue (group `board.field`). */
const M = {
  request: 'board.field.request',
  id: 'board.field.id',
  content: 'board.field.content',
  tooLong: 'board.field.tooLong',
  sort: 'board.field.sort',
  words: 'board.field.words',
  pageNum: 'board.field.pageNum',
  pageSize: 'board.field.pageSize',
} as const satisfies Record<string, ServerMessageKey>;

const id = z.coerce
  .number(M.id)
  .int(M.id)
  .min(1, M.id)
  .max(2 ** 31 - 1, M.id);

/** Characters as a reader counts them (code points), so a line of emoji is not cut short. */
const content = z
  .string(M.content)
  .trim()
  .min(1, M.content)
  .refine((text) => [...text].length <= BOARD_POST_MAX_CHARS, { message: M.tooLong, abort: true });

export const boardPostSchema = z.strictObject({ content, replyTo: id.optional() }, M.request);
export const boardEditSchema = z.strictObject({ content }, M.request);
export const boardIdParams = z.object({ id }, M.request);
export const boardUserParams = z.object({ userId: id }, M.request);
export const boardBanSchema = z.strictObject({ userId: id }, M.request);
export const boardHideSchema = z.strictObject({ hidden: z.boolean(M.request).default(true) }, M.request);

export const boardListQuery = z.object(
  {
    pageNum: z.coerce.number(M.pageNum).int(M.pageNum).min(1, M.pageNum).default(1),
    pageSize: z.coerce.number(M.pageSize).int(M.pageSize).min(1, M.pageSize).max(PAGE_SIZE_MAX, M.pageSize).default(10),
    sort: z.enum(BOARD_SORTS, M.sort).default('newest'),
  },
  M.request,
);

/** Words are matched ignoring case; blanks and repeats are dropped, so the admin may paste a rough list. */
export const boardWordFilterSchema = z.strictObject(
  {
    words: z
      .array(z.string(M.words).trim().max(BOARD_WORD_MAX_CHARS, M.words), M.words)
      .max(BOARD_WORD_FILTER_MAX_WORDS, M.words)
      .transform((words) => [...new Set(words.filter(Boolean).map((word) => word.toLowerCase()))]),
  },
  M.request,
);
