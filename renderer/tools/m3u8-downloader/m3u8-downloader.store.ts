import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isOneOf } from '@/lib/field-checks';
import { persistedSettings } from '@/lib/persisted-settings';
import { isNumber } from '@/lib/shape-checks';

export const DEFAULT_PARALLEL = 6;
export const MAX_PARALLEL = 16;
export const DEFAULT_PART_MB = 500;

export type OutputFormat = 'ts' | 'mp4';

interface State {
  parallel: number;
  format: OutputFormat;
  /** Part size where the browser cannot stream to a file. */
  partMb: number;
  setParallel: (parallel: number) => void;
  setFormat: (format: OutputFormat) => void;
  setPartMb: (partMb: number) => void;
}

export const useM3u8Settings = create<State>()(
  persist(
    (set) => ({
      parallel: DEFAULT_PARALLEL,
      format: 'ts',
      partMb: DEFAULT_PART_MB,
      setParallel: (parallel) => set({ parallel }),
      setFormat: (format) => set({ format }),
      setPartMb: (partMb) => set({ partMb }),
    }),
    persistedSettings({
      key: 'baibao:m3u8-downloader',
      pick: ({ parallel, format, partMb }) => ({ parallel, format, partMb }),
      fields: {
        parallel: isNumber({ min: 1, max: MAX_PARALLEL, integer: true }),
        format: isOneOf(['ts', 'mp4']),
        partMb: isNumber({ min: 1, max: 4096, integer: true }),
      },
    }),
  ),
);
