import { create } from 'zustand';
import { checkName } from '@shared/file-type/name-check';
import { randomHexId } from '@/lib/ids';
import { identifyWorker } from './identify-client';
import { MAX_FILES, applyPatches } from './file-type-identify.service';
import type { IdentifyRow } from './file-type-identify.service';

interface State {
  rows: IdentifyRow[];
  /** Adds files and starts identifying them; returns how many were left out over MAX_FILES. */
  addFiles: (files: readonly File[]) => number;
  remove: (id: string) => void;
  clear: () => void;
}

/**
 * Files in flight at once. The next file is only sent once the page has taken in a result, and the
 * page answers between renders: with 4 in flight the worker sat idle most of the time. Each file in
 * flight holds at most its 64 KB head.
 */
const CONCURRENCY = 32;

const relativePath = (file: File) => (file.webkitRelativePath || file.name).replace(/^\/+/, '');

/**
 * Runs `flush` before the next frame is painted; a hidden tab paints nothing, so there a timer
 * stands in (requestAnimationFrame would wait until the tab is shown again).
 */
function beforeNextPaint(flush: () => void): void {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible')
    requestAnimationFrame(flush);
  else setTimeout(flush, 100);
}

export const useFileTypeStore = create<State>()((set, get) => {
  /**
   * Row changes wait here and reach the store at most once per frame. Each store update renders
   * the page and its table over every row; with two updates per file ("running", then the result)
   * a batch of 1 000 small files took 37–82 ms per file in Chromium, mostly re-rendering.
   */
  const pending = new Map<string, Partial<IdentifyRow>>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.size === 0) return;
    const changes = new Map(pending);
    pending.clear();
    set((state) => ({ rows: applyPatches(state.rows, changes) }));
  };
  // Timers in a hidden tab may be held back for up to a minute: catch up as soon as it is shown.
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') flush();
    });
  }
  const patch = (id: string, change: Partial<IdentifyRow>) => {
    pending.set(id, { ...pending.get(id), ...change });
    if (!scheduled) {
      scheduled = true;
      beforeNextPaint(flush);
    }
  };

  /** Rows waiting for the worker, in order; `live` holds the ids still in the list (removed rows are skipped). */
  let queue: IdentifyRow[] = [];
  let next = 0;
  const live = new Set<string>();
  let active = 0;

  const pump = () => {
    while (active < CONCURRENCY && next < queue.length) {
      const row = queue[next]!;
      next += 1;
      if (!live.has(row.id)) continue;
      active += 1;
      patch(row.id, { status: 'running' });
      identifyWorker()
        .identify(row.file)
        .then(
          (outcome) => {
            // A row removed while it ran is simply not there to patch.
            if (!live.has(row.id)) return;
            if (outcome.ok) patch(row.id, { status: 'done', result: outcome.result, check: checkName(row.file.name, outcome.result) });
            else patch(row.id, { status: 'error', error: outcome.reason, errorMessage: outcome.message });
          },
          (error: unknown) => {
            if (live.has(row.id))
              patch(row.id, { status: 'error', error: 'unknown', errorMessage: error instanceof Error ? error.message : String(error) });
          },
        )
        .finally(() => {
          active -= 1;
          pump();
        });
    }
    if (next === queue.length) {
      queue = [];
      next = 0;
    }
  };

  return {
    rows: [],
    addFiles: (files) => {
      const room = Math.max(0, MAX_FILES - get().rows.length);
      const taken = files.slice(0, room);
      const rows = taken.map((file): IdentifyRow => ({
        id: randomHexId(8),
        file,
        name: file.name,
        path: relativePath(file),
        size: file.size,
        status: 'queued',
      }));
      for (const row of rows) live.add(row.id);
      queue.push(...rows);
      set((state) => ({ rows: [...state.rows, ...rows] }));
      pump();
      return files.length - taken.length;
    },
    remove: (id) => {
      live.delete(id);
      pending.delete(id);
      set((state) => ({ rows: state.rows.filter((row) => row.id !== id) }));
    },
    clear: () => {
      live.clear();
      pending.clear();
      set({ rows: [] });
    },
  };
});
