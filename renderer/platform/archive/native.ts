import { DESKTOP_LIMITS } from '@shared/archive/limits';
import { ArchiveError, archiveErrorCode } from '@shared/contracts/archive';
import type { ArchiveCreateSettings } from '@shared/contracts/archive';
import { ARCHIVE_READ_ENTRY_MAX } from '@shared/contracts/ipc';
import type { NativeApi } from '@shared/contracts/native';
import type { ArchiveCapability, ArchiveJobOptions, ArchiveSource, CancelSignal, OpenedArchive } from './types';

/**
 * Archives on the desktop: 7-Zip in the main process reads and writes from paths on disk, and
 * main asks the user where results go. The browser engine (`fallback`) takes what 7-Zip cannot:
 * files without a path (built in memory), source layouts that do not exist on disk as such,
 * formats 7za does not read (RAR: `unsupported`) and non-ASCII zip passwords (7za rejects them).
 */

/** Runs one main-process job: rejects at once on cancel and tells main to stop. */
function job<T>(call: (jobId: string) => Promise<T>, cancel: (jobId: string) => Promise<void>, signal?: CancelSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(new ArchiveError('cancelled'));
  const jobId = crypto.randomUUID();
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    signal?.addEventListener('abort', () => {
      if (settled) return;
      settled = true;
      reject(new ArchiveError('cancelled'));
      cancel(jobId).catch(() => undefined);
    });
    call(jobId).then(
      (value) => {
        if (settled) return;
        settled = true;
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        reject(error);
      },
    );
  });
}

const printableAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

function nativeCanCreate(native: NativeApi, sources: readonly ArchiveSource[], settings: ArchiveCreateSettings, partial: boolean): boolean {
  if (partial || sources.length === 0) return false;
  if (settings.format === 'zip' && settings.password && !printableAscii(settings.password)) return false;
  return native.archive.canCreate(sources.map(({ file, path }) => ({ file: file as File, path })));
}

export function createNativeArchive(native: NativeApi, fallback: ArchiveCapability): ArchiveCapability {
  const cancel = (jobId: string) => native.archive.cancel(jobId);
  return {
    engine: '7zip',
    createFormats: ['zip', '7z', 'tar', 'tar.gz'],
    limits: DESKTOP_LIMITS,
    async create(sources, settings, options = { baseName: 'archive' }) {
      if (!nativeCanCreate(native, sources, settings, !!options.partialFolders)) return fallback.create(sources, settings, options);
      const saved = await job(
        (jobId) => native.archive.create(sources.map(({ file, path }) => ({ file: file as File, path })), settings, options.baseName, jobId, options.onProgress),
        cancel,
        options.signal,
      );
      if (!saved) throw new ArchiveError('cancelled', 'save dialog closed');
      return { kind: 'saved', savedPath: saved.savedPath, bytes: saved.size };
    },
    async open(file, options = {}) {
      if (!native.archive.hasPath(file)) return fallback.open(file, options);
      let listing;
      try {
        listing = await job((jobId) => native.archive.list(file, jobId, options.password), cancel, options.signal);
      } catch (error) {
        if (archiveErrorCode(error) === 'unsupported') return fallback.open(file, options);
        throw error;
      }
      const sizes = new Map(listing.entries.map((entry) => [entry.path, entry.size]));
      const opened: OpenedArchive = {
        listing,
        engine: '7zip',
        targets: ['nativeFolder'],
        async readEntry(path, { password, maxBytes, signal }) {
          // Main refuses entries bigger than asked for, so ask for the whole entry (up to the IPC cap) and cut here.
          const size = sizes.get(path) ?? maxBytes;
          if (size > ARCHIVE_READ_ENTRY_MAX && maxBytes < size) throw new ArchiveError('tooLarge', path);
          const bytes = await job((jobId) => native.archive.readEntry(file, path, { password: password ?? options.password, maxBytes: Math.max(1, Math.min(size, ARCHIVE_READ_ENTRY_MAX)) }, jobId), cancel, signal);
          return bytes.length > maxBytes ? bytes.subarray(0, maxBytes) : bytes;
        },
        async checkPassword(password) {
          const smallest = listing.entries.filter((entry) => entry.encrypted && !entry.directory).sort((a, b) => a.size - b.size)[0];
          if (smallest) await opened.readEntry(smallest.path, { password, maxBytes: 1 });
        },
        async extract(paths, target, jobOptions: ArchiveJobOptions & { password?: string } = {}) {
          if (target.kind !== 'nativeFolder') throw new ArchiveError('unsupported', target.kind);
          const result = await job(
            (jobId) => native.archive.extract(file, { paths: paths ? [...paths] : undefined, password: jobOptions.password ?? options.password }, jobId, jobOptions.onProgress),
            cancel,
            jobOptions.signal,
          );
          if (!result) throw new ArchiveError('cancelled', 'folder dialog closed');
          return { kind: 'saved', savedPath: result.savedPath, files: result.files, bytes: result.bytes };
        },
        close() {
          // Nothing is held open: each call names the archive by its path.
        },
      };
      return opened;
    },
  };
}
