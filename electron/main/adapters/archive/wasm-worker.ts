/**
 * One run of 7-Zip (7z-wasm: 7-Zip 24.09 compiled to WebAssembly) in a worker thread, so main's
 * event loop never waits on it and a bug in 7-Zip's C++ stays inside the wasm sandbox. The host
 * disk is mounted with Emscripten's NODEFS, so 7-Zip reads and writes real files in place (nothing
 * is copied into wasm memory). Started by ./process.ts, which this file must not import: it runs
 * as its own entry (plain Node under the tests, its own chunk in the desktop build).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { SevenZipModuleFactory } from '7z-wasm';

export interface WasmJob {
  /** 7-Zip's arguments, host paths already rewritten by `toWasmPath`. */
  args: string[];
  /** Host folders to mount: wasm mount point → host root ('/host' → '/' on POSIX, '/host/c' → 'C:\' on Windows). */
  mounts: Record<string, string>;
  /** 7z-wasm's package folder, where 7zz.umd.js is. */
  modulePath: string;
  /** 7zz.wasm, compiled once by main and shared with every worker (compiling takes longer than most runs). */
  wasm: WebAssembly.Module;
  /** Int32 flag (index 0) main sets to 1 to cancel: the next file read or write then fails. */
  cancel: SharedArrayBuffer;
  /** stdout is data (`-so`): stop 7-Zip once more than this many bytes came out. */
  stdoutLimit?: number;
}

export type WasmMessage =
  { type: 'out'; fd: 1 | 2; bytes: Uint8Array } | { type: 'exit'; code: number; crashed?: string; ioError?: string };

const job = workerData as WasmJob;
const port = parentPort!;
const cancelled = new Int32Array(job.cancel);

/**
 * Every read and write checks the cancel flag, so a cancel reaches 7-Zip as a failed I/O call,
 * from which it unwinds and closes its files itself.
 */
const CANCELLED = Object.assign(new Error('cancelled'), { code: 'ECANCELED' });
const { readSync, writeSync } = fs;

/**
 * 7-Zip 24 reports a failed write as an uncaught C++ exception, without saying why: the last
 * failure of the disk itself (full, read-only, no permission) is kept and told to main. Not
 * ENOENT, which Emscripten's lookups meet all the time.
 */
const TOLD = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO']);
let ioError: string | undefined;
function watched<F extends (...args: never[]) => unknown>(name: keyof typeof fs, call: F): void {
  (fs as unknown as Record<string, unknown>)[name] = (...args: Parameters<F>) => {
    try {
      return call(...args);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && TOLD.has(code)) ioError = code;
      throw error;
    }
  };
}
fs.readSync = ((...args: Parameters<typeof readSync>) => {
  if (Atomics.load(cancelled, 0)) throw CANCELLED;
  return readSync(...args);
}) as typeof readSync;
fs.writeSync = ((...args: unknown[]) => {
  if (Atomics.load(cancelled, 0)) throw CANCELLED;
  return (writeSync as (...all: unknown[]) => number)(...args);
}) as typeof writeSync;

for (const name of [
  'openSync',
  'writeSync',
  'mkdirSync',
  'symlinkSync',
  'renameSync',
  'ftruncateSync',
  'closeSync',
  'utimesSync',
  'chmodSync',
] as const) {
  watched(name, fs[name] as (...args: never[]) => unknown);
}

/** Output bytes, handed to main in pieces: every 64 KB, or at a line's end 50 ms after the last piece, so progress arrives live. */
class Outlet {
  private buffer = new Uint8Array(64 * 1024);
  private length = 0;
  private last = performance.now();
  total = 0;
  private readonly fd: 1 | 2;

  // No parameter properties: Node runs this file under the tests by stripping types only.
  constructor(fd: 1 | 2) {
    this.fd = fd;
  }

  put(byte: number): void {
    this.buffer[this.length++] = byte;
    this.total += 1;
    // Progress lines end in backspaces or carriage returns, not newlines.
    const lineEnd = byte === 0x0a || byte === 0x0d || byte === 0x08;
    if (this.length === this.buffer.length || (lineEnd && performance.now() - this.last > 50)) this.flush();
  }

  flush(): void {
    if (this.length === 0) return;
    port.postMessage({ type: 'out', fd: this.fd, bytes: this.buffer.slice(0, this.length) } satisfies WasmMessage);
    this.length = 0;
    this.last = performance.now();
  }
}

const LIMIT_REACHED = new Error('stdout limit reached');
const limitReached = () => job.stdoutLimit !== undefined && stdout.total > job.stdoutLimit;
const stdout = new Outlet(1);
const stderr = new Outlet(2);
let code: number;
let crashed: string | undefined;
try {
  const SevenZip = createRequire(`${job.modulePath}/`)('./7zz.umd.js') as SevenZipModuleFactory;
  const sevenZip = await SevenZip({
    stdout: (byte) => {
      stdout.put(byte);
      if (limitReached()) throw LIMIT_REACHED;
    },
    stderr: (byte) => stderr.put(byte),
    // Never prompt: passwords come as -p. 7-Zip reads an empty line if it asks anyway.
    stdin: () => null as unknown as number,
    instantiateWasm: (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance) => void) => {
      void WebAssembly.instantiate(job.wasm, imports).then(receive);
      return {};
    },
  } as Parameters<typeof SevenZip>[0]);
  for (const [mountPoint, hostRoot] of Object.entries(job.mounts)) {
    (sevenZip.FS as typeof sevenZip.FS & { mkdirTree(path: string): void }).mkdirTree(mountPoint);
    sevenZip.FS.mount(sevenZip.NODEFS, { root: hostRoot }, mountPoint);
  }
  code = (sevenZip.callMain(job.args) as unknown as number | undefined) ?? 0;
} catch (error) {
  if (error === LIMIT_REACHED) code = 0;
  else {
    // A C++ exception 7-Zip did not catch (it throws a pointer, a number) or a wasm trap: a fatal error, as exit code 2 would be.
    code = 2;
    crashed = error instanceof Error ? error.message : `uncaught exception ${String(error)}`;
  }
}
// The stop at the limit reaches 7-Zip as a failed write to stdout, which it reports as an I/O error:
// main asked for no more, so that is success.
if (limitReached()) code = 0;
stdout.flush();
stderr.flush();
port.postMessage({
  type: 'exit',
  code,
  ...(crashed === undefined ? {} : { crashed }),
  ...(ioError === undefined ? {} : { ioError }),
} satisfies WasmMessage);
