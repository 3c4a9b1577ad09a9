import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isBoolean } from '@/lib/field-checks';
import { persistedSettings } from '@/lib/persisted-settings';
import type { EncodingName } from '@shared/encoding/names';
import type { BatchItem } from '@/components/BatchList';
import { randomHexId } from '@/lib/ids';
import { BatchJobs } from '@/lib/batch-jobs';
import { isComponentUnavailable } from '@/lib/load-failure';
import { WorkerCrashed, encodingWorker } from './encoding-client';
import type { Outcome } from './encoding.worker';
import type { Identified } from './encoding-core';
import type { FailureCode } from './file-encoding-identify.service';

export interface EncodingRow extends BatchItem {
  readonly file: File;
  /** Where the file sits in a picked folder ("docs/a.txt"), else its name: the UTF-8 zip keeps this layout. */
  readonly path: string;
  readonly identified?: Identified;
  /** What the preview and the conversion use: the verdict, or the user's pick. */
  readonly chosen?: EncodingName | 'binary';
  readonly preview?: string;
  readonly errorCode?: FailureCode | 'unknown' | 'workerFailed' | 'componentUnavailable';
  readonly errorMessage?: string;
}

interface State {
  bom: boolean;
  rows: EncodingRow[];
  setBom: (bom: boolean) => void;
  addFiles: (files: readonly File[]) => void;
  choose: (id: string, encoding: EncodingName | 'binary') => void;
  remove: (id: string) => void;
  clear: () => void;
}

const failure = (outcome: Extract<Outcome<unknown>, { ok: false }>) => ({
  status: 'error' as const,
  errorCode: outcome.error,
  errorMessage: outcome.message,
});

/** A call that threw instead of answering: the worker broke, or the file could not be handed to it. */
const thrown = (error: unknown) => ({
  status: 'error' as const,
  errorCode: isComponentUnavailable(error)
    ? ('componentUnavailable' as const)
    : error instanceof WorkerCrashed
      ? ('workerFailed' as const)
      : ('unknown' as const),
  errorMessage: error instanceof Error ? error.message : String(error),
});

const relativePath = (file: File) => (file.webkitRelativePath || file.name).replace(/^\/+/, '');

export const useFileEncodingStore = create<State>()(
  persist(
    (set, get) => {
      const patch = (id: string, change: Partial<EncodingRow>) =>
        set((state) => ({ rows: state.rows.map((row) => (row.id === id ? { ...row, ...change } : row)) }));

      const jobs = new BatchJobs<File, Awaited<ReturnType<ReturnType<typeof encodingWorker>['identify']>>>({
        // One worker answers them in turn; the files wait in its queue, not here.
        concurrency: Number.POSITIVE_INFINITY,
        run: (file) => encodingWorker().identify(file),
        // After a crash, each row still owed an answer tries once more on a fresh worker, one at a
        // time: a script that cannot load fails them all, a file that brings the worker down fails alone.
        retry: (error, tries) => error instanceof WorkerCrashed && tries < 2,
        onUpdate: (id, update) => {
          if (update.status === 'running') return patch(id, { status: 'running' });
          if (update.status === 'error') return patch(id, thrown(update.error));
          if (update.status !== 'done') return;
          const outcome = update.result;
          if (!outcome.ok) return patch(id, failure(outcome));
          const { detection, preview } = outcome.value;
          patch(id, { status: 'done', progress: 1, identified: outcome.value, chosen: detection.encoding, preview });
        },
      });

      return {
        bom: false,
        rows: [],
        setBom: (bom) => set({ bom }),
        addFiles: (files) => {
          const added: EncodingRow[] = files.map((file) => ({
            id: randomHexId(),
            name: file.name,
            path: relativePath(file),
            size: file.size,
            file,
            status: 'queued',
            progress: 0,
          }));
          set((state) => ({ rows: [...state.rows, ...added] }));
          for (const row of added) jobs.add(row.id, row.file);
        },
        choose: (id, encoding) => {
          const row = get().rows.find((candidate) => candidate.id === id);
          if (!row) return;
          patch(id, { chosen: encoding, ...(encoding === 'binary' ? { preview: '' } : {}) });
          if (encoding === 'binary') return;
          void encodingWorker()
            .preview(row.file, encoding)
            .then(
              (outcome) => {
                // A later pick may have overtaken this one while it was decoding.
                if (get().rows.find((candidate) => candidate.id === id)?.chosen !== encoding) return;
                patch(id, outcome.ok ? { preview: outcome.value } : failure(outcome));
              },
              (error: unknown) => {
                if (get().rows.find((candidate) => candidate.id === id)?.chosen === encoding) patch(id, thrown(error));
              },
            );
        },
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
    // Only the setting survives a reload; files cannot be stored.
    persistedSettings({ key: 'baibao:file-encoding-identify', version: 0, pick: ({ bom }) => ({ bom }), fields: { bom: isBoolean } }),
  ),
);
