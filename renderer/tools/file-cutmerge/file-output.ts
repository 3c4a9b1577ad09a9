import { downloadBlob } from '@/components/download';
import { canPickDirectory, canPickSaveFile, pickDirectory as pickFolder, pickSaveFile as pickSave } from '@/lib/file-system-access';

export { canPickDirectory, canPickSaveFile };

/**
 * Where parts and merged files go. With the File System Access API (Chromium, Edge, Electron's
 * Chromium) each Blob streams straight into a file the user chose; elsewhere each one is a normal
 * download from an object URL. Either way the bytes flow from the source files on disk to the
 * target without the page holding a copy: parts are `File.slice` views and a merged file is a
 * `Blob` made of the part Files, both only references.
 */

export interface OutputEntry {
  readonly name: string;
  readonly blob: Blob;
}

/** Must run inside the click handler: browsers open pickers only on a user gesture. `null` when the user closes it. */
export const pickDirectory = (): Promise<FileSystemDirectoryHandle | null> => pickFolder({ mode: 'readwrite', id: 'file-cutmerge' });

export const pickSaveFile = (suggestedName: string): Promise<FileSystemFileHandle | null> =>
  pickSave({ suggestedName, id: 'file-cutmerge' });

/** Names among `names` that already exist in `directory`, to ask before overwriting them. */
export async function existingNames(directory: FileSystemDirectoryHandle, names: readonly string[]): Promise<string[]> {
  const wanted = new Set(names);
  const found: string[] = [];
  for await (const name of directory.keys()) if (wanted.has(name)) found.push(name);
  return found;
}

function countingStream(onBytes: (bytes: number) => void) {
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      onBytes(chunk.byteLength);
      controller.enqueue(chunk);
    },
  });
}

/**
 * Streams a Blob into a file handle. On abort the writable is aborted too, which discards what was
 * written so far (Chromium writes to a swap file and only replaces the target on close).
 */
export async function writeBlob(
  handle: FileSystemFileHandle,
  blob: Blob,
  onBytes: (bytes: number) => void,
  signal: AbortSignal,
): Promise<void> {
  signal.throwIfAborted();
  const writable = await handle.createWritable();
  await blob.stream().pipeThrough(countingStream(onBytes)).pipeTo(writable, { signal });
}

/**
 * Writes the entries one after another into `directory`, reporting each file it creates through
 * `onCreated` so the caller can remove them again if the job stops part-way.
 */
export async function writeToDirectory(
  directory: FileSystemDirectoryHandle,
  entries: readonly OutputEntry[],
  onBytes: (bytes: number) => void,
  onCreated: (name: string) => void,
  signal: AbortSignal,
): Promise<void> {
  for (const entry of entries) {
    signal.throwIfAborted();
    const handle = await directory.getFileHandle(entry.name, { create: true });
    onCreated(entry.name);
    await writeBlob(handle, entry.blob, onBytes, signal);
  }
}

/**
 * Removes files a stopped job created. A file whose writable was just aborted can stay locked for a
 * moment (Chromium releases the lock asynchronously), so failed removals are retried briefly.
 */
export async function removeFiles(directory: FileSystemDirectoryHandle, names: readonly string[]): Promise<void> {
  let pending = [...names];
  for (let attempt = 0; attempt < 10 && pending.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const results = await Promise.allSettled(pending.map((name) => directory.removeEntry(name)));
    pending = pending.filter(
      (_, index) => results[index]?.status === 'rejected' && (results[index].reason as DOMException | undefined)?.name !== 'NotFoundError',
    );
  }
}

/**
 * Pause between two downloads. Chromium drops downloads that start in a burst from one page and
 * asks once whether the site may download several files; a short gap keeps every one of them.
 */
export const DOWNLOAD_GAP_MS = 120;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('cancelled', 'AbortError'));
      },
      { once: true },
    );
  });

/** Starts one download per entry, spaced out; `onStarted` gets how many have started. */
export async function downloadEach(
  entries: readonly OutputEntry[],
  onStarted: (count: number) => void,
  signal: AbortSignal,
): Promise<void> {
  for (const [position, entry] of entries.entries()) {
    signal.throwIfAborted();
    downloadBlob(entry.blob, entry.name);
    onStarted(position + 1);
    if (position < entries.length - 1) await pause(DOWNLOAD_GAP_MS, signal);
  }
}

/** Whether an error only means the user (or the page) cancelled. */
export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export type FailureKind = 'cancelled' | 'denied' | 'unreadable' | 'noSpace' | 'other';

/**
 * What a failed split or merge means for the person using it. A file deleted, moved, changed or
 * locked after it was picked fails its read as NotReadableError or NotFoundError, or, when it is
 * read as a stream (the checksum worker, a download), as Chromium's bare TypeError "network error",
 * which says nothing useful on its own.
 */
export function failureKind(error: unknown): FailureKind {
  if (isAbort(error)) return 'cancelled';
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'QuotaExceededError') return 'noSpace';
  if (name === 'NotReadableError' || name === 'NotFoundError') return 'unreadable';
  if (error instanceof Error && /^network error$/i.test(error.message)) return 'unreadable';
  return 'other';
}
