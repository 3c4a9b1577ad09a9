import type { Page, PageQuery } from '@shared/contracts/api';
import type { Feedback, FeedbackInput, FeedbackStatus, FeedbackType } from '@shared/contracts/feedback-base';
import type { FeedbackFilter, FeedbackRepository, FeedbackRow } from './feedback.repository';
import { notFound } from './messages';
import { checkScreenshot } from './screenshots';
import type { ScreenshotStore } from './screenshots';

const toFeedback = (row: FeedbackRow): Feedback => ({
  id: row.id,
  userId: row.user_id === null ? null : Number(row.user_id),
  type: row.type as FeedbackType,
  content: row.content,
  contact: row.contact,
  page: row.page,
  environment: row.environment,
  screenshot: row.screenshot_key,
  status: row.status as FeedbackStatus,
  reply: row.reply,
  replyTime: row.reply_time === null ? null : Number(row.reply_time),
  createTime: Number(row.create_time),
  updateTime: Number(row.update_time),
});

const pageOf = (query: PageQuery, { rows, total }: { rows: FeedbackRow[]; total: number }): Page<Feedback> => ({
  ...query,
  total,
  list: rows.map(toFeedback),
});

export function createFeedbackService(repository: FeedbackRepository, screenshots: ScreenshotStore, now: () => number = Date.now) {
  const offsetOf = ({ pageNum, pageSize }: PageQuery) => (pageNum - 1) * pageSize;

  return {
    /** Stores the screenshot first and records it second (a crash between leaves an orphan the start-up sweep removes). */
    async submit(userId: number | null, input: FeedbackInput, screenshot?: Buffer): Promise<Feedback> {
      const screenshotKey = screenshot ? await screenshots.put(screenshot, await checkScreenshot(screenshot)) : null;
      const row = await repository.insert({
        user_id: userId,
        type: input.type,
        content: input.content,
        contact: input.contact ?? null,
        page: input.page ?? null,
        environment: input.environment ?? null,
        screenshot_key: screenshotKey,
        create_time: now(),
      });
      return toFeedback(row);
    },

    mine: async (userId: number, query: PageQuery) => pageOf(query, await repository.mine(userId, offsetOf(query), query.pageSize)),

    all: async (filter: FeedbackFilter, query: PageQuery) => pageOf(query, await repository.all(filter, offsetOf(query), query.pageSize)),

    async changeStatus(id: number, status: FeedbackStatus): Promise<Feedback> {
      const row = await repository.update(id, { status }, now());
      if (!row) throw notFound();
      return toFeedback(row);
    },

    /** One reply per feedback: answering again replaces it (the user sees the latest word). */
    async reply(id: number, reply: string): Promise<Feedback> {
      const time = now();
      const row = await repository.update(id, { reply, reply_time: time }, time);
      if (!row) throw notFound();
      return toFeedback(row);
    },

    /** The admin sees every screenshot, a user those of their own feedback, a visitor none. */
    mayViewScreenshot: (key: string, viewer: { userId: number; admin: boolean }) =>
      viewer.admin ? Promise.resolve(true) : repository.screenshotOwnedBy(key, viewer.userId),
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
