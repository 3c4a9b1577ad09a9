import { createCRC32, createMD5, createSHA1, createSHA256, createSHA512, createSM3 } from 'hash-wasm';
import type { IHasher } from 'hash-wasm';
import { HashCancelledError } from '@shared/contracts/hash';
import type { HashAlgorithm, HashDigests, HashProgress, ReadableFile } from '@shared/contracts/hash';
import { SLICE_THRESHOLD_BYTES, sliceRanges } from '@shared/hash/slice-plan';

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

type SlicePart = { arrayBuffer(): Promise<ArrayBuffer>; stream?: () => ReadableStream<Uint8Array> };

/**
 * Feeds one slice to every hasher and returns its length. Where the slice can stream (Blob and
 * File in browsers and Node), its chunks are hashed as they arrive: the browser keeps filling the
 * stream's pipe on its IO thread meanwhile, so reading overlaps hashing (`npm run bench`). A whole
 * `arrayBuffer()` would make the two take turns.
 */
async function hashSlice(part: SlicePart, hashers: readonly IHasher[]): Promise<number> {
  if (!part.stream) {
    const bytes = new Uint8Array(await part.arrayBuffer());
    for (const h of hashers) h.update(bytes);
    return bytes.byteLength;
  }
  let length = 0;
  const reader = part.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return length;
    for (const h of hashers) h.update(value);
    length += value.byteLength;
  }
}

/** WebCrypto names of the algorithms it has; it lacks MD5, CRC32 and SM3. */
const SUBTLE_NAMES: Partial<Record<HashAlgorithm, string>> = { sha1: 'SHA-1', sha256: 'SHA-256', sha512: 'SHA-512' };

const toHex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Digests of a file small enough to be read in one piece (under 1 MB). For those WebCrypto's
 * one-shot SHA-1/SHA-256/SHA-512 is several times faster than WebAssembly (it uses the CPU's SHA
 * instructions; `npm run bench` measured 5–9× on 256 KB inputs), and reading whole is what the spec
 * plan does anyway. It cannot stream, so bigger files stay with hash-wasm. WebCrypto exists only in
 * secure contexts (HTTPS, localhost); elsewhere everything goes to hash-wasm.
 */
async function hashWhole(bytes: Uint8Array<ArrayBuffer>, algorithms: readonly HashAlgorithm[]): Promise<HashDigests> {
  const subtle = globalThis.crypto?.subtle;
  const entries = await Promise.all(
    algorithms.map(async (algorithm) => {
      const name = SUBTLE_NAMES[algorithm];
      const hex = subtle && name ? toHex(await subtle.digest(name, bytes)) : (await hasher(algorithm)).init().update(bytes).digest('hex');
      return [algorithm, hex] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export interface HashSourceOptions {
  algorithms: readonly HashAlgorithm[];
  onProgress?: (progress: HashProgress) => void;
  /** Polled between slices; a slice is at most 64 MB, so a cancel takes effect within a fraction of a second. */
  isCancelled?: () => boolean;
}

/**
 * Streams `file` once through every requested hasher, reading it in the slices of the spec's plan
 * (one slice under 1 MB, 100 above, at most 64 MB each); within a slice, chunks are hashed as
 * they stream in, so disk reads overlap with hashing. Runs wherever hash-wasm runs: a Web
 * Worker in the app, Node in the tests.
 */
export async function hashSource(file: Pick<ReadableFile, 'size' | 'slice'>, options: HashSourceOptions): Promise<HashDigests> {
  const algorithms = [...new Set(options.algorithms)];
  if (algorithms.length === 0) throw new RangeError('no hash algorithm selected');
  if (file.size < SLICE_THRESHOLD_BYTES) {
    options.onProgress?.({ loaded: 0, total: file.size });
    const bytes = new Uint8Array(file.size === 0 ? new ArrayBuffer(0) : await file.slice(0, file.size).arrayBuffer());
    if (options.isCancelled?.()) throw new HashCancelledError();
    if (bytes.byteLength !== file.size) throw new DOMException(`file changed while reading (${bytes.byteLength} of ${file.size} bytes)`, 'NotReadableError');
    const digests = await hashWhole(bytes, algorithms);
    options.onProgress?.({ loaded: file.size, total: file.size });
    return digests;
  }
  const hashers = await Promise.all(algorithms.map(async (algorithm) => [algorithm, (await hasher(algorithm)).init()] as const));
  const updaters = hashers.map(([, h]) => h);
  const total = file.size;
  let loaded = 0;
  options.onProgress?.({ loaded, total });
  for (const [start, end] of sliceRanges(total)) {
    if (options.isCancelled?.()) throw new HashCancelledError();
    loaded += await hashSlice(file.slice(start, end), updaters);
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
