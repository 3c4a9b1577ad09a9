import { create } from 'zustand';
import { checkName } from '@shared/file-type/name-check';
import { BatchJobs } from '@/lib/batch-jobs';
import { randomHexId } from '@/lib/ids';
import { identifyWorker } from './identify-client';
import type { IdentifyOutcome } from './identify.worker';
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

  /** One job per row: its file to the worker, up to CONCURRENCY at once. */
  const jobs = new BatchJobs<File, { file: File; outcome: IdentifyOutcome }>({
    concurrency: CONCURRENCY,
    run: async (file) => ({ file, outcome: await identifyWorker().identify(file) }),
    onUpdate: (id, update) => {
      if (update.status === 'running') return patch(id, { status: 'running' });
      if (update.status === 'error') {
        const { error } = update;
        return patch(id, { status: 'error', error: 'unknown', errorMessage: error instanceof Error ? error.message : String(error) });
      }
      if (update.status !== 'done') return;
      const { file, outcome } = update.result;
      if (outcome.ok) patch(id, { status: 'done', result: outcome.result, check: checkName(file.name, outcome.result) });
      else patch(id, { status: 'error', error: outcome.reason, errorMessage: outcome.message });
    },
  });

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
      set((state) => ({ rows: [...state.rows, ...rows] }));
      for (const row of rows) jobs.add(row.id, row.file);
      return files.length - taken.length;
    },
    remove: (id) => {
      jobs.remove(id);
      pending.delete(id);
      set((state) => ({ rows: state.rows.filter((row) => row.id !== id) }));
    },
    clear: () => {
      jobs.clear();
      pending.clear();
      set({ rows: [] });
    },
  };
});
