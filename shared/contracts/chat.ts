import { z } from 'zod';
import { CHAT_MESSAGES_MAX, CHAT_MODEL_NAME_MAX, CHAT_ROLES } from './chat-base';
import type { ChatCompletionRequest } from './chat-base';

export * from './chat-base';

/**
 * The server's check of a chat request. Only these fields reach the upstream: anything else an
 * OpenAI client adds (tools, n, logit_bias…) is dropped, so the site's key pays for plain chat only.
 * The body's byte cap is checked before this (CHAT_REQUEST_MAX_BYTES).
 */
export const chatCompletionRequestSchema = z.object({
  model: z.string().min(1).max(CHAT_MODEL_NAME_MAX),
  messages: z
    .array(z.object({ role: z.enum(CHAT_ROLES), content: z.string() }))
    .min(1, 'chat.noMessages')
    .max(CHAT_MESSAGES_MAX, 'chat.tooManyMessages'),
  stream: z.literal(true, 'chat.streamOnly'),
  temperature: z.number().min(0).max(2).optional(),
}) satisfies z.ZodType<ChatCompletionRequest>;
