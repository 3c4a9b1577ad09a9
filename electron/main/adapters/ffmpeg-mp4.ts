import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { access, constants, rm, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/**
 * MP4 for /m3u8/downloader on the desktop: the page streams the downloaded MPEG-TS in order into
 * ffmpeg's stdin and ffmpeg copies the streams into an MP4 (no re-encoding). The output is a file,
 * so `+faststart` (which rewrites the file to move the index to the front) can seek in it.
 */

export interface FfmpegInfo {
  path: string;
  version: string;
}

/** What ffmpeg said last, for the message when it fails; its progress lines are not kept. */
const STDERR_TAIL = 2000;
const VERSION_TIMEOUT_MS = 10_000;

async function executable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** `FFMPEG_PATH` when set (and only it: a wrong setting is not silently replaced), else `ffmpeg` on PATH. */
async function locate(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (env.FFMPEG_PATH) return (await executable(env.FFMPEG_PATH)) ? env.FFMPEG_PATH : undefined;
  const names = process.platform === 'win32' ? ['ffmpeg.exe'] : ['ffmpeg'];
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of names) {
      const candidate = join(dir, name);
      if (await executable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The ffmpeg to use and its version (`ffmpeg -version`'s first line), or undefined when there is none that runs. */
export async function findFfmpeg(env: NodeJS.ProcessEnv = process.env): Promise<FfmpegInfo | undefined> {
  const path = await locate(env);
  if (!path) return undefined;
  return new Promise((resolve) => {
    execFile(path, ['-hide_banner', '-version'], { timeout: VERSION_TIMEOUT_MS }, (error, stdout) => {
      const version = /^ffmpeg version (\S+)/m.exec(String(stdout))?.[1];
      resolve(error || !version ? undefined : { path, version });
    });
  });
}

export interface Mp4Writer {
  /** Resolves once ffmpeg's stdin took the bytes (backpressure); rejects when ffmpeg has ended. */
  write(bytes: Uint8Array): Promise<void>;
  /** Ends the stream and waits for ffmpeg; rejects with its stderr tail when it failed (the file is removed then). */
  close(): Promise<{ path: string; bytes: number }>;
  /** Kills ffmpeg and removes the partial file. */
  abort(): Promise<void>;
}

export function startMp4(ffmpeg: string, output: string): Mp4Writer {
  const child = spawn(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'mpegts',
      '-i',
      'pipe:0',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'], windowsHide: true },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_TAIL);
  });
  // 'close' rather than 'exit': stderr is read to its end by then.
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code) => resolve(code));
    child.on('error', (error) => {
      stderr = (stderr + error.message).slice(-STDERR_TAIL);
      resolve(-1);
    });
  });
  // A write to a pipe ffmpeg has closed fails with EPIPE; the reason is in stderr, given by close().
  child.stdin.on('error', () => undefined);
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const failure = (code: number | null) =>
    new Error(`ffmpeg ${code === null ? 'was stopped' : `exited with ${code}`}: ${stderr.trim() || 'no message'}`);
  const remove = () => rm(output, { force: true });

  return {
    async write(bytes) {
      if (ended) throw failure(await exited);
      if (child.stdin.write(bytes)) return;
      const drained = once(child.stdin, 'drain').then(
        () => 'drain' as const,
        () => 'broken' as const,
      );
      const result = await Promise.race([drained, exited]);
      if (result !== 'drain') throw failure(await exited);
    },
    async close() {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) {
        await remove();
        throw failure(code);
      }
      return { path: output, bytes: (await stat(output)).size };
    },
    async abort() {
      if (!ended) child.kill('SIGKILL');
      await exited;
      await remove();
    },
  };
}
