// The in-browser half of `npm run bench`: runs inside Chromium, driven by bench/run.ts.
import SparkMD5 from 'spark-md5';
import { createMD5, createSHA256 } from 'hash-wasm';
import type { HashAlgorithm } from '@shared/contracts/hash';
import { browserHash } from '@/platform/hash/browser';
import { browserImage } from '@/platform/image/browser';
import type { BenchApi } from '../bench-api';

const MB = 1024 * 1024;

/** Pseudo-random bytes (xorshift32, one word at a time): incompressible, the same on every run, fast to make. */
function makeBytes(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const words = new Uint32Array(Math.ceil(size / 4));
  let x = seed;
  for (let i = 0; i < words.length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x;
  }
  return new Uint8Array(words.buffer, 0, size);
}

let big: Blob | undefined;
let photo: File | undefined;
const time = async <T>(work: () => Promise<T> | T): Promise<{ ms: number; result: T }> => {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
};

const api: BenchApi = {
  async prepare(sizeMb) {
    big = new Blob([makeBytes(sizeMb * MB, 0x9e3779b9)]);
  },
  async browser(algorithms: HashAlgorithm[]) {
    if (!big) throw new Error('prepare first');
    const file = new File([big], 'bench.bin');
    // Warm-up: spin up the worker and compile the WebAssembly before timing.
    await browserHash.hashFile(new File([new Uint8Array(16)], 'warm'), { algorithms });
    const { ms, result } = await time(() => browserHash.hashFile(file, { algorithms }));
    return { ms, digests: result };
  },
  async wasmInMemory() {
    if (!big) throw new Error('prepare first');
    const bytes = new Uint8Array(await big.arrayBuffer());
    const hasher = await createMD5();
    const { ms } = await time(() => hasher.init().update(bytes).digest('hex'));
    return { ms };
  },
  async readOnly() {
    if (!big) throw new Error('prepare first');
    const slice = Math.ceil(big.size / 100);
    const { ms } = await time(async () => {
      for (let start = 0; start < big!.size; start += slice) await big!.slice(start, start + slice).arrayBuffer();
    });
    return { ms };
  },
  async spark() {
    if (!big) throw new Error('prepare first');
    // spark-md5 the way it is usually used: chunks of a File appended one by one.
    const chunk = 2 * MB;
    const { ms, result } = await time(async () => {
      const spark = new SparkMD5.ArrayBuffer();
      for (let start = 0; start < big!.size; start += chunk) spark.append(await big!.slice(start, start + chunk).arrayBuffer());
      return spark.end();
    });
    return { ms, hex: result };
  },
  async oneShot(count, sizeKb) {
    const inputs = Array.from({ length: count }, (_, i) => makeBytes(sizeKb * 1024, i + 1));
    const hasher = await createSHA256();
    const wasm = await time(() => {
      for (const input of inputs) hasher.init().update(input).digest('hex');
    });
    const subtle = await time(async () => {
      for (const input of inputs) await crypto.subtle.digest('SHA-256', input);
    });
    return { wasmMs: wasm.ms, subtleMs: subtle.ms };
  },
  async wholeFileSubtle() {
    if (!big) throw new Error('prepare first');
    // What WebCrypto would need: the whole file in memory, then one digest call.
    const { ms } = await time(async () => crypto.subtle.digest('SHA-256', await big!.arrayBuffer()));
    return { ms };
  },
  async loadPhoto(url) {
    photo = new File([await (await fetch(url)).blob()], 'bench-photo.jpg', { type: 'image/jpeg' });
  },
  async image(job) {
    if (!photo) throw new Error('loadPhoto first');
    const { ms, result } = await time(() => browserImage.process(photo!, job));
    return { ms, size: result.bytes.length, width: result.width, height: result.height };
  },
};

Object.assign(window, { bench: api });
document.title = 'ready';
