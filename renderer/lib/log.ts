/**
 * The page's recent trouble for the console panel (spec §2 "console", issue 19): uncaught errors
 * and rejections, failed API calls, and what tools choose to log. It records from the first moment,
 * before anyone opens the panel: main.tsx loads it just after the first render, and early-errors.ts
 * keeps what happens before. A bounded ring buffer and a listener list; formatting and drawing it
 * belong to the lazy panel.
 */
import { takeEarlyErrors } from './early-errors';

export type LogKind = 'error' | 'request' | 'log';
export type LogLevel = 'info' | 'warn' | 'error';

export interface LogEntry {
  /** Increasing: a key for lists, and the order when times tie. */
  id: number;
  at: number;
  kind: LogKind;
  level: LogLevel;
  /** Who logged it: a tool's id, `page` for uncaught errors, the HTTP method for a request. */
  source: string;
  text: string;
  /** Failed requests only. */
  status?: number;
  requestId?: string;
}

export const LOG_CAPACITY = 200;

let entries: readonly LogEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function push(entry: Omit<LogEntry, 'id' | 'at'>): void {
  const full = { ...entry, id: nextId++, at: Date.now() };
  // A new array each time: the panel reads it with useSyncExternalStore, which compares snapshots.
  entries = entries.length >= LOG_CAPACITY ? [...entries.slice(entries.length - LOG_CAPACITY + 1), full] : [...entries, full];
  listeners.forEach((listener) => listener());
}

export const logEntries = (): readonly LogEntry[] => entries;

export function subscribeToLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function clearLog(): void {
  entries = [];
  listeners.forEach((listener) => listener());
}

const describe = (value: unknown): string =>
  value instanceof Error ? `${value.name}: ${value.message}` : typeof value === 'string' ? value : String(value);

/** What a tool may write to the console panel: `log.warn('image-compress', 'codec fell back to canvas')`. */
export const log = {
  info: (source: string, text: string) => push({ kind: 'log', level: 'info', source, text }),
  warn: (source: string, text: string) => push({ kind: 'log', level: 'warn', source, text }),
  error: (source: string, problem: unknown) => push({ kind: 'log', level: 'error', source, text: describe(problem) }),
};

/** Called by the API client (renderer/http) for every call that failed, canceled ones excepted. */
export function recordFailedRequest(request: { method: string; url: string; status?: number; requestId?: string; text: string }): void {
  push({
    kind: 'request',
    level: 'error',
    source: request.method.toUpperCase(),
    text: `${request.url} — ${request.text}`,
    status: request.status,
    requestId: request.requestId,
  });
}

function record(event: Event): void {
  if (event.type === 'unhandledrejection') {
    push({
      kind: 'error',
      level: 'error',
      source: 'page',
      text: `Unhandled rejection: ${describe((event as PromiseRejectionEvent).reason)}`,
    });
    return;
  }
  const { error, message, filename, lineno } = event as ErrorEvent;
  // A failed <script>/<img> load is an error event without message; the network panel has those.
  if (!message && !error) return;
  const where = filename ? ` (${filename}:${lineno})` : '';
  push({ kind: 'error', level: 'error', source: 'page', text: `${error ? describe(error) : message}${where}` });
}

let collecting = false;

/**
 * Takes over from early-errors.ts (which kept what happened before this chunk loaded) and listens
 * for the page's uncaught errors and rejections from then on; once.
 */
export function collectPageErrors(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): void {
  if (collecting) return;
  collecting = true;
  takeEarlyErrors(target).forEach(record);
  target.addEventListener('error', record);
  target.addEventListener('unhandledrejection', record);
}
