import { DESKTOP_LIMITS } from '@shared/archive/limits';
import {
  ARCHIVE_CREATE_SOURCES_MAX,
  ARCHIVE_EXTENSIONS,
  ARCHIVE_EXTRACT_PATHS_MAX,
  ARCHIVE_FILE_NAME_MAX,
  ARCHIVE_PASSWORD_PROBE_BYTES,
  ARCHIVE_READ_ENTRY_MAX,
  ArchiveError,
  archiveErrorCode,
} from '@shared/contracts/archive';
import type { ArchiveCreateSettings } from '@shared/contracts/archive';
import type { NativeApi } from '@shared/contracts/native';
import { shortestSelection } from './selection';
import type { ArchiveCapability, ArchiveJobOptions, ArchiveSource, CancelSignal, OpenedArchive } from './types';
import { randomHexId } from '@/lib/ids';

/**
 * Archives on the desktop: 7-Zip in the main process reads and writes from paths on disk, and
 * main asks the user where results go. The browser engine (`fallback`) takes what 7-Zip cannot:
 * files without a path (built in memory), source layouts that do not exist on disk as such,
 * archives main calls `unsupported` (types the contract does not name, or an engine that did not
 * load) and non-ASCII zip passwords (7-Zip's zip encoder rejects them).
 * What main's IPC schema would refuse (in English the page cannot translate) is never sent:
 * more sources than it takes go to the browser engine, long names are shortened, and a huge
 * selection is named by its folders.
 */

/** Runs one main-process job: rejects at once on cancel and tells main to stop. */
function job<T>(call: (jobId: string) => Promise<T>, cancel: (jobId: string) => Promise<void>, signal?: CancelSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(new ArchiveError('cancelled'));
  const jobId = randomHexId();
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
  // Main gets one disk path per top-level name (shared/archive/source-roots.ts), and refuses two
  // names differing only in case: they would collide when extracted on Windows or macOS.
  const tops = new Set(sources.map((source) => source.path.split('/')[0]!));
  if (tops.size > ARCHIVE_CREATE_SOURCES_MAX) return false;
  if (new Set([...tops].map((top) => top.toLowerCase())).size !== tops.size) return false;
  return native.archive.canCreate(sources.map(({ file, path }) => ({ file: file as File, path })));
}

const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * `baseName` cut (whole characters only) so that it and the extension make one file name of at
 * most 255 bytes in UTF-8: what ext4 and APFS allow, and within the IPC schema's 255 characters.
 */
function fitBaseName(baseName: string, extension: string): string {
  let room = ARCHIVE_FILE_NAME_MAX - new TextEncoder().encode(`.${extension}`).length;
  let fitted = '';
  for (const character of baseName) {
    room -= utf8Length(character.codePointAt(0)!);
    if (room < 0) break;
    fitted += character;
  }
  return fitted;
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
        (jobId) =>
          native.archive.create(
            sources.map(({ file, path }) => ({ file: file as File, path })),
            settings,
            fitBaseName(options.baseName, ARCHIVE_EXTENSIONS[settings.format]),
            jobId,
            options.onProgress,
          ),
        cancel,
        options.signal,
      );
      if (!saved) throw new ArchiveError('cancelled', 'save dialog closed');
      return { kind: 'saved', savedPath: saved.savedPath, bytes: saved.size };
    },
    async open(file, options = {}) {
      // Volumes the user added go to the browser engine, which mounts them beside the first: 7-Zip
      // in main finds the volumes of a multi-volume archive beside it on disk, and only there.
      if (!native.archive.hasPath(file) || options.volumes?.length) return fallback.open(file, options);
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
          // Main cuts an entry at what it is asked for; one answer carries at most the IPC cap, so
          // only a caller wanting more than that of an entry bigger than that is refused.
          if (maxBytes > ARCHIVE_READ_ENTRY_MAX && (sizes.get(path) ?? 0) > ARCHIVE_READ_ENTRY_MAX)
            throw new ArchiveError('tooLarge', path);
          const asked = Math.max(1, Math.min(maxBytes, ARCHIVE_READ_ENTRY_MAX));
          const bytes = await job(
            (jobId) => native.archive.readEntry(file, path, { password: password ?? options.password, maxBytes: asked }, jobId),
            cancel,
            signal,
          );
          return bytes.length > maxBytes ? bytes.subarray(0, maxBytes) : bytes;
        },
        async checkPassword(password) {
          // The whole smallest encrypted entry when small (its CRC proves the password), a prefix of a big one.
          const smallest = listing.entries.filter((entry) => entry.encrypted && !entry.directory).sort((a, b) => a.size - b.size)[0];
          if (smallest)
            await opened.readEntry(smallest.path, {
              password,
              maxBytes: Math.max(1, Math.min(smallest.size, ARCHIVE_PASSWORD_PROBE_BYTES)),
            });
        },
        async extract(paths, target, jobOptions: ArchiveJobOptions & { password?: string } = {}) {
          if (target.kind !== 'nativeFolder') throw new ArchiveError('unsupported', target.kind);
          let wanted = paths ? [...paths] : undefined;
          if (wanted && wanted.length > ARCHIVE_EXTRACT_PATHS_MAX) wanted = shortestSelection(listing.entries, wanted);
          if (wanted && wanted.length > ARCHIVE_EXTRACT_PATHS_MAX) throw new ArchiveError('tooLarge', 'selection');
          const result = await job(
            (jobId) =>
              native.archive.extract(
                file,
                { paths: wanted, password: jobOptions.password ?? options.password },
                jobId,
                jobOptions.onProgress,
              ),
            cancel,
            jobOptions.signal,
          );
          if (!result) throw new ArchiveError('cancelled', 'folder dialog closed');
          return { kind: 'saved', savedPath: result.savedPath, files: result.files, bytes: result.bytes, damaged: result.damaged ?? [] };
        },
        close() {
          // Nothing is held open: each call names the archive by its path.
        },
      };
      return opened;
    },
  };
}
