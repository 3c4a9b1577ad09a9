import type { HashAlgorithm, HashDigests } from '@shared/contracts/hash';

/** What bench/page exposes as `window.bench` for bench/run.ts to call. */
export interface BenchApi {
  prepare(sizeMb: number): Promise<void>;
  browser(algorithms: HashAlgorithm[]): Promise<{ ms: number; digests: HashDigests }>;
  wasmInMemory(): Promise<{ ms: number }>;
  readOnly(): Promise<{ ms: number }>;
  spark(): Promise<{ ms: number; hex: string }>;
  oneShot(count: number, sizeKb: number): Promise<{ wasmMs: number; subtleMs: number }>;
  wholeFileSubtle(): Promise<{ ms: number }>;
}
