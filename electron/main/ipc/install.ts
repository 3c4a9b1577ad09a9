import { join } from 'node:path';
import { app, ipcMain, powerSaveBlocker, safeStorage } from 'electron';
import { safeStorageCipher } from '../adapters/token-cipher';
import { createTokenStore } from '../adapters/token-store';
import { createSecretFiles } from '../adapters/secrets';
import { isAppUrl } from '../protocol/app-url';
import { electronArchiveDialogs } from './archive-dialogs';
import { openPrintContents } from './print-window';
import type { OpenedFiles } from '../opened-files';
import type { Jobs } from './jobs';
import { registerIpc } from './register';

/** The one place that hands the real ipcMain to the handlers. Call after `app` is ready (userData, safeStorage). */
export function installIpc(openedFiles: OpenedFiles): Jobs {
  const cipher = safeStorageCipher(safeStorage, process.platform);
  const tokens = createTokenStore({
    file: join(app.getPath('userData'), 'tokens.bin'),
    cipher,
    // Main has no logger; stderr is what a user attaching a terminal or a crash reporter sees.
    warn: (message) => console.warn(`[tokens] ${message}`),
  });
  const secrets = createSecretFiles({
    dir: app.getPath('userData'),
    cipher,
    warn: (message) => console.warn(`[secrets] ${message}`),
  });
  return registerIpc(ipcMain, {
    version: app.getVersion(),
    isTrustedSender: isAppUrl,
    tokens,
    archive: { dialogs: electronArchiveDialogs },
    openedFiles: { files: openedFiles, warn: (message) => console.warn(`[open] ${message}`) },
    secrets,
    // The same save dialog as archives (modal to the asking window, in Downloads).
    pdf: { chooseSavePath: electronArchiveDialogs.chooseSavePath, openContents: openPrintContents },
    powerSaveBlocker,
    hls: { chooseSavePath: electronArchiveDialogs.chooseSavePath },
  });
}
