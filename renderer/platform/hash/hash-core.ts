import { createCRC32, createMD5, createSHA1, createSHA256, createSHA512, createSM3 } from 'hash-wasm';
import type { IHasher } from 'hash-wasm';
import { HashCancelledError } from '@shared/contracts/hash';
import type { HashAlgorithm, HashDigests, HashProgress, ReadableFile } from '@shared/contracts/hash';
import { readSteps, SLICE_THRESHOLD_BYTES, sliceRanges } from '@shared/hash/slice-plan';

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

/** The hashers of one file, fed piece by piece on whichever thread holds them. */
export interface RunningHashers {
  update(bytes: Uint8Array): void;
  digest(): HashDigests;
}

export async function startHashers(algorithms: readonly HashAlgorithm[]): Promise<RunningHashers> {
  const hashers = await Promise.all(algorithms.map(async (algorithm) => [algorithm, (await hasher(algorithm)).init()] as const));
  return {
    update(bytes) {
      for (const [, h] of hashers) h.update(bytes);
    },
    digest() {
      const digests: HashDigests = {};
      for (const [algorithm, h] of hashers) digests[algorithm] = h.digest('hex');
      return digests;
    },
  };
}

/**
 * Hashers on another thread. Reading a blob needs the reading thread to be free to take in the
 * blob pipe's data: on the thread that also hashes, the two take turns (`npm run bench`: read
 * 476 ms + hash 542 ms ≈ 954 ms for 200 MB). With the hashing moved to a sink, they overlap.
 */
export interface DigestSink {
  start(algorithms: readonly HashAlgorithm[]): Promise<void>;
  /** Hashes the next piece of the file; the buffer may be transferred (detached) by the call. */
  update(piece: ArrayBuffer): Promise<void>;
  digest(): Promise<HashDigests>;
}

/** Bytes per read when piping (see readSteps): big enough that the per-read cost is small, small enough to keep memory flat. */
export const READ_BYTES = 8 * 1024 * 1024;
/** Slices smaller than this are handed to the sink (and reported as progress) several at a time. */
export const MIN_PART_BYTES = 1024 * 1024;
/**
 * Feeds one slice to every hasher and returns its length. Where the slice can stream (Blob and
 * File in browsers and Node), its chunks are hashed as they arrive, so a read in progress is not
 * left waiting for a whole slice to be hashed.
 */
async function hashSlice(part: SlicePart, hashers: RunningHashers): Promise<number> {
  if (!part.stream) {
    const bytes = new Uint8Array(await part.arrayBuffer());
    hashers.update(bytes);
    return bytes.byteLength;
  }
  let length = 0;
  const reader = part.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return length;
    hashers.update(value);
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
  /** Polled between slices (between pieces with a sink), so a cancel takes effect within a fraction of a second. */
  isCancelled?: () => boolean;
  /** Hashers on another thread for files of 1 MB or more; without one, reading and hashing share this thread. */
  sink?: DigestSink;
  /** Bytes per read when piping to a sink (default READ_BYTES). */
  readBytes?: number;
  /** Smallest handoff to the sink but for a read's last (default MIN_PART_BYTES); progress is reported per handoff. */
  minPartBytes?: number;
}

/**
 * Hashes `file` once with every requested algorithm, reporting progress per slice of the spec's
 * plan (one slice under 1 MB, 100 above, at most 64 MB each). With a sink (the app's workers) this
 * thread only reads and the sink hashes; without one, each slice streams through hashers here.
 * Runs wherever hash-wasm runs: Web Workers in the app, Node in the tests.
 */
