import { WorkerCrashed } from '@/lib/worker-client';
import { HandwritingError } from './engine-port';
import type { HandwritingErrorCode } from './engine-port';

export type EngineErrorKey = HandwritingErrorCode | 'crashed';

export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/** The key under hand-write:fontErrors for an engine failure: the engine's own code, else "crashed". */
export function engineErrorKey(error: unknown): EngineErrorKey {
  if (error instanceof HandwritingError) return error.code;
  if (error instanceof WorkerCrashed) return 'crashed';
  return 'crashed';
}
