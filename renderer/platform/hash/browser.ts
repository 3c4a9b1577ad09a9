import type { HashCapability } from '@shared/contracts/hash';
import { hashInWorker } from './worker-pool';

/**
 * The website's hashing: hash-wasm (WebAssembly) in a small pool of Web Workers, streaming each
 * file in slices so multi-GB files never sit in memory and the UI thread never waits.
 *
 * WebCrypto is not used: it cannot stream (a file would have to be read whole), it has no MD5,
 * CRC32 or SM3, and `npm run bench` measures its one-shot advantage on small inputs as too small
 * to be worth a second code path (see bench/README.md).
 */
export const browserHash: HashCapability = {
  engine: 'browser',
  hashFile: hashInWorker,
};
