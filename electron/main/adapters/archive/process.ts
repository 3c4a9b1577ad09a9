import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, posix, win32 } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ArchiveError } from '@shared/contracts/archive';
import { errnoOf } from './coded';
import type { WasmJob, WasmMessage } from './wasm-worker';

/** Where the engine lives: 7z-wasm's package folder and the worker script that runs it. */
export interface SevenZipEngine {
  modulePath: string;
  workerUrl: URL;
}

const compiled = new Map<string, Promise<WebAssembly.Module>>();

/** 7zz.wasm compiled once per engine folder; a failure is not cached (the next run tries again). */
function compiledWasm(modulePath: string): Promise<WebAssembly.Module> {
  let module = compiled.get(modulePath);
  if (!module) {
    module = readFile(join(modulePath, '7zz.wasm')).then((bytes) => WebAssembly.compile(bytes));
    module.catch(() => compiled.delete(modulePath));
    compiled.set(modulePath, module);
  }
  return module;
}

export interface RunOptions {
  /** stdout carries data (`-so`): each chunk goes here; throwing stops 7-Zip and rejects with that error. */
  onData?: (chunk: Buffer) => void;
  /** With `onData`: 7-Zip stops by itself once more than this many bytes came out. */
  stdoutLimit?: number;
  /** Fed by `-bsp1` percentages. */
  onProgress?: (fraction: number) => void;
  /** Keep all of stdout (listings); otherwise only the tail is kept, for error messages. */
  keepOutput?: boolean;
  signal?: AbortSignal;
}

export interface RunResult {
  exitCode: number | null;
  /** stdout (when text) then stderr, host paths as the caller gave them. */
  output: string;
}

const TAIL_CHARS = 64 * 1024;
/** A 1,000,000-entry listing is ~300 MB of text; beyond this the listing is refused rather than exhausting memory. */
const MAX_LISTING_CHARS = 256 * 1024 * 1024;
const PERCENT = /(?:^|[\s\b])(\d{1,3})%/g;
/** How long a cancelled 7-Zip gets to notice (its next read or write fails) before its worker is ended. */
const CANCEL_GRACE_MS = 2000;

/** The engine bundled with the app: 7z-wasm from node_modules (app.asar.unpacked when packaged), the worker beside this module. */
export function defaultEngine(): SevenZipEngine {
  const modulePath = dirname(createRequire(import.meta.url).resolve('7z-wasm')).replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
  // Under the tests this file is the TypeScript source and the worker its sibling .ts (Node strips
  // the types); in the desktop build both are bundled and the worker is its own chunk beside main's.
  const workerUrl = import.meta.url.endsWith('.ts')
    ? new URL('./wasm-worker.ts', import.meta.url)
    : new URL('./sevenzip-worker.js', import.meta.url);
  return { modulePath, workerUrl };
}

/**
 * Host paths as 7-Zip in the worker sees them: the disk is mounted at /host (POSIX), or each drive
 * at /host/<letter> (Windows; UNC paths are not mapped).
 */
export function toWasmPath(path: string, platform: NodeJS.Platform = process.platform): string {
  if (platform !== 'win32') return `/host${path}`;
  const { root } = win32.parse(path);
  const drive = root.slice(0, 1).toLowerCase();
  return `/host/${drive}/${path.slice(root.length).replace(/\\/g, '/')}`;
}

/** A run's arguments as the worker gets them, what it must mount, and its paths back to the host's. */
export interface WasmInvocation {
  args: string[];
  mounts: Record<string, string>;
  /** [path in the worker, host path], longest first. */
  paths: [string, string][];
}

/** Absolute host paths in 7-Zip's arguments (`path`, `-o<path>`, `@<list file>`) rewritten for the worker. */
export function wasmInvocation(args: readonly string[], platform: NodeJS.Platform = process.platform): WasmInvocation {
  const absolute = platform === 'win32' ? win32.isAbsolute : posix.isAbsolute;
  const mounts: Record<string, string> = platform === 'win32' ? {} : { '/host': '/' };
  const paths: [string, string][] = [];
  const rewritten = args.map((arg) => {
    const prefix = /^(-o|@)/.exec(arg)?.[1] ?? '';
    const host = arg.slice(prefix.length);
    if (!absolute(host)) return arg;
    const inWorker = toWasmPath(host, platform);
    paths.push([inWorker, host]);
    if (platform === 'win32') {
      const drive = inWorker.slice('/host/'.length, '/host/'.length + 1);
      mounts[`/host/${drive}`] = `${drive.toUpperCase()}:\\`;
    }
    return `${prefix}${inWorker}`;
  });
  paths.sort(([a], [b]) => b.length - a.length);
  return { args: rewritten, mounts, paths };
}

/**
 * 7-Zip's text with the worker's paths turned back into the host's. Only the paths this run was
 * given (and what lies under them) are rewritten: an entry named `docs/host/readme` stays as it is.
 */
export function hostText(text: string, paths: readonly [string, string][]): string {
  let result = text;
  for (const [inWorker, host] of paths) result = result.split(inWorker).join(host);
  return result;
}