export async function hashSource(file: Pick<ReadableFile, 'size' | 'slice'>, options: HashSourceOptions): Promise<HashDigests> {
  const algorithms = [...new Set(options.algorithms)];
  if (algorithms.length === 0) throw new RangeError('no hash algorithm selected');
  if (file.size < SLICE_THRESHOLD_BYTES) {
    options.onProgress?.({ loaded: 0, total: file.size });
    const bytes = new Uint8Array(file.size === 0 ? new ArrayBuffer(0) : await file.slice(0, file.size).arrayBuffer());
    if (options.isCancelled?.()) throw new HashCancelledError();
    if (bytes.byteLength !== file.size)
      throw new DOMException(`file changed while reading (${bytes.byteLength} of ${file.size} bytes)`, 'NotReadableError');
    const digests = await hashWhole(bytes, algorithms);
    options.onProgress?.({ loaded: file.size, total: file.size });
    return digests;
  }
  return options.sink ? pipeSlices(file, algorithms, options.sink, options) : streamSlices(file, algorithms, options);
}

function assertWholeFileRead(read: number, total: number): void {
  // A file that shrank or grew while being read would give a digest of neither version.
  if (read !== total) throw new DOMException(`file changed while reading (${read} of ${total} bytes)`, 'NotReadableError');
}

async function streamSlices(
  file: Pick<ReadableFile, 'size' | 'slice'>,
  algorithms: readonly HashAlgorithm[],
  options: HashSourceOptions,
): Promise<HashDigests> {
  const hashers = await startHashers(algorithms);
  const total = file.size;
  let loaded = 0;
  options.onProgress?.({ loaded, total });
  for (const [start, end] of sliceRanges(total)) {
    if (options.isCancelled?.()) throw new HashCancelledError();
    loaded += await hashSlice(file.slice(start, end), hashers);
    options.onProgress?.({ loaded, total });
  }
  assertWholeFileRead(loaded, total);
  return hashers.digest();
}

/** Reads on this thread while the sink hashes earlier parts; progress follows what the sink has hashed. */
async function pipeSlices(
  file: Pick<ReadableFile, 'size' | 'slice'>,
  algorithms: readonly HashAlgorithm[],
  sink: DigestSink,
  options: HashSourceOptions,
): Promise<HashDigests> {
  const total = file.size;
  await sink.start(algorithms);
  options.onProgress?.({ loaded: 0, total });
  const readBytes = options.readBytes ?? READ_BYTES;
  const minPartBytes = options.minPartBytes ?? MIN_PART_BYTES;
  // Bytes handed to the sink and not yet hashed: two reads ahead keep it busy while the next one is read.
  const maxAheadBytes = 2 * readBytes;
  const ahead: { hashed: Promise<void>; bytes: number }[] = [];
  let aheadBytes = 0;
  // After a cancel or a failure, parts still in the sink must not report progress for this job.
  let abandoned = false;
  try {
    for (const step of readSteps(total, readBytes)) {
      if (options.isCancelled?.()) throw new HashCancelledError();
      const bytes = await file.slice(step.start, step.end).arrayBuffer();
      assertWholeFileRead(step.start + bytes.byteLength, step.end);
      // Slices go to the sink together until they make at least `minPartBytes`: a 2 MB file's 100
      // slices of 20 KB would otherwise cost 100 messages and 100 progress calls for 30 ms of hashing.
      let partStart = step.start;
      for (const [index, part] of step.parts.entries()) {
        if (part.end - partStart < minPartBytes && index < step.parts.length - 1) continue;
        // Each part goes as a copy, never as (a view of) the buffer the read returned: for a Blob made
        // in memory (a pasted image, a generated file) Chromium 156 shares that memory with the Blob,
        // and transferring it to another thread leaves the Blob unreadable (NotReadableError) for good.
        const copy = bytes.slice(partStart - step.start, part.end - step.start);
        const length = part.end - partStart;
        partStart = part.end;
        const hashed = sink.update(copy).then(() => {
          if (part.endsSlice && !abandoned) options.onProgress?.({ loaded: part.end, total });
        });
        // Awaited below in order; until then a failure must not surface as an unhandled rejection.
        hashed.catch(() => undefined);
        ahead.push({ hashed, bytes: length });
        aheadBytes += length;
        while (aheadBytes > maxAheadBytes) {
          const oldest = ahead.shift()!;
          await oldest.hashed;
          aheadBytes -= oldest.bytes;
        }
      }
    }
    for (const { hashed } of ahead) await hashed;
  } catch (error) {
    abandoned = true;
    throw error;
  }
  return sink.digest();
}
