import { z } from 'zod';
import {
  FEEDBACK_CONTACT_MAX_CHARS,
  FEEDBACK_CONTENT_MAX_CHARS,
  FEEDBACK_ENVIRONMENT_MAX_CHARS,
  FEEDBACK_PAGE_MAX_CHARS,
  FEEDBACK_REPLY_MAX_CHARS,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
} from './feedback-base';
import type { ServerMessageKey } from './server-messages';
import { PAGE_SIZE_MAX } from './user-limits';

export * from './feedback-base';

/** The server's checks of feedback-base.ts's shapes; each names its key in the message catalogue. */
export const FEEDBACK_FIELD_MESSAGES = {
  request: 'feedback.field.request',
  id: 'feedback.field.id',
  type: 'feedback.field.type',
  content: 'feedback.field.content',
  contentTooLong: 'feedback.field.contentTooLong',
  contact: 'feedback.field.contact',
  page: 'feedback.field.page',
  environment: 'feedback.field.environment',
  status: 'feedback.field.status',
  reply: 'feedback.field.reply',
  pageNum: 'feedback.field.pageNum',
  pageSize: 'feedback.field.pageSize',
} as const satisfies Record<string, ServerMessageKey>;

const M = FEEDBACK_FIELD_MESSAGES;

/** Empty optional fields arrive as '' from a form: the same as leaving them out. */
const optionalText = (max: number, message: ServerMessageKey) =>
  z
    .string(message)
    .trim()
    .max(max, message)
    .optional()
    .transform((text) => (text ? text : undefined));

export const feedbackInputSchema = z.object(
  {
    type: z.enum(FEEDBACK_TYPES, M.type),
    content: z.string(M.content).trim().min(1, M.content).max(FEEDBACK_CONTENT_MAX_CHARS, M.contentTooLong),
    contact: z
      .string(M.contact)
      .trim()
      .max(FEEDBACK_CONTACT_MAX_CHARS, M.contact)
      .refine((text) => text === '' || z.email().safeParse(text).success, M.contact)
      .optional()
      .transform((text) => (text ? text : undefined)),
    page: optionalText(FEEDBACK_PAGE_MAX_CHARS, M.page),
    environment: optionalText(FEEDBACK_ENVIRONMENT_MAX_CHARS, M.environment),
  },
  M.request,
);

export const feedbackIdParams = z.object(
  { id: z.coerce.number(M.id).int(M.id).min(1, M.id).max(Number.MAX_SAFE_INTEGER, M.id) },
  M.request,
);
export const feedbackStatusChange = z.object({ status: z.enum(FEEDBACK_STATUSES, M.status) }, M.request);
export const feedbackReply = z.object(
  { reply: z.string(M.reply).trim().min(1, M.reply).max(FEEDBACK_REPLY_MAX_CHARS, M.reply) },
  M.request,
);

const pageNum = z.coerce.number(M.pageNum).int(M.pageNum).min(1, M.pageNum).default(1);
const pageSize = z.coerce.number(M.pageSize).int(M.pageSize).min(1, M.pageSize).max(PAGE_SIZE_MAX, M.pageSize).default(10);

export const myFeedbackQuery = z.object({ pageNum, pageSize }, M.request);
export const adminFeedbackQuery = z.object(
  {
    pageNum,
    pageSize,
    status: z.enum(FEEDBACK_STATUSES, M.status).optional(),
    type: z.enum(FEEDBACK_TYPES, M.type).optional(),
  },
  M.request,
);
