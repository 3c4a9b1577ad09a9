import { expose } from 'comlink';
import { HEAD_BYTES, identify } from '@shared/file-type/identify';
import type { Identification } from '@shared/file-type/identify';
import { cachedBlob } from './cached-blob';

export type IdentifyOutcome = { ok: true; result: Identification } | { ok: false; reason: 'unreadable' | 'unknown'; message: string };

/** Read failures of a File (moved, deleted, permission lost) surface as these DOMException names. */
const UNREADABLE = new Set(['NotReadableError', 'NotFoundError', 'SecurityError', 'NotAllowedError']);

const api = {
  /** Identifies one file, reading only the slices the detectors ask for. Never throws: failures come back as outcomes. */
  async identify(file: File): Promise<IdentifyOutcome> {
    try {
      return { ok: true, result: await identify(cachedBlob(file, HEAD_BYTES), file.name) };
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      return {
        ok: false,
        reason: UNREADABLE.has(name) ? 'unreadable' : 'unknown',
        message: error instanceof Error ? error.message : String(error),
      };
    }
  },
};

export type IdentifyWorkerApi = typeof api;

expose(api);
