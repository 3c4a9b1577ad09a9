/**
 * The chat assistant's API (issue 20, docs/chat.md), the zod-free half for the page: shapes and
 * limits. The server's checks are in chat.ts.
 *
 * `POST /api/chat/completions` takes OpenAI's chat-completions request (`stream: true` only) and
 * answers with standard `chat.completion.chunk` Server-Sent Events ending in `data: [DONE]`; a
 * failure after the stream started is one `data: {"error": …}` event and no `[DONE]`.
 */

/** The JSON body's cap in bytes: below the API-wide 64 KB, so the visitor gets our translated message. */
export const CHAT_REQUEST_MAX_BYTES = 48 * 1024;
export const CHAT_MESSAGES_MAX = 200;
export const CHAT_MODEL_NAME_MAX = 64;

export const CHAT_ROLES = ['system', 'user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  stream: true;
  temperature?: number;
}

/** The caller's requests today (UTC day); `limit` null: unlimited (the admin). */
export interface ChatQuota {
  limit: number | null;
  used: number;
}

/** `GET /api/chat/config`. Off (no `CHAT_API_BASE`/`CHAT_API_KEY`/`CHAT_MODELS`): `enabled` false and no models. */
export interface ChatConfig {
  enabled: boolean;
  models: string[];
  quota: ChatQuota;
}

/** One streamed frame, as much of OpenAI's `chat.completion.chunk` as the page reads. */
export interface ChatCompletionChunk {
  id?: string;
  object?: 'chat.completion.chunk';
  model?: string;
  choices?: { index: number; delta?: { role?: ChatRole; content?: string | null }; finish_reason?: string | null }[];
}

/** The error event of a stream that broke off: `code` is a server-message key, `params` its values. */
export interface ChatStreamError {
  error: { message: string; type: string; code: string; params?: Record<string, string | number> };
}
