import type { HashCapability } from '@shared/contracts/hash';
import { hashInWorker } from './worker-pool';

/**
 * The website's hashing: hash-wasm (WebAssembly) in a small pool of Web Workers, each reading its
 * file in slices while a worker of its own hashes them, so multi-GB files never sit in memory,
 * reading overlaps hashing, and the UI thread never waits.
 *
 * WebCrypto takes over SHA-1/256/512 only for files under 1 MB, where `npm run bench` measured it
 * several times faster; it cannot stream and has no MD5, CRC32 or SM3 (see hash-core.ts).
 */
export const browserHash: HashCapability = {
  engine: 'browser',
  hashFile: hashInWorker,
};
