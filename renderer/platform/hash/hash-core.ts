import { createCRC32, createMD5, createSHA1, createSHA256, createSHA512, createSM3 } from 'hash-wasm';
import type { IHasher } from 'hash-wasm';
import { HashCancelledError } from '@shared/contracts/hash';
import type { HashAlgorithm, HashDigests, HashProgress, ReadableFile } from '@shared/contracts/hash';
import { sliceRanges } from '@shared/hash/slice-plan';

const factories: Record<HashAlgorithm, () => Promise<IHasher>> = {
  md5: createMD5,
  sha1: createSHA1,
  sha256: createSHA256,
  sha512: createSHA512,
  crc32: () => createCRC32(),
  sm3: createSM3,
};

/**
 * Hasher instances are reused between files: creating one instantiates a WebAssembly module,
 * which costs far more than hashing a small file. `init()` resets the state, and the worker runs
 * one job at a time, so sharing is safe.
 */
const cache = new Map<HashAlgorithm, Promise<IHasher>>();
function hasher(algorithm: HashAlgorithm): Promise<IHasher> {
  let pending = cache.get(algorithm);
  if (!pending) {
    pending = factories[algorithm]();
    cache.set(algorithm, pending);
  }
  return pending;
}

export interface HashSourceOptions {
  algorithms: readonly HashAlgorithm[];
  onProgress?: (progress: HashProgress) => void;
  /** Polled between slices; a slice is at most 64 MB, so a cancel takes effect within a fraction of a second. */
  isCancelled?: () => boolean;
}

/**
 * Streams `file` once through every requested hasher, reading it in the slices of the spec's plan
 * (one slice under 1 MB, 100 above, at most 64 MB each). The next slice is requested before the
 * current one is hashed, so disk reads overlap with hashing. Runs wherever hash-wasm runs: a Web
 * Worker in the app, Node in the tests.
 */
export async function hashSource(file: Pick<ReadableFile, 'size' | 'slice'>, options: HashSourceOptions): Promise<HashDigests> {
  const algorithms = [...new Set(options.algorithms)];
  if (algorithms.length === 0) throw new RangeError('no hash algorithm selected');
  const hashers = await Promise.all(algorithms.map(async (algorithm) => [algorithm, (await hasher(algorithm)).init()] as const));
  const total = file.size;
  const ranges = sliceRanges(total);
  const read = () => {
    const next = ranges.next();
    return next.done ? undefined : file.slice(next.value[0], next.value[1]).arrayBuffer();
  };
  let pending = read();
  let loaded = 0;
  options.onProgress?.({ loaded, total });
  while (pending) {
    const buffer = await pending;
    if (options.isCancelled?.()) throw new HashCancelledError();
    pending = read();
    const bytes = new Uint8Array(buffer);
    for (const [, h] of hashers) h.update(bytes);
    loaded += bytes.byteLength;
    options.onProgress?.({ loaded, total });
  }
  if (loaded !== total) {
    // A file that shrank or grew while being read would give a digest of neither version.
    throw new DOMException(`file changed while reading (${loaded} of ${total} bytes)`, 'NotReadableError');
  }
  const digests: HashDigests = {};
  for (const [algorithm, h] of hashers) digests[algorithm] = h.digest('hex');
  return digests;
}
