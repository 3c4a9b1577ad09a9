import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { Readable, Writable } from 'node:stream';
import { ArchiveError } from '@shared/contracts/archive';

export interface RunOptions {
  /** A string (password lines: never on the command line, where the process list shows it) or a stream (tar data from another 7-Zip). Stdin is closed after either, so a prompt nobody answers reads an empty password instead of hanging. */
  input?: string | Readable;
  /** stdout carries data (`-so`): each chunk goes here; throwing stops 7-Zip and rejects with that error. */
  onData?: (chunk: Buffer) => void;
  /** stdout carries data for another process. */
  pipeTo?: Writable;
  /** Each piece of text 7-Zip prints (stdout when it is not data, and stderr); throwing stops 7-Zip and rejects with that error. */
  onText?: (text: string) => void;
  /** Fed by `-bsp1`/`-bsp2` percentages on whichever stream is text. */
  onProgress?: (fraction: number) => void;
  /** Keep all of stdout (listings); otherwise only the tail is kept, for error messages. */
  keepOutput?: boolean;
  signal?: AbortSignal;
}

export interface RunResult {
  exitCode: number | null;
  /** stdout (when text) then stderr. */
  output: string;
}

const TAIL_CHARS = 64 * 1024;
/** A 1,000,000-entry listing is ~300 MB of text; beyond this the listing is refused rather than exhausting memory. */
const MAX_LISTING_CHARS = 256 * 1024 * 1024;
const PERCENT = /(?:^|[\s\b])(\d{1,3})%/g;

/**
 * p7zip converts names with the locale's charset; an app started from a desktop launcher often
 * has no LANG at all, which turns every non-ASCII name into `?`.
 */
function environment(): NodeJS.ProcessEnv {
  if (process.platform === 'win32') return process.env;
  return { ...process.env, LC_ALL: process.platform === 'darwin' ? 'en_US.UTF-8' : 'C.UTF-8' };
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

/** Runs 7-Zip once. Cancelling kills it and rejects with ArchiveError('cancelled') after it has exited, so its files are closed before anyone cleans up. */
export function runSevenZip(binary: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const { input, onData, onText, pipeTo, onProgress, keepOutput = false, signal } = options;
  return new Promise<RunResult>((resolve, reject) => {
    if (signal?.aborted) return reject(new ArchiveError('cancelled'));
    const child = spawn(binary, args, { env: environment(), stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    const stdout = new TextSink(keepOutput);
    const stderr = new TextSink(false);
    let failure: unknown;

    const stop = (reason: unknown) => {
      failure ??= reason;
      child.kill('SIGKILL');
      // 'close' waits for stdout's end, which a paused stream never reads: a producer whose
      // consumer has gone (a full pipe, nobody reading) would keep this promise pending forever.
      if (pipeTo) child.stdout.unpipe(pipeTo).resume();
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
    const progress = (text: string) => {
      const fraction = onProgress ? lastPercent(text) : undefined;
      if (fraction !== undefined) onProgress?.(fraction);
    };

    // 7-Zip may exit without reading stdin (an unencrypted archive never asks for the password).
    child.stdin.on('error', () => undefined);
    if (typeof input === 'string') child.stdin.end(input);
    else if (input) input.on('error', () => child.stdin.destroy()).pipe(child.stdin);
    else child.stdin.end();

    if (pipeTo) {
      pipeTo.on('error', () => child.stdout.destroy());
      child.stdout.pipe(pipeTo);
    } else {
      child.stdout.on('data', (chunk: Buffer) =>
        guarded(() => {
          if (onData) return onData(chunk);
          const text = chunk.toString('utf8');
          stdout.add(text);
          progress(text);
          onText?.(text);
        }),
      );
    }
    child.stderr.on('data', (chunk: Buffer) =>
      guarded(() => {
        const text = chunk.toString('utf8');
        stderr.add(text);
        progress(text);
        onText?.(text);
      }),
    );

    child.on('error', (error: NodeJS.ErrnoException) => {
      // A binary that never started emits no 'close' of its own. Unsupported, so the page falls
      // back to its wasm engine; Node's message would name the binary's path.
      if (child.pid === undefined) reject(new ArchiveError('unsupported', `7-Zip could not start (${error.code ?? 'unknown'})`));
      else stop(error);
    });
    child.on('close', (exitCode) => {
      signal?.removeEventListener('abort', onAbort);
      if (failure !== undefined) return reject(failure);
      resolve({ exitCode, output: `${stdout.toString()}\n${stderr.toString()}` });
    });
  });
}

export interface PipeOptions {
  signal?: AbortSignal;
  /** Progress of the producer (its `-bsp2` on stderr: its stdout is the data). */
  onProgress?: (fraction: number) => void;
  consumer?: Omit<RunOptions, 'input' | 'signal'>;
}

export interface PipeResult {
  producer: RunResult | undefined;
  consumer: RunResult;
}

/**
 * `7za <producer> -so | 7za <consumer> -si`: how a tar inside gz/bz2/xz is read and tar.gz is
 * written, since 7za 16.02 handles one container per run. When the consumer ends, the producer is
 * stopped (it would block on a full pipe otherwise); its result is then undefined.
 */
export async function pipeSevenZip(binary: string, producerArgs: string[], consumerArgs: string[], options: PipeOptions = {}): Promise<PipeResult> {
  const { signal, onProgress, consumer: consumerOptions } = options;
  const link = new PassThrough();
  const consumerEnded = new AbortController();
  const producer = runSevenZip(binary, producerArgs, {
    pipeTo: link,
    onProgress,
    signal: signal ? AbortSignal.any([signal, consumerEnded.signal]) : consumerEnded.signal,
  });
  const consumer = runSevenZip(binary, consumerArgs, { ...consumerOptions, input: link, signal }).finally(() => consumerEnded.abort());
  const [producerResult, consumerResult] = await Promise.allSettled([producer, consumer]);
  if (signal?.aborted) throw new ArchiveError('cancelled');
  if (consumerResult.status === 'rejected') throw consumerResult.reason;
  return { producer: producerResult.status === 'fulfilled' ? producerResult.value : undefined, consumer: consumerResult.value };
}
