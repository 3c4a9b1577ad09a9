import type { ArchiveCreateSettings, ArchiveListing } from './archive';
import type { HashAlgorithm, HashDigests, HashProgress, ReadableFile } from './hash';
import type { HlsMp4Capability } from './hls';
import type { ImageInfo, ImageJobInput, ImageResult } from './image';
import type { IpcResults } from './ipc';
import type { OpenedFile, OpenedFileRoute } from './opened-files';
import type { PdfCapability } from './pdf';
import type { TokenStoreCapability } from './tokens';
import type { SecretNamespace } from './secrets';
import type { ScreenAwakeCapability } from './screen-awake';
import type { SystemInfoCapability } from './system-info';
import type { WebdavConnection, WebdavItem } from './webdav';

/**
 * What the preload exposes as `window.native`. Named methods only: there is no generic send.
 * The renderer reads it in exactly one place (renderer/platform/index.ts).
 */
export interface NativeApi {
  app: {
    /** Base URL of the Express API the desktop app talks to (the website uses its own origin). */
    readonly apiUrl: string;
    info(): Promise<IpcResults['app:info']>;
  };
  hash: {
    /** Hashes the file on disk behind a dropped or picked `File` with node:crypto in the main process. */
    hashFile(
      file: ReadableFile,
      algorithms: readonly HashAlgorithm[],
      jobId: string,
      onProgress?: (progress: HashProgress) => void,
    ): Promise<HashDigests>;
    cancel(jobId: string): Promise<void>;
  };
  image: {
    /** Whether a File has a path on disk main can read (a pasted screenshot has none). */
    hasPath(file: ReadableFile): boolean;
    probe(file: ReadableFile): Promise<ImageInfo>;
    /** Processes the image on disk behind a dropped or picked `File` with sharp in the main process. */
    process(file: ReadableFile, job: ImageJobInput, jobId: string): Promise<ImageResult>;
    cancel(jobId: string): Promise<void>;
  };
  /** Archives with 7-Zip in the main process, from the paths of dropped or picked files. */
  archive: {
    hasPath(file: ReadableFile): boolean;
    /** Whether 7-Zip can add these sources from disk and store them under these inner paths (see shared/archive/source-roots). */
    canCreate(sources: readonly { file: ReadableFile; path: string }[]): boolean;
    list(file: ReadableFile, jobId: string, password?: string): Promise<ArchiveListing>;
    readEntry(file: ReadableFile, entry: string, options: { password?: string; maxBytes: number }, jobId: string): Promise<Uint8Array>;
    /** Main asks the user for the folder; null when they closed the dialog. */
    extract(
      file: ReadableFile,
      options: { paths?: string[]; password?: string },
      jobId: string,
      onProgress?: (fraction: number) => void,
    ): Promise<IpcResults['archive:extract']>;
    /** Main asks the user where to save `suggestedName`; null when they closed the dialog. */
    create(
      sources: readonly { file: ReadableFile; path: string }[],
      settings: ArchiveCreateSettings,
      suggestedName: string,
      jobId: string,
      onProgress?: (fraction: number) => void,
    ): Promise<IpcResults['archive:create']>;
    cancel(jobId: string): Promise<void>;
  };
  /** The account tokens, encrypted at rest by the OS (safeStorage) in the main process. */
  tokens: TokenStoreCapability;
  /** The user's WebDAV servers, called from main (no CORS there); failures carry `webdav <code>` in their message. */
  webdav: {
    check(connection: WebdavConnection, jobId: string): Promise<void>;
    list(connection: WebdavConnection, folderPath: string, jobId: string): Promise<WebdavItem[]>;
    download(
      connection: WebdavConnection,
      filePath: string,
      jobId: string,
      onProgress?: (loaded: number, total: number | undefined) => void,
    ): Promise<IpcResults['webdav:download']>;
    cancel(jobId: string): Promise<void>;
  };
  /**
   * Tokens, passwords and keys per namespace, in one file per namespace encrypted by the OS
   * (safeStorage), or in main's memory without OS encryption (then `durable` is false).
   */
  secrets: {
    durable(namespace: SecretNamespace): Promise<boolean>;
    get(namespace: SecretNamespace, key: string): Promise<string | undefined>;
    save(namespace: SecretNamespace, key: string, secret: string): Promise<void>;
    delete(namespace: SecretNamespace, key: string): Promise<void>;
  };
  /** HTML laid out and saved as a PDF by main (webContents.printToPDF in a hidden window). */
  pdf: PdfCapability;
  /** The machine's OS, CPU, memory and disks, read by main (node:os). */
  systemInfo: SystemInfoCapability;
  /** The display kept awake by main (powerSaveBlocker 'prevent-display-sleep'). */
  screenAwake: ScreenAwakeCapability;
  /** /m3u8/downloader's playlists, keys and segments fetched by main (no CORS); cancelled by the request id. */
  hls: {
    fetch(url: string, range: string | undefined, jobId: string): Promise<IpcResults['hls:fetch']>;
    cancel(jobId: string): Promise<void>;
  };
  /** MP4 by ffmpeg in main; `ffmpeg()` says whether there is one. */
  hlsMp4: HlsMp4Capability;
  /** Files the operating system opened with the app (file associations), read by main. */
  openedFiles: {
    take(route: OpenedFileRoute): Promise<OpenedFile[]>;
    /** Main says files wait for `route`; returns the unsubscribe. */
    onOpened(listener: (route: OpenedFileRoute) => void): () => void;
  };
}
