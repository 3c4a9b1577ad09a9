import { downloadBlob } from '@/components/download';
import { digestInWorker } from './digest-client';
import { buildManifest, manifestName, partName, partRanges, serializeManifest } from './file-cutmerge.service';
import type { PartPlan } from './file-cutmerge.service';
import { downloadEach, removeFiles, writeBlob, writeToDirectory } from './file-output';
import type { OutputEntry } from './file-output';
import type { PartDigests } from './part-digest';

/** Live counters a job bumps and the page samples on a timer, so progress costs no render per chunk. */
export interface JobCounters {
  hashed: number;
  written: number;
  started: number;
}

export const newCounters = (): JobCounters => ({ hashed: 0, written: 0, started: 0 });

/**
 * Runs the digest and the save side by side (both stream from disk); if one fails, the other stops
 * too, and is waited for: a save still creating its next part when the digest's cancel arrives
 * would otherwise add that file after the caller's clean-up has run.
 */
export async function together<A, B>(controller: AbortController, a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  try {
    return await Promise.all([a, b]);
  } catch (error) {
    controller.abort();
    await Promise.allSettled([a, b]);
    throw error;
  }
}

function linked(signal: AbortSignal): AbortController {
  const controller = new AbortController();
  if (signal.aborted) controller.abort();
  else signal.addEventListener('abort', () => controller.abort(), { once: true });
  return controller;
}

export type SplitTarget = { kind: 'folder'; directory: FileSystemDirectoryHandle } | { kind: 'download' };

export interface SplitOutcome {
  readonly parts: OutputEntry[];
  readonly manifest: OutputEntry | null;
  readonly md5: string | null;
}

/** Zero-copy part Blobs: `File.slice` only points into the file on disk. */
export function splitEntries(file: File, plan: PartPlan): OutputEntry[] {
  return partRanges(plan).map(([start, end], index) => ({
    name: partName(file.name, index + 1, plan.count),
    blob: file.slice(start, end),
  }));
}

/**
 * Saves the parts and, when asked, digests them in the same pass over the disk and then saves the
 * manifest. In a folder, a failed or cancelled run removes the files it created.
 */
export async function runSplit(
  file: File,
  plan: PartPlan,
  withChecksum: boolean,
  target: SplitTarget,
  counters: JobCounters,
  signal: AbortSignal,
): Promise<SplitOutcome> {
  const controller = linked(signal);
  const parts = splitEntries(file, plan);
  const created: string[] = [];
  const digesting = withChecksum
    ? digestInWorker(
        parts.map((part) => part.blob),
        (progress) => (counters.hashed = progress.loaded),
        controller.signal,
      )
    : Promise.resolve(null);
  const saving =
    target.kind === 'folder'
      ? writeToDirectory(
          target.directory,
          parts,
          (bytes) => (counters.written += bytes),
          (name) => created.push(name),
          controller.signal,
        )
      : downloadEach(parts, (count) => (counters.started = count), controller.signal);
  try {
    const [digests] = await together(controller, digesting, saving);
    if (!digests) return { parts, manifest: null, md5: null };
    const manifest = manifestEntry(file, parts, digests);
    if (target.kind === 'folder')
      await writeToDirectory(
        target.directory,
        [manifest],
        () => undefined,
        (name) => created.push(name),
        controller.signal,
      );
    else downloadBlob(manifest.blob, manifest.name);
    return { parts, manifest, md5: digests.md5 };
  } catch (error) {
    if (target.kind === 'folder') await removeFiles(target.directory, created);
    throw error;
  }
}

function manifestEntry(file: File, parts: readonly OutputEntry[], digests: PartDigests): OutputEntry {
  const manifest = buildManifest({
    name: file.name,
    size: file.size,
    md5: digests.md5,
    parts: parts.map((part, index) => ({ name: part.name, size: part.blob.size, crc32: digests.crc32[index] ?? '' })),
    createdAt: new Date(),
  });
  return { name: manifestName(file.name), blob: new Blob([serializeManifest(manifest)], { type: 'application/json' }) };
}

export type MergeTarget = { kind: 'file'; handle: FileSystemFileHandle } | { kind: 'download' };

/**
 * The merged file is `new Blob(parts)`: a list of references to the part files, so saving it (a
 * stream into the chosen file, or a download the browser reads from disk) never builds a copy in
 * the page. The parts are digested in order at the same time, for the verification.
 */
export async function runMerge(
  parts: readonly File[],
  outputName: string,
  target: MergeTarget,
  counters: JobCounters,
  signal: AbortSignal,
): Promise<PartDigests> {
  const controller = linked(signal);
  const merged = new Blob(parts as File[], { type: 'application/octet-stream' });
  const digesting = digestInWorker(parts, (progress) => (counters.hashed = progress.loaded), controller.signal);
  let saving: Promise<void>;
  if (target.kind === 'file') saving = writeBlob(target.handle, merged, (bytes) => (counters.written += bytes), controller.signal);
  else {
    downloadBlob(merged, outputName);
    counters.started = 1;
    saving = Promise.resolve();
  }
  const [digests] = await together(controller, digesting, saving);
  return digests;
}
