import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isBoolean } from '@/lib/field-checks';
import { isAnything, isListOf, isMapped } from '@/lib/shape-checks';
import { persistedSettings } from '@/lib/persisted-settings';
import { HASH_ALGORITHMS } from '@shared/contracts/hash';
import type { HashAlgorithm, HashDigests } from '@shared/contracts/hash';
import type { BatchItem } from '@/components/BatchList';
import { platform } from '@/platform';
import { classifyHashError, orderAlgorithms } from './file-hasher.service';
import type { HashErrorKind } from './file-hasher.service';
import { BatchJobs } from '@/lib/batch-jobs';
import { randomHexId } from '@/lib/ids';

export interface HashRow extends BatchItem {
  readonly file: File;
  readonly algorithms: readonly HashAlgorithm[];
  readonly digests?: HashDigests;
  readonly elapsedMs?: number;
  readonly errorKind?: Exclude<HashErrorKind, 'cancelled'>;
  readonly errorMessage?: string;
}

interface Settings {
  algorithms: HashAlgorithm[];
  uppercase: boolean;
  expected: string;
}

interface State extends Settings {
  rows: HashRow[];
  setAlgorithms: (algorithms: readonly HashAlgorithm[]) => void;
  setUppercase: (uppercase: boolean) => void;
  setExpected: (expected: string) => void;
  addFiles: (files: readonly File[]) => void;
  rehash: (ids: readonly string[]) => void;
  cancel: (id: string) => void;
  cancelAll: () => void;
  remove: (id: string) => void;
  clear: () => void;
}

/** Progress reaches the store at most this often per file, so a batch of small files cannot flood React with renders. */
const PROGRESS_INTERVAL_MS = 100;

interface HashJob {
  file: File;
  algorithms: readonly HashAlgorithm[];
}

export const useFileHasherStore = create<State>()(
  persist(
    (set, get) => {
      const patch = (id: string, change: Partial<HashRow>) =>
        set((state) => ({ rows: state.rows.map((row) => (row.id === id ? { ...row, ...change } : row)) }));

      const jobs = new BatchJobs<HashJob, { digests: HashDigests; elapsedMs: number }>({
        // The hash capability queues jobs for its own workers; a row is running once its file is being read.
        concurrency: Number.POSITIVE_INFINITY,
        runningFrom: 'progress',
        progressInterval: PROGRESS_INTERVAL_MS,
        run: async ({ file, algorithms }, job) => {
          const queuedAt = performance.now();
          let startedAt = 0;
          const digests = await platform.hash.hashFile(file, {
            algorithms,
            signal: job.signal,
            onProgress: ({ loaded, total }) => {
              // The first report means the job left the queue and is reading: that is when timing starts.
              if (startedAt === 0) startedAt = performance.now();
              job.progress(total > 0 ? loaded / total : 1);
            },
          });
          return { digests, elapsedMs: performance.now() - (startedAt || queuedAt) };
        },
        onUpdate: (id, update) => {
          if (update.status === 'done') return patch(id, { status: 'done', progress: 1, ...update.result });
          if (update.status !== 'error') return patch(id, { status: update.status, progress: update.progress });
          const kind = classifyHashError(update.error);
          if (kind === 'cancelled') return patch(id, { status: 'cancelled' });
          const { error } = update;
          patch(id, { status: 'error', errorKind: kind, errorMessage: error instanceof Error ? error.message : String(error) });
        },
      });

      return {
        algorithms: [...HASH_ALGORITHMS],
        uppercase: false,
        expected: '',
        rows: [],
        setAlgorithms: (algorithms) => set({ algorithms: orderAlgorithms(algorithms) }),
        setUppercase: (uppercase) => set({ uppercase }),
        setExpected: (expected) => set({ expected }),
        addFiles: (files) => {
          const algorithms = get().algorithms;
          if (algorithms.length === 0) return;
          const added: HashRow[] = files.map((file) => ({
            id: randomHexId(),
            name: file.name,
            size: file.size,
            file,
            algorithms,
            status: 'queued',
            progress: 0,
          }));
          set((state) => ({ rows: [...state.rows, ...added] }));
          for (const row of added) jobs.add(row.id, { file: row.file, algorithms });
        },
        rehash: (ids) => {
          const algorithms = get().algorithms;
          if (algorithms.length === 0) return;
          for (const id of ids) {
            const row = get().rows.find((candidate) => candidate.id === id);
            if (!row || row.status === 'queued' || row.status === 'running') continue;
            patch(id, { algorithms, digests: undefined, elapsedMs: undefined, errorKind: undefined, errorMessage: undefined });
            jobs.retry(id, { file: row.file, algorithms });
          }
        },
        cancel: (id) => jobs.cancel(id),
        cancelAll: () => jobs.cancelAll(),
        remove: (id) => {
          jobs.remove(id);
          set((state) => ({ rows: state.rows.filter((row) => row.id !== id) }));
        },
        clear: () => {
          jobs.clear();
          set({ rows: [] });
        },
      };
    },
    // Only preferences survive a reload; files cannot (the browser does not let us keep them).
    persistedSettings({
      key: 'baibao:file-hasher',
      pick: ({ algorithms, uppercase }): Pick<Settings, 'algorithms' | 'uppercase'> => ({ algorithms, uppercase }),
      fields: {
        // Algorithms this release does not know are dropped; none left means the defaults.
        algorithms: isMapped(isListOf(isAnything), (saved) => {
          const known = orderAlgorithms(
            saved.filter((algorithm): algorithm is HashAlgorithm => (HASH_ALGORITHMS as readonly unknown[]).includes(algorithm)),
          );
          return known.length > 0 ? known : undefined;
        }),
        uppercase: isBoolean,
      },
    }),
  ),
);
