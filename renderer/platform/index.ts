import type { HashCapability } from '@shared/contracts/hash';
import type { HlsMp4Capability, HlsSourceCapability } from '@shared/contracts/hls';
import { browserArchive } from './archive/browser';
import { withSettledProgress } from './archive/settled-progress';
import { createNativeArchive } from './archive/native';
import type { ArchiveCapability } from './archive/types';
import type { ImageCapability } from '@shared/contracts/image';
import type { NativeApi } from '@shared/contracts/native';
import type { OpenedFilesCapability } from '@shared/contracts/opened-files';
import type { PdfCapability } from '@shared/contracts/pdf';
import type { ScreenAwakeCapability } from '@shared/contracts/screen-awake';
import type { SecretsCapability } from '@shared/contracts/secrets';
import type { SystemInfoCapability } from '@shared/contracts/system-info';
import type { TokenStoreCapability } from '@shared/contracts/tokens';
import type { WebdavCapability } from '@shared/contracts/webdav';
import { browserHash } from './hash/browser';
import { createNativeHash } from './hash/native';
import { websiteHls } from './hls/website';
import { createNativeHls } from './hls/native';
import { browserImage } from './image/browser';
import { createNativeImage } from './image/native';
import { apiUrl, native, tokens } from './host';
import { browserOpenedFiles, createNativeOpenedFiles } from './opened-files/opened-files';
import { lazySecrets } from './secrets/lazy';
import { createNativeSecrets } from './secrets/native';
import { lazyWebdav } from './webdav/lazy';
import { createNativeWebdav } from './webdav/native';

export type { ArchiveCapability, ArchiveFolder, ArchiveResult, ArchiveSource, ExtractTarget, OpenedArchive } from './archive/types';

declare global {
  interface Window {
    /** Set by the Electron preload; absent on the website. Read only here. */
    readonly native?: NativeApi;
  }
}

export interface Platform {
  /** Where the API lives: '' means the page's own origin (the website); the desktop app is told by main. */
  readonly apiUrl: string;
  readonly archive: ArchiveCapability;
  readonly hash: HashCapability;
  /** Where /m3u8/downloader gets playlists, keys and segments: the API's guarded proxy on the website, main's own fetch on the desktop. */
  readonly hls: HlsSourceCapability;
  /**
   * MP4 by ffmpeg in main; undefined on the website. On the desktop `ffmpeg()` says whether one was
   * found (FFMPEG_PATH or the system's): without it the page remuxes itself.
   */
  readonly hlsMp4?: HlsMp4Capability;
  readonly image: ImageCapability;
  /** Files the desktop app was asked to open (file associations); never any on the website. */
  readonly openedFiles: OpenedFilesCapability<File>;
  /**
   * Saves HTML as a PDF without the print dialog (the desktop's printToPDF); undefined on the
   * website, where a tool prints with its print CSS through the browser's dialog.
   */
  readonly pdf?: PdfCapability;
  /**
   * Where a tool keeps tokens, passwords and keys, one namespace per tool (`secrets.store('pic-hub')`):
   * AES-GCM in IndexedDB on the website, an OS-encrypted file in main on the desktop.
   */
  readonly secrets: SecretsCapability;
  /** The machine's OS version, CPU model, memory and disks from main; undefined on the website, which sees only what the browser tells. */
  readonly systemInfo?: SystemInfoCapability;
  /** The display kept awake by main (even with the window behind others); undefined on the website, which has Wake Lock. */
  readonly screenAwake?: ScreenAwakeCapability;
  readonly tokens: TokenStoreCapability;
  /** The user's WebDAV servers (the reader's import): through the API's proxy on the website, from main on the desktop. */
  readonly webdav: WebdavCapability;
}

function createPlatform(native: NativeApi | undefined): Platform {
  const secrets = native ? createNativeSecrets(native) : lazySecrets(async () => (await import('./secrets/website')).websiteSecrets);
  return {
    apiUrl,
    archive: withSettledProgress(native ? createNativeArchive(native, browserArchive) : browserArchive),
    hash: native ? createNativeHash(native) : browserHash,
    hls: native ? createNativeHls(native) : websiteHls,
    hlsMp4: native?.hlsMp4,
    image: native ? createNativeImage(native, browserImage) : browserImage,
    openedFiles: native ? createNativeOpenedFiles(native) : browserOpenedFiles,
    pdf: native?.pdf,
    secrets,
    systemInfo: native?.systemInfo,
    screenAwake: native?.screenAwake,
    tokens,
    webdav: native
      ? createNativeWebdav(native, secrets.store('webdav'))
      : lazyWebdav(async () => (await import('./webdav/website')).websiteWebdav),
  };
}

/** The one place that decides which implementation a tool gets. Tools ask for capabilities, never for Electron. */
export const platform: Platform = createPlatform(native);

/**
 * The website's hash engine, also on the desktop: for bytes that exist only in memory (typed text,
 * a file rewritten in the page), which have no path for the native engine to read.
 */
export { browserHash as inMemoryHash };

// Browser storage (IndexedDB) has its own public entry, `@/platform/storage`, so only the tools
// that keep records load it.

// The account, for a tool that syncs its records to it (the reader's places and bookmarks).
export { account } from './account';
export type { Account } from './account';
// Another host is reached only through the API's guarded proxy (docs/architecture.md "Outbound calls").
export { proxy } from './proxy';
export { ProxyError } from '@/http/proxy';
export type { ProxyErrorKind, ProxyRequest } from '@/http/proxy';
export type { ProxyPurpose } from '@shared/contracts/proxy';
export type { SecretNamespace, SecretStore, SecretsCapability } from '@shared/contracts/secrets';
export type { PdfCapability } from '@shared/contracts/pdf';
export type { ScreenAwakeCapability } from '@shared/contracts/screen-awake';
export type { NativeDisk, NativeSystemInfo, SystemInfoCapability } from '@shared/contracts/system-info';
