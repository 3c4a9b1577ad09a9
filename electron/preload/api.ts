import type { IpcChannel, IpcInput, IpcEvent, IpcEvents, IpcResult } from '@shared/contracts/ipc';
import type { NativeApi } from '@shared/contracts/native';
import { ARCHIVE_EXTENSIONS } from '@shared/contracts/archive';
import type { WebdavConnection } from '@shared/contracts/webdav';
import { sourceRoots } from '@shared/archive/source-roots';
import { cancelJob, withProgress } from './jobs';

/** What the API needs from Electron; injected so the desktop e2e harness can run this same code in a page. */
export interface PreloadDeps {
  invoke<C extends IpcChannel>(channel: C, args: IpcInput<C>): Promise<IpcResult<C>>;
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
  /** `webUtils.getPathForFile`: '' for files that have no path on disk. */
  getPathForFile(file: File): string;
  apiUrl: string;
}

/** The path main reads a picked or dropped file from; files without one never reach main. */
function pathOf(file: unknown, getPathForFile: PreloadDeps['getPathForFile']): string {
  if (!(file instanceof File)) throw new TypeError('expected a File the user picked or dropped');
  const path = getPathForFile(file);
  if (!path) throw new Error(`"${file.name}" has no path on disk`);
  return path;
}

/** Disk paths 7-Zip should add for these sources, or null when they do not map onto disk as they are. */
function rootsOf(sources: readonly { file: unknown; path: string }[], getPathForFile: PreloadDeps['getPathForFile']): string[] | null {
  const located = sources.map(({ file, path }) => ({ absolute: file instanceof File ? getPathForFile(file) : '', inner: path }));
  return located.every(({ absolute }) => absolute) ? sourceRoots(located) : null;
}

/** Only the four fields cross the bridge, whatever else the caller's object carries. */
const connectionOf = ({ serverURL, authType, username, password }: WebdavConnection): WebdavConnection => ({
  serverURL,
  authType,
  username,
  password,
});

/**
 * The object exposed as `window.native`: named methods only, each one channel of the map.
 * There is deliberately no generic send/invoke here.
 */
export function createNativeApi({ invoke, on, getPathForFile, apiUrl }: PreloadDeps) {
  return {
    app: {
      apiUrl,
      info: () => invoke('app:info', undefined),
    },
    hash: {
      hashFile: (file, algorithms, jobId, onProgress) =>
        withProgress(on, 'hash:progress', jobId, onProgress && (({ loaded, total }) => onProgress({ loaded, total })), () =>
          invoke('hash:file', { jobId, path: pathOf(file, getPathForFile), algorithms: [...algorithms] }),
        ),
      cancel: cancelJob(invoke, 'hash:cancel'),
    },
    image: {
      hasPath: (file) => file instanceof File && getPathForFile(file) !== '',
      probe: (file) => invoke('image:probe', { path: pathOf(file, getPathForFile) }),
      process: (file, job, jobId) => invoke('image:process', { jobId, path: pathOf(file, getPathForFile), job }),
      cancel: cancelJob(invoke, 'image:cancel'),
    },
    archive: {
      hasPath: (file) => file instanceof File && getPathForFile(file) !== '',
      canCreate: (sources) => rootsOf(sources, getPathForFile) !== null,
      list: (file, jobId, password) => invoke('archive:list', { jobId, path: pathOf(file, getPathForFile), password }),
      readEntry: (file, entry, { password, maxBytes }, jobId) =>
        invoke('archive:read-entry', { jobId, path: pathOf(file, getPathForFile), entry, password, maxBytes }),
      extract: (file, { paths, password }, jobId, onProgress) =>
        withProgress(on, 'archive:progress', jobId, onProgress && (({ fraction }) => onProgress(fraction)), () =>
          invoke('archive:extract', { jobId, path: pathOf(file, getPathForFile), paths, password }),
        ),
      async create(sources, { format, level, password, encryptNames }, suggestedName, jobId, onProgress) {
        const roots = rootsOf(sources, getPathForFile);
        if (!roots) throw new Error('these files cannot be added from disk as they are');
        return withProgress(on, 'archive:progress', jobId, onProgress && (({ fraction }) => onProgress(fraction)), () =>
          invoke('archive:create', {
            jobId,
            sources: roots,
            format,
            level,
            password,
            encryptNames,
            suggestedName: `${suggestedName}.${ARCHIVE_EXTENSIONS[format]}`,
          }),
        );
      },
      cancel: cancelJob(invoke, 'archive:cancel'),
    },
    tokens: {
      load: () => invoke('tokens:load', undefined),
      // Only the two fields cross the bridge, whatever else the caller's object carries.
      save: ({ accessToken, refreshToken }) => invoke('tokens:save', { accessToken, refreshToken }),
      clear: () => invoke('tokens:clear', undefined),
    },
    webdav: {
      check: (connection, jobId) => invoke('webdav:check', { jobId, connection: connectionOf(connection) }),
      list: (connection, folderPath, jobId) => invoke('webdav:list', { jobId, connection: connectionOf(connection), folderPath }),
      download: (connection, filePath, jobId, onProgress) =>
        withProgress(on, 'webdav:progress', jobId, onProgress && (({ loaded, total }) => onProgress(loaded, total)), () =>
          invoke('webdav:download', { jobId, connection: connectionOf(connection), filePath }),
        ),
      cancel: cancelJob(invoke, 'webdav:cancel'),
    },
    secrets: {
      durable: (namespace) => invoke('secrets:durable', { namespace }),
      get: (namespace, key) => invoke('secrets:get', { namespace, key }),
      save: (namespace, key, secret) => invoke('secrets:save', { namespace, key, secret }),
      delete: (namespace, key) => invoke('secrets:delete', { namespace, key }),
    },
    systemInfo: {
      native: () => invoke('system:info', undefined),
    },
    screenAwake: {
      keep: (on) => invoke('screen:keep-awake', { on }),
    },
    hls: {
      fetch: (url, range, jobId) => invoke('hls:fetch', { jobId, url, ...(range ? { range } : {}) }),
      cancel: cancelJob(invoke, 'hls:cancel'),
    },
    hlsMp4: {
      ffmpeg: () => invoke('hls-mp4:ffmpeg', undefined),
      open: (suggestedName) => invoke('hls-mp4:open', { suggestedName }),
      write: (id, bytes) => invoke('hls-mp4:write', { id, bytes }),
      close: (id) => invoke('hls-mp4:close', { id }),
      abort: (id) => invoke('hls-mp4:abort', { id }),
    },
    pdf: {
      saveHtml: (html, suggestedName) => invoke('pdf:save-html', { html, suggestedName }),
    },
    openedFiles: {
      take: (route) => invoke('files:take-opened', { route }),
      onOpened: (listener) => on('files:opened', ({ route }) => listener(route)),
    },
  } satisfies NativeApi;
}
