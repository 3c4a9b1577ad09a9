import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { EncodingName } from '@shared/encoding/names';
import type { BatchItem } from '@/components/BatchList';
import { encodingWorker } from './encoding-client';
import type { Outcome } from './encoding.worker';
import type { Identified } from './encoding-core';
import type { FailureCode } from './file-encoding-identify.service';

export interface EncodingRow extends BatchItem {
  readonly file: File;
  readonly identified?: Identified;
  /** What the preview and the conversion use: the verdict, or the user's pick. */
  readonly chosen?: EncodingName | 'binary';
  readonly preview?: string;
  readonly errorCode?: FailureCode | 'unknown';
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

const failure = (outcome: Extract<Outcome<unknown>, { ok: false }>) => ({ status: 'error' as const, errorCode: outcome.error, errorMessage: outcome.message });

export const useFileEncodingStore = create<State>()(
  persist(
    (set, get) => {
      const patch = (id: string, change: Partial<EncodingRow>) =>
        set((state) => ({ rows: state.rows.map((row) => (row.id === id ? { ...row, ...change } : row)) }));

      const identify = async (row: EncodingRow) => {
        patch(row.id, { status: 'running' });
        const outcome = await encodingWorker().identify(row.file);
        if (!outcome.ok) return patch(row.id, failure(outcome));
        const { detection, preview } = outcome.value;
        patch(row.id, { status: 'done', progress: 1, identified: outcome.value, chosen: detection.encoding, preview });
      };

      return {
        bom: false,
        rows: [],
        setBom: (bom) => set({ bom }),
        addFiles: (files) => {
          const added: EncodingRow[] = files.map((file) => ({ id: crypto.randomUUID(), name: file.name, size: file.size, file, status: 'queued', progress: 0 }));
          set((state) => ({ rows: [...state.rows, ...added] }));
          added.forEach((row) => void identify(row));
        },
        choose: (id, encoding) => {
          const row = get().rows.find((candidate) => candidate.id === id);
          if (!row) return;
          patch(id, { chosen: encoding, ...(encoding === 'binary' ? { preview: '' } : {}) });
          if (encoding === 'binary') return;
          void encodingWorker()
            .preview(row.file, encoding)
            .then((outcome) => {
              // A later pick may have overtaken this one while it was decoding.
              if (get().rows.find((candidate) => candidate.id === id)?.chosen !== encoding) return;
              patch(id, outcome.ok ? { preview: outcome.value } : failure(outcome));
            });
        },
        remove: (id) => set((state) => ({ rows: state.rows.filter((row) => row.id !== id) })),
        clear: () => set({ rows: [] }),
      };
    },
    {
      name: 'baibao:file-encoding-identify',
      storage: createJSONStorage(() => localStorage),
      // Only the setting survives a reload; files cannot be stored.
      partialize: (state) => ({ bom: state.bom }),
      merge: (persisted, current) => ({ ...current, bom: (persisted as { bom?: unknown } | undefined)?.bom === true }),
    },
  ),
);
