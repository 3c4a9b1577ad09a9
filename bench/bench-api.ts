import type { HashAlgorithm, HashDigests } from '@shared/contracts/hash';
import type { ImageJobInput } from '@shared/contracts/image';

/** What bench/page exposes as `window.bench` for bench/run.ts to call. */
export interface BenchApi {
  prepare(sizeMb: number): Promise<void>;
  browser(algorithms: HashAlgorithm[]): Promise<{ ms: number; digests: HashDigests }>;
  wasmInMemory(): Promise<{ ms: number }>;
  readOnly(): Promise<{ ms: number }>;
  spark(): Promise<{ ms: number; hex: string }>;
  oneShot(count: number, sizeKb: number): Promise<{ wasmMs: number; subtleMs: number }>;
  wholeFileSubtle(): Promise<{ ms: number }>;
  /** Fetches the bench photo from the bench server once and keeps it as a Blob, like a picked file. */
  loadPhoto(url: string): Promise<void>;
  /** One run of the website's image engine (worker pool) on the photo. */
  image(job: ImageJobInput): Promise<{ ms: number; size: number; width: number; height: number }>;
}
