import type { TokenStoreCapability } from '@shared/contracts/tokens';
import { registerApp } from './capabilities/app';
import { registerArchive } from './capabilities/archive';
import type { ArchiveDependencies } from './capabilities/archive';
import { registerHash } from './capabilities/hash';
import { registerImage } from './capabilities/image';
import { registerOpenedFiles } from './capabilities/opened-files';
import type { OpenedFilesDependencies } from './capabilities/opened-files';
import { registerTokens } from './capabilities/tokens';
import { registerWebdav } from './capabilities/webdav';
import type { WebdavDependencies } from './capabilities/webdav';
import { createWebdavPasswords } from '../adapters/webdav-passwords';
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
  /** Without it, WebDAV passwords live in memory only (as without OS encryption). */
  webdav?: WebdavDependencies;
}

/**
 * Every capability registers its own channels (ipc/capabilities/<capability>.ts) on one validated
 * `handle` and one job table. Free of `electron` imports so the desktop e2e harness registers
 * exactly these handlers on a fake ipcMain. Returns the running jobs, which the app stops before it
 * quits.
 */
export function registerIpc(
  ipcMain: IpcMainLike,
  { version, isTrustedSender, tokens, archive, openedFiles, webdav }: IpcDependencies,
): Jobs {
  const ipc = { handle: createHandle(ipcMain, isTrustedSender), jobs: new Jobs() };
  registerApp(ipc, version);
  registerHash(ipc);
  registerImage(ipc);
  registerArchive(ipc, archive);
  registerTokens(ipc, tokens);
  registerOpenedFiles(ipc, openedFiles ?? { files: new OpenedFiles(), warn: () => undefined });
  registerWebdav(ipc, webdav ?? { passwords: memoryPasswords() });
  return ipc.jobs;
}

/** A password store that never persists: the one a caller gets without `webdav` dependencies. */
function memoryPasswords() {
  return createWebdavPasswords({
    file: '',
    cipher: {
      isEncryptionAvailable: () => Promise.resolve(false),
      encryptString: () => Promise.reject(new Error('no encryption')),
      decryptString: () => Promise.reject(new Error('no encryption')),
    },
    warn: () => undefined,
  });
}
