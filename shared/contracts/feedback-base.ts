/**
 * User feedback (issue 20; docs/feedback.md), the zod-free half: shapes and limits for the pages,
 * which must not load zod. The server's checks are in feedback.ts.
 */

export const FEEDBACK_API = '/api/community/feedback';

export const FEEDBACK_TYPES = ['BUG', 'IDEA', 'OTHER'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** new → in progress → done / won't do; the admin may set any of them at any time (a reopened report). */
export const FEEDBACK_STATUSES = ['NEW', 'IN_PROGRESS', 'DONE', 'WONT_DO'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FEEDBACK_CONTENT_MAX_CHARS = 2000;
export const FEEDBACK_REPLY_MAX_CHARS = 2000;
export const FEEDBACK_CONTACT_MAX_CHARS = 254;
export const FEEDBACK_PAGE_MAX_CHARS = 500;
export const FEEDBACK_ENVIRONMENT_MAX_CHARS = 1000;
/** A screenshot: at most 2 MB, one of these types by its bytes (not its name). */
export const FEEDBACK_SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
export const FEEDBACK_SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** What the form sends: the `feedback` field of a multipart form (JSON text), beside an optional `screenshot` file. */
export interface FeedbackInput {
  type: FeedbackType;
  content: string;
  contact?: string | undefined;
  /** The address the visitor came from (path and query). */
  page?: string | undefined;
  /** The environment summary the visitor chose to keep. */
  environment?: string | undefined;
}

export interface Feedback {
  id: number;
  /** null: sent without an account (or the account is gone). */
  userId: number | null;
  type: FeedbackType;
  content: string;
  contact: string | null;
  page: string | null;
  environment: string | null;
  /** The screenshot's key for `GET …/screenshot/{key}` (owner and admin only). */
  screenshot: string | null;
  status: FeedbackStatus;
  reply: string | null;
  /** Epoch ms. */
  replyTime: number | null;
  createTime: number;
  updateTime: number;
}

export const feedbackScreenshotPath = (key: string) => `${FEEDBACK_API}/screenshot/${encodeURIComponent(key)}`;
