import type { SecretsCapability } from '@shared/contracts/secrets';
import type { TokenStoreCapability } from '@shared/contracts/tokens';
import { registerApp } from './capabilities/app';
import { registerArchive } from './capabilities/archive';
import type { ArchiveDependencies } from './capabilities/archive';
import { registerHash } from './capabilities/hash';
import { registerHls } from './capabilities/hls';
import type { HlsDependencies } from './capabilities/hls';
import { registerImage } from './capabilities/image';
import { registerOpenedFiles } from './capabilities/opened-files';
import { registerPdf } from './capabilities/pdf';
import type { PdfDependencies } from './capabilities/pdf';
import { registerScreenAwake } from './capabilities/screen-awake';
import type { PowerSaveBlockerLike } from './capabilities/screen-awake';
import { registerSecrets } from './capabilities/secrets';
import { registerSystemInfo } from './capabilities/system-info';
import type { OpenedFilesDependencies } from './capabilities/opened-files';
import { registerTokens } from './capabilities/tokens';
import { registerWebdav } from './capabilities/webdav';
import type { WebdavDependencies } from './capabilities/webdav';
import { createSecretFiles } from '../adapters/secrets';
import { OpenedFiles } from '../opened-files';
import { createHandle } from './handle';
import type { IpcMainLike } from './handle';
import { Jobs } from './jobs';

export interface IpcDependencies {
  version: string;
  isTrustedSender: (frameUrl: string) => boolean;
  /** Built by the caller: main binds it to safeStorage and userData, tests to a temp dir. */
  tokens: TokenStoreCapability;
  archive?: ArchiveDependencies;
  /** Files the system opened with the app; without it the page is never handed any. */
  openedFiles?: OpenedFilesDependencies;
  /** Built by the caller like `tokens`; without it, secrets live in memory only (as without OS encryption). */
  secrets?: SecretsCapability;
  webdav?: WebdavDependencies;
  /** The save dialog and the hidden window PDFs are printed in; without it `pdf:save-html` fails. */
  pdf?: PdfDependencies;
  /** Electron's powerSaveBlocker; without it `screen:keep-awake` fails. */
  powerSaveBlocker?: PowerSaveBlockerLike;
  /** /m3u8/downloader's direct fetch and ffmpeg MP4; without a save dialog `hls-mp4:open` fails. */
  hls?: HlsDependencies;
}

/**
 * Every capability registers its own channels (ipc/capabilities/<capability>.ts) on one validated
 * `handle` and one job table. Free of `electron` imports so the desktop e2e harness registers
 * exactly these handlers on a fake ipcMain. Returns the running jobs, which the app stops before it
 * quits.
 */
export function registerIpc(
  ipcMain: IpcMainLike,
  { version, isTrustedSender, tokens, archive, openedFiles, secrets, webdav, pdf, powerSaveBlocker, hls }: IpcDependencies,
): Jobs {
  const ipc = { handle: createHandle(ipcMain, isTrustedSender), jobs: new Jobs() };
  registerApp(ipc, version);
  registerHash(ipc);
  registerImage(ipc);
  registerArchive(ipc, archive);
  registerTokens(ipc, tokens);
  registerOpenedFiles(ipc, openedFiles ?? { files: new OpenedFiles(), warn: () => undefined });
  registerSecrets(ipc, secrets ?? memorySecrets());
  registerWebdav(ipc, webdav);
  registerPdf(ipc, pdf);
  registerSystemInfo(ipc);
  registerScreenAwake(ipc, powerSaveBlocker);
  registerHls(ipc, hls);
  return ipc.jobs;
}

/** Secrets that never persist: what a caller gets without `secrets`. */
function memorySecrets() {
  return createSecretFiles({
    dir: '',
    cipher: {
      isEncryptionAvailable: () => Promise.resolve(false),
      encryptString: () => Promise.reject(new Error('no encryption')),
      decryptString: () => Promise.reject(new Error('no encryption')),
    },
    warn: () => undefined,
  });
}
