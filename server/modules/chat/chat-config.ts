/**
 * The chat assistant's server settings (docs/chat.md), from the environment; the response cap is a
 * code default.
 */
export interface ChatUpstream {
  /** CHAT_API_BASE without a trailing slash: `<base>/chat/completions` is called. */
  base: string;
  /** CHAT_API_KEY: sent to the upstream only, never to a browser. */
  key: string;
  /** CHAT_MODELS: the first is the default. */
  models: string[];
}

export interface ChatConfig {
  /** Undefined: the assistant is off (one of the three settings missing). */
  upstream: ChatUpstream | undefined;
  /** Requests per UTC day: a visitor without an account per address, a user per account; 0: no limit. The admin has none. */
  dailyAnonymous: number;
  dailyUser: number;
  /** Until the upstream's first answer event (CHAT_FIRST_BYTE_TIMEOUT, seconds). */
  firstByteTimeoutMs: number;
  /** The longest silence between two events once the answer streams (CHAT_IDLE_TIMEOUT, seconds). */
  idleTimeoutMs: number;
  /** Everything the upstream sends for one answer. */
  maxResponseBytes: number;
}

export const DEFAULT_CHAT_LIMITS = {
  firstByteTimeoutMs: 60_000,
  idleTimeoutMs: 30_000,
  maxResponseBytes: 8 * 1024 * 1024,
} as const;

export const DEFAULT_CHAT_DAILY = { anonymous: 20, user: 200 } as const;

/** All three set, or the assistant is off. */
export function chatUpstream(base: string | undefined, key: string | undefined, models: string | undefined): ChatUpstream | undefined {
  const list = (models ?? '')
    .split(',')
    .map((model) => model.trim())
    .filter(Boolean);
  if (!base || !key || list.length === 0) return undefined;
  return { base: base.replace(/\/+$/, ''), key, models: [...new Set(list)] };
}