class TextSink {
  private text = '';
  constructor(private readonly keepAll: boolean) {}

  add(chunk: string): void {
    this.text += chunk;
    if (!this.keepAll && this.text.length > TAIL_CHARS * 2) this.text = this.text.slice(-TAIL_CHARS);
    if (this.text.length > MAX_LISTING_CHARS) throw new ArchiveError('tooLarge', 'listing too long');
  }

  toString(): string {
    return this.text;
  }
}

function lastPercent(text: string): number | undefined {
  let last: number | undefined;
  for (const match of text.matchAll(PERCENT)) last = Number(match[1]);
  return last === undefined || last > 100 ? undefined : last / 100;
}

/**
 * Runs 7-Zip once, in a worker thread of its own. Cancelling sets the worker's cancel flag (7-Zip's
 * next file read or write fails, and it closes its files as it unwinds), ends the worker if 7-Zip
 * has not stopped after CANCEL_GRACE_MS (Node closes the files a terminated worker opened), and rejects with
 * ArchiveError('cancelled') once the worker has exited, so nobody cleans up under a running 7-Zip.
 */
export async function runSevenZip(engine: SevenZipEngine, args: string[], options: RunOptions = {}): Promise<RunResult> {
  let wasm: WebAssembly.Module;
  try {
    wasm = await compiledWasm(engine.modulePath);
  } catch (error) {
    throw new ArchiveError('unsupported', `7-Zip could not start (${errnoOf(error) ?? (error instanceof Error ? error.name : 'unknown')})`);
  }
  return runInWorker(engine, wasm, args, options);
}

function runInWorker(engine: SevenZipEngine, wasm: WebAssembly.Module, args: string[], options: RunOptions): Promise<RunResult> {
  const { onData, stdoutLimit, onProgress, keepOutput = false, signal } = options;
  return new Promise<RunResult>((resolve, reject) => {
    if (signal?.aborted) return reject(new ArchiveError('cancelled'));
    const invocation = wasmInvocation(args);
    const cancel = new SharedArrayBuffer(4);
    const job: WasmJob = { args: invocation.args, mounts: invocation.mounts, modulePath: engine.modulePath, wasm, cancel, stdoutLimit };
    let worker: Worker;
    try {
      worker = new Worker(engine.workerUrl, { workerData: job });
    } catch (error) {
      return reject(new ArchiveError('unsupported', `7-Zip could not start (${error instanceof Error ? error.message : String(error)})`));
    }
    const stdout = new TextSink(keepOutput);
    // Kept whole (within MAX_LISTING_CHARS): 7-Zip names every damaged file there, one line each, and
    // each must be named to be left out of an extraction.
    const stderr = new TextSink(true);
    const decoders = { 1: new TextDecoder(), 2: new TextDecoder() };
    let failure: unknown;
    let exitCode: number | null = null;
    let crashed: string | undefined;
    let ioError: string | undefined;
    let graceTimer: NodeJS.Timeout | undefined;

    const stop = (reason: unknown) => {
      if (failure !== undefined) return;
      failure = reason;
      Atomics.store(new Int32Array(cancel), 0, 1);
      graceTimer = setTimeout(() => void worker.terminate(), CANCEL_GRACE_MS);
    };
    const onAbort = () => stop(new ArchiveError('cancelled'));
    signal?.addEventListener('abort', onAbort, { once: true });

    const guarded = (work: () => void) => {
      try {
        work();
      } catch (error) {
        stop(error);
      }
    };

    worker.on('message', (message: WasmMessage) => {
      if (message.type === 'exit') {
        exitCode = message.code;
        crashed = message.crashed;
        ioError = message.ioError;
        return;
      }
      if (failure !== undefined) return;
      guarded(() => {
        if (message.fd === 1 && onData)
          return onData(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
        const text = decoders[message.fd].decode(message.bytes, { stream: true });
        (message.fd === 1 ? stdout : stderr).add(text);
        const fraction = onProgress ? lastPercent(text) : undefined;
        if (fraction !== undefined) onProgress?.(fraction);
      });
    });
    worker.on('error', (error) => {
      // The worker itself failed (the engine could not load): unsupported, so the page falls back to its wasm engine.
      failure ??= new ArchiveError('unsupported', `7-Zip could not start (${error.message})`);
    });
    worker.on('exit', () => {
      clearTimeout(graceTimer);
      signal?.removeEventListener('abort', onAbort);
      if (failure !== undefined) return reject(failure);
      // Why the disk refused a write, which 7-Zip itself does not say (see wasm-worker.ts).
      const tail =
        (crashed === undefined ? '' : `\nERROR: ${crashed}`) +
        (ioError !== undefined && exitCode !== 0 ? `\nERROR: system error ${ioError}` : '');
      // Paths are turned back at the end: a chunk may end in the middle of one.
      resolve({ exitCode, output: hostText(`${stdout.toString()}\n${stderr.toString()}${tail}`, invocation.paths) });
    });
  });
}
