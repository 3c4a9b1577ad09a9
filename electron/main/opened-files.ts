import { readFile, stat } from 'node:fs/promises';
import { basename, isAbsolute, resolve } from 'node:path';
import { routeOfPath } from '@shared/contracts/opened-files';
import type { OpenedFile, OpenedFileRoute } from '@shared/contracts/opened-files';

/** Largest file main reads for the page in one answer; the tools' own limits are below it. */
export const OPENED_FILE_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * The files a command line names that the app is registered for (Windows and Linux pass opened
 * files as arguments, on the first start and, through 'second-instance', on later ones). Flags,
 * the executable and the app's own script are skipped because only associated extensions count.
 */
export function openedPathsFromArgv(argv: readonly string[], workingDirectory: string): string[] {
  return argv
    .slice(1)
    .filter((argument) => !argument.startsWith('-') && routeOfPath(argument) !== undefined)
    .map((argument) => (isAbsolute(argument) ? argument : resolve(workingDirectory, argument)));
}

/**
 * Files the system opened with the app, kept per tool route until the page of that tool takes them.
 * They can arrive before any window exists (macOS sends 'open-file' before 'ready'), so they wait
 * here; the page asks for them when it mounts and whenever main says more arrived.
 */
export class OpenedFiles {
  private readonly waiting: { path: string; route: OpenedFileRoute }[] = [];

  /** Queues the paths the app is registered for; returns the route of the last one (where the window should go). */
  add(paths: readonly string[]): OpenedFileRoute | undefined {
    let last: OpenedFileRoute | undefined;
    for (const path of paths) {
      const route = routeOfPath(path);
      if (!route) continue;
      this.waiting.push({ path, route });
      last = route;
    }
    return last;
  }

  /** The route of the file that waits longest, if any. */
  get next(): OpenedFileRoute | undefined {
    return this.waiting[0]?.route;
  }

  /** Hands over, once, the paths waiting for `route`. */
  take(route: OpenedFileRoute): string[] {
    const taken: string[] = [];
    for (let index = this.waiting.length - 1; index >= 0; index -= 1) {
      if (this.waiting[index]!.route !== route) continue;
      taken.unshift(this.waiting[index]!.path);
      this.waiting.splice(index, 1);
    }
    return taken;
  }
}

/** Reads the files for the page; a file that vanished, is a folder or is too large is left out with a warning. */
export async function readOpenedFiles(paths: readonly string[], warn: (message: string) => void): Promise<OpenedFile[]> {
  const files: OpenedFile[] = [];
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (!info.isFile()) throw new Error('not a file');
      if (info.size > OPENED_FILE_MAX_BYTES) throw new Error(`larger than ${OPENED_FILE_MAX_BYTES} bytes`);
      const bytes = await readFile(path);
      files.push({ name: basename(path), bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    } catch (error) {
      warn(`cannot open ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return files;
}

/** Where the window goes for `route`, keeping the language of the page it shows (`/en/...` stays English). */
export function routeUrl(origin: string, currentUrl: string, route: OpenedFileRoute): string {
  const english = URL.canParse(currentUrl) && /^\/en(\/|$)/.test(new URL(currentUrl).pathname);
  return `${origin}${english ? '/en' : ''}${route}`;
}

/** Whether the window already shows `route` (then the page takes the files itself when told). */
export function showsRoute(currentUrl: string, route: OpenedFileRoute): boolean {
  if (!URL.canParse(currentUrl)) return false;
  const path = new URL(currentUrl).pathname.replace(/^\/en(?=\/|$)/, '').replace(/\/$/, '');
  return path === route;
}
