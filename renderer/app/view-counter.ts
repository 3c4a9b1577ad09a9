/**
 * Counts tool page views for the action-stat log without hammering it. The server allows 30 posts a
 * minute per IP (docs/api.md), shared by everyone behind one NAT, so:
 * - a tool counts once per page session (a full load), not per address or language: switching
 *   language or coming back to a tool is not a new view;
 * - a view counts only after the visitor stayed `debounceMs` (spec §9's default debounce): keyboard
 *   or fast clicks through several tools are not views of each;
 * - the browser keeps under the server's limit by itself: at most `budget.limit` views per window
 *   across all its tabs and page loads (counted in localStorage). A refused post is a red "Failed to
 *   load resource … 429" in the console that no script can silence — a beacon's included, checked
 *   in Chromium — so the only quiet 429 is one never provoked. Views over the budget wait for it;
 * - after a 429 all the same (others behind the NAT spent it) nothing is posted from this browser
 *   until the window has passed, then the held views are sent. Page loads in between wait too.
 */
export interface View {
  toolId: string;
  sourceUrl: string;
}

export interface ViewCounterOptions {
  /** Posts one view; rejects with an error carrying the HTTP `status` when it was refused. */
  send(view: View): Promise<unknown>;
  debounceMs?: number;
  /** How long to hold views after a 429: the server's rate window. */
  backoffMs?: number;
  /** Views held while backing off; beyond this the oldest are dropped (a counter, not a ledger). */
  maxHeld?: number;
  /** Posts allowed per `backoffMs` from this browser, below the server's limit. */
  budget?: number;
  /** Where the budget and a backoff are kept across tabs and page loads (localStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
}

/** Two thirds of the server's 30 a minute: room for a second visitor behind the same address. */
export const VIEW_BUDGET = 20;
const BUDGET_KEY = 'baibao:view-budget';

interface Budget {
  /** When each post of the current window went out. */
  sent: number[];
  /** No posts before this (a 429 was seen). */
  until: number;
}

export const VIEW_DEBOUNCE_MS = 500;
export const VIEW_BACKOFF_MS = 60_000;

const statusOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;

export function createViewCounter({
  send,
  debounceMs = VIEW_DEBOUNCE_MS,
  backoffMs = VIEW_BACKOFF_MS,
  maxHeld = 30,
  budget = VIEW_BUDGET,
  storage,
  now = () => Date.now(),
}: ViewCounterOptions) {
  const counted = new Set<string>();
  // Sent one at a time, so a 429 stops the rest instead of each being refused (and logged) in turn.
  const queue: View[] = [];
  let sending = false;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;
  // Without storage (private mode refusing it) the budget lives as long as the page.
  let memory: Budget = { sent: [], until: 0 };

  const readBudget = (): Budget => {
    try {
      const stored = JSON.parse(storage?.getItem(BUDGET_KEY) ?? 'null') as Partial<Budget> | null;
      if (stored && Array.isArray(stored.sent) && typeof stored.until === 'number')
        memory = { sent: stored.sent.filter((at) => typeof at === 'number'), until: stored.until };
    } catch {
      // Unreadable: keep this page's own count.
    }
    const windowStart = now() - backoffMs;
    return { sent: memory.sent.filter((at) => at > windowStart), until: memory.until };
  };
  const writeBudget = (next: Budget): void => {
    memory = next;
    try {
      storage?.setItem(BUDGET_KEY, JSON.stringify(next));
    } catch {
      // Full or refused: the page's own count still holds.
    }
  };

  /** How long to wait before the next post may go out; 0 when it may go now. */
  const waitFor = (state: Budget): number => {
    const t = now();
    if (state.until > t) return state.until - t;
    if (state.sent.length < budget) return 0;
    return (state.sent[state.sent.length - budget] ?? t) + backoffMs - t + 1;
  };

  const drain = async (): Promise<void> => {
    if (sending || waiting) return;
    sending = true;
    while (queue.length > 0) {
      const state = readBudget();
      const wait = waitFor(state);
      if (wait > 0) {
        waiting = setTimeout(() => {
          waiting = undefined;
          void drain();
        }, wait);
        break;
      }
      writeBudget({ ...state, sent: [...state.sent, now()] });
      try {
        await send(queue[0] as View);
        queue.shift();
      } catch (error) {
        if (statusOf(error) !== 429) {
          queue.shift();
          continue;
        }
        writeBudget({ ...readBudget(), until: now() + backoffMs });
      }
    }
    sending = false;
  };

  const enqueue = (view: View): void => {
    // The head may be in flight; drop the oldest view behind it.
    if (queue.length >= maxHeld) queue.splice(sending ? 1 : 0, 1);
    queue.push(view);
    void drain();
  };

  return {
    /** The page now shows `toolId` (undefined: not a tool page, which cancels a view not yet counted). */
    view(toolId: string | undefined, sourceUrl: string): void {
      clearTimeout(pending);
      pending = undefined;
      if (!toolId || counted.has(toolId)) return;
      pending = setTimeout(() => {
        pending = undefined;
        counted.add(toolId);
        enqueue({ toolId, sourceUrl });
      }, debounceMs);
    },
  };
}
