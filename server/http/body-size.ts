import type { IncomingMessage } from 'node:http';

const sizes = new WeakMap<IncomingMessage, number>();

/**
 * body-parser's `verify` hook, which sees the raw bytes of each JSON body before it is parsed.
 * Routes with a tighter cap than the API-wide one check this number instead of serialising the
 * parsed body again, which would recurse once per nesting level and overflow the stack.
 */
export function rememberBodySize(req: IncomingMessage, _res: unknown, body: Buffer): void {
  sizes.set(req, body.length);
}

/** Bytes of the JSON body as received; 0 when none was parsed. */
export function receivedBodyBytes(req: IncomingMessage): number {
  return sizes.get(req) ?? 0;
}
