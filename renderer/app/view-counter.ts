/**
 * Counts tool page views for the action-stat log without hammering it. The server allows 30 posts a
 * minute per IP (docs/api.md), shared by everyone behind one NAT, so:
 * - a tool counts once per page session (a full load), not per address or language: switching
 *   language or coming back to a tool is not a new view;
 * - a view counts only after the visitor stayed `debounceMs` (spec §9's default debounce): keyboard
 *   or fast clicks through several tools are not views of each;
 * - after a 429 nothing is posted until the window has passed (each refused post is one
 *   browser-level console error no script can silence), then the held views are sent.
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
}

export const VIEW_DEBOUNCE_MS = 500;
export const VIEW_BACKOFF_MS = 60_000;

const statusOf = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined);

export function createViewCounter({ send, debounceMs = VIEW_DEBOUNCE_MS, backoffMs = VIEW_BACKOFF_MS, maxHeld = 30 }: ViewCounterOptions) {
  const counted = new Set<string>();
  // Sent one at a time, so a 429 stops the rest instead of each being refused (and logged) in turn.
  const queue: View[] = [];
  let sending = false;
  let backingOff = false;
  let pending: ReturnType<typeof setTimeout> | undefined;

  const drain = async (): Promise<void> => {
    if (sending || backingOff) return;
    sending = true;
    while (queue.length > 0 && !backingOff) {
      try {
        await send(queue[0] as View);
        queue.shift();
      } catch (error) {
        if (statusOf(error) !== 429) {
          queue.shift();
          continue;
        }
        backingOff = true;
        setTimeout(() => {
          backingOff = false;
          void drain();
        }, backoffMs);
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
