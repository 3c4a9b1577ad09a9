import { z } from 'zod';

/**
 * What the two pages say over their data channel once the remote accepted: the connector asks to
 * evaluate an expression, the remote answers with the result, forwards its console output, and
 * either side sends a text message.
 */
export const consoleMessageSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('eval'), id: z.number().int(), code: z.string().max(60_000) }),
  // `blocked`: this page's policy forbids evaluating (the desktop app's CSP), so nothing was run.
  z.object({ t: z.literal('result'), id: z.number().int(), ok: z.boolean(), text: z.string(), blocked: z.literal(true).optional() }),
  z.object({ t: z.literal('log'), level: z.enum(['log', 'info', 'warn', 'error', 'debug']), text: z.string() }),
  z.object({ t: z.literal('text'), text: z.string().max(60_000) }),
]);
export type ConsoleMessage = z.infer<typeof consoleMessageSchema>;
export type ConsoleLevel = Extract<ConsoleMessage, { t: 'log' }>['level'];

export function parseConsoleMessage(data: string | Uint8Array): ConsoleMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = consoleMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A data channel message stays far below the transport's 64 KiB. */
export const MAX_TEXT = 16_000;

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length} chars)` : text);

function errorText(error: Error): string {
  return `${error.name}: ${error.message}`;
}

/**
 * A value as text, as a console shows it, whatever it is: strings quoted only as results (`quote`),
 * cycles, BigInts, functions, symbols and errors named instead of throwing, objects JSON-like and
 * cut at MAX_TEXT, so nothing a page evaluates can break the answer.
 */
export function describeValue(value: unknown, quote = true): string {
  if (typeof value === 'string') return clip(quote ? JSON.stringify(value) : value);
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return `ƒ ${value.name || 'anonymous'}()`;
  if (value instanceof Error) return clip(errorText(value));
  if (value === null || typeof value !== 'object') return String(value);
  const seen = new WeakSet<object>();
  try {
    const text = JSON.stringify(value, (_key, inner: unknown) => {
      if (typeof inner === 'bigint') return `${inner}n`;
      if (typeof inner === 'function') return `ƒ ${(inner as { name?: string }).name || 'anonymous'}()`;
      if (typeof inner === 'symbol' || inner === undefined) return String(inner);
      if (inner instanceof Error) return errorText(inner);
      if (inner instanceof Map) return Object.fromEntries(inner);
      if (inner instanceof Set) return [...inner];
      if (inner !== null && typeof inner === 'object') {
        if (seen.has(inner)) return '[Circular]';
        seen.add(inner);
      }
      return inner;
    });
    return clip(text ?? Object.prototype.toString.call(value));
  } catch {
    // A getter that throws, a host object that refuses: its tag still says what it is.
    return Object.prototype.toString.call(value);
  }
}
