import { create } from 'zustand';
import { checkName } from '@shared/file-type/name-check';
import { randomHexId } from '@/lib/ids';
import { identifyWorker } from './identify-client';
import { MAX_FILES } from './file-type-identify.service';
import type { IdentifyRow } from './file-type-identify.service';

interface State {
  rows: IdentifyRow[];
  /** Adds files and starts identifying them; returns how many were left out over MAX_FILES. */
  addFiles: (files: readonly File[]) => number;
  remove: (id: string) => void;
  clear: () => void;
}

/** Files in flight at once: detection is a few small reads each, so a little overlap hides their latency. */
const CONCURRENCY = 4;

const relativePath = (file: File) => (file.webkitRelativePath || file.name).replace(/^\/+/, '');

export const useFileTypeStore = create<State>()((set, get) => {
  const patch = (id: string, change: Partial<IdentifyRow>) => set((state) => ({ rows: state.rows.map((row) => (row.id === id ? { ...row, ...change } : row)) }));
  let active = 0;

  const pump = () => {
    while (active < CONCURRENCY) {
      const next = get().rows.find((row) => row.status === 'queued');
      if (!next) return;
      active += 1;
      patch(next.id, { status: 'running' });
      identifyWorker()
        .identify(next.file)
        .then(
          (outcome) => {
            // A row removed while it ran is simply not there to patch.
            if (outcome.ok) patch(next.id, { status: 'done', result: outcome.result, check: checkName(next.file.name, outcome.result) });
            else patch(next.id, { status: 'error', error: outcome.reason, errorMessage: outcome.message });
          },
          (error: unknown) => patch(next.id, { status: 'error', error: 'unknown', errorMessage: error instanceof Error ? error.message : String(error) }),
        )
        .finally(() => {
          active -= 1;
          pump();
        });
    }
  };

  return {
    rows: [],
    addFiles: (files) => {
      const room = Math.max(0, MAX_FILES - get().rows.length);
      const taken = files.slice(0, room);
      const rows = taken.map((file): IdentifyRow => ({ id: randomHexId(8), file, name: file.name, path: relativePath(file), size: file.size, status: 'queued' }));
      set((state) => ({ rows: [...state.rows, ...rows] }));
      pump();
      return files.length - taken.length;
    },
    remove: (id) => set((state) => ({ rows: state.rows.filter((row) => row.id !== id) })),
    clear: () => set({ rows: [] }),
  };
});
