import { create } from 'zustand';
import { z } from 'zod';
import { persist } from 'zustand/middleware';
import { persistedSettings } from '@/lib/persisted-settings';
import { HASH_ALGORITHMS, hashAlgorithmSchema } from '@shared/contracts/hash';
import type { HashAlgorithm, HashDigests } from '@shared/contracts/hash';
import type { BatchItem } from '@/components/BatchList';
import { platform } from '@/platform';
import { classifyHashError, orderAlgorithms } from './file-hasher.service';
import type { HashErrorKind } from './file-hasher.service';
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

/** Cancel handles of running jobs. Kept outside the store: they are not state anyone renders. */
const controllers = new Map<string, AbortController>();

export const useFileHasherStore = create<State>()(
  persist(
    (set, get) => {
      const patch = (id: string, change: Partial<HashRow>) =>
        set((state) => ({ rows: state.rows.map((row) => (row.id === id ? { ...row, ...change } : row)) }));

      const start = (row: HashRow) => {
        const controller = new AbortController();
        controllers.set(row.id, controller);
        let lastReport = 0;
        let startedAt = 0;
        const queuedAt = performance.now();
        platform.hash
          .hashFile(row.file, {
            algorithms: row.algorithms,
            signal: controller.signal,
            onProgress: ({ loaded, total }) => {
              const now = performance.now();
              // The first report means the job left the queue and is reading: that is when timing starts.
              if (startedAt === 0) {
                startedAt = now;
                patch(row.id, { status: 'running' });
              }
              if (now - lastReport < PROGRESS_INTERVAL_MS && loaded < total) return;
              lastReport = now;
              patch(row.id, { progress: total > 0 ? loaded / total : 1 });
            },
          })
          .then(
            (digests) => patch(row.id, { status: 'done', progress: 1, digests, elapsedMs: performance.now() - (startedAt || queuedAt) }),
            (error: unknown) => {
              const kind = classifyHashError(error);
              if (kind === 'cancelled') patch(row.id, { status: 'cancelled' });
              else
                patch(row.id, { status: 'error', errorKind: kind, errorMessage: error instanceof Error ? error.message : String(error) });
            },
          )
          .finally(() => {
            if (controllers.get(row.id) === controller) controllers.delete(row.id);
          });
      };

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
          added.forEach(start);
        },
        rehash: (ids) => {
          const algorithms = get().algorithms;
          if (algorithms.length === 0) return;
          for (const id of ids) {
            const row = get().rows.find((candidate) => candidate.id === id);
            if (!row || controllers.has(id)) continue;
            const fresh: HashRow = {
              ...row,
              algorithms,
              status: 'queued',
              progress: 0,
              digests: undefined,
              elapsedMs: undefined,
              errorKind: undefined,
              errorMessage: undefined,
            };
            patch(id, fresh);
            start(fresh);
          }
        },
        cancel: (id) => controllers.get(id)?.abort(),
        cancelAll: () => controllers.forEach((controller) => controller.abort()),
        remove: (id) => {
          controllers.get(id)?.abort();
          set((state) => ({ rows: state.rows.filter((row) => row.id !== id) }));
        },
        clear: () => {
          controllers.forEach((controller) => controller.abort());
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
        algorithms: z
          .array(z.unknown())
          .transform((saved) =>
            orderAlgorithms(saved.filter((algorithm): algorithm is HashAlgorithm => hashAlgorithmSchema.safeParse(algorithm).success)),
          )
          .refine((algorithms) => algorithms.length > 0),
        uppercase: z.boolean(),
      },
    }),
  ),
);
