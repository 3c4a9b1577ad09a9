import { describeValue, type ConsoleLevel } from './terminal.service';

/**
 * Whether this document's policy lets the remote console evaluate: only a document loaded at
 * /terminal on the website does; the desktop app's policy never allows eval.
 */
export function evalAllowed(): boolean {
  try {
    const indirectEval = eval;
    return indirectEval('1') === 1;
  } catch {
    return false;
  }
}

/**
 * Runs an expression in this page's global scope, as a console does: indirect eval, so it sees
 * globals but not this module's variables; a promise is awaited. Any throw is an answer, not a crash.
 */
export async function evaluate(code: string): Promise<{ ok: boolean; text: string }> {
  try {
    // Indirect eval is the point of a remote console: the remote's user accepted it, and may revoke.
    const indirectEval = eval;
    let value: unknown = indirectEval(code);
    if (value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function') value = await value;
    return { ok: true, text: describeValue(value) };
  } catch (error) {
    return { ok: false, text: describeValue(error, false) };
  }
}

const LEVELS: readonly ConsoleLevel[] = ['log', 'info', 'warn', 'error', 'debug'];

/**
 * Forwards what this page writes to its console (while the remote console is allowed) and still
 * writes it there; the returned function puts the console back as it was.
 */
export function forwardConsole(target: Console, send: (level: ConsoleLevel, text: string) => void): () => void {
  const originals = LEVELS.map((level) => [level, target[level]] as const);
  for (const [level, original] of originals) {
    target[level] = (...args: unknown[]) => {
      original.apply(target, args);
      try {
        send(level, args.map((arg) => describeValue(arg, false)).join(' '));
      } catch {
        // Forwarding must never break the page's own logging.
      }
    };
  }
  return () => {
    for (const [level, original] of originals) target[level] = original;
  };
}
