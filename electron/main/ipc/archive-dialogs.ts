import { join } from 'node:path';
import { app, BrowserWindow, dialog, webContents } from 'electron';
import type { ArchiveDialogs } from './capabilities/archive';

/** The window that asked, so the dialog is modal to it (and on macOS drops down as a sheet). */
function windowOf(senderId: number): BrowserWindow | undefined {
  const contents = webContents.fromId(senderId);
  return (contents && BrowserWindow.fromWebContents(contents)) ?? undefined;
}

/** Electron's save and folder dialogs for the archive handlers. */
export const electronArchiveDialogs: ArchiveDialogs = {
  async chooseSavePath(suggestedName, senderId) {
    const options = {
      defaultPath: join(app.getPath('downloads'), suggestedName),
      properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const],
    };
    const window = windowOf(senderId);
    const result = await (window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options));
    return result.canceled || !result.filePath ? undefined : result.filePath;
  },
  async chooseFolder(senderId) {
    const options = { defaultPath: app.getPath('downloads'), properties: ['openDirectory' as const, 'createDirectory' as const] };
    const window = windowOf(senderId);
    const result = await (window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options));
    return result.canceled ? undefined : result.filePaths[0];
  },
};
