import { z } from 'zod';
import {
  BOOK_ID_MAX_LENGTH,
  BOOK_IDS_PER_PULL_MAX,
  BOOKMARK_CONTENT_MAX_LENGTH,
  CFI_MAX_LENGTH,
  RECORDS_PER_REQUEST_MAX,
} from './reading-sync-base';
import type { ReadingBookmark, ReadingLocation } from './reading-sync-base';

export * from './reading-sync-base';

/** The server's checks of reading-sync-base.ts's shapes. */
const bookId = z.string().min(1).max(BOOK_ID_MAX_LENGTH);
const cfi = z.string().min(1).max(CFI_MAX_LENGTH);
const epochMs = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const readingLocationSchema = z.object({
  bookId,
  cfi,
  progress: z.number().int().min(0).max(100),
  updateTime: epochMs,
}) satisfies z.ZodType<ReadingLocation>;

export const readingBookmarkSchema = z.object({
  bookId,
  cfi,
  content: z.string().max(BOOKMARK_CONTENT_MAX_LENGTH),
  createTime: epochMs,
  updateTime: epochMs,
  deleted: z.boolean(),
}) satisfies z.ZodType<ReadingBookmark>;

export const readingSyncPushSchema = z
  .object({
    locations: z.array(readingLocationSchema).max(RECORDS_PER_REQUEST_MAX).default([]),
    bookmarks: z.array(readingBookmarkSchema).max(RECORDS_PER_REQUEST_MAX).default([]),
  })
  .refine((body) => body.locations.length + body.bookmarks.length <= RECORDS_PER_REQUEST_MAX, {
    message: `At most ${RECORDS_PER_REQUEST_MAX} records per request`,
    path: ['bookmarks'],
  });

/** `GET …/mine?bookIds=a&bookIds=b&since=<serverTime>`: both optional; without bookIds, every book. */
export const readingSyncPullSchema = z.object({
  bookIds: z
    .union([bookId, z.array(bookId)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(bookId).max(BOOK_IDS_PER_PULL_MAX))
    .optional(),
  since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
