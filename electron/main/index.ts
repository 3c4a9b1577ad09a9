import { join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { loadDesktopConfig } from './config';
import { installIpc } from './ipc/install';
import { registerAppScheme, serveRenderer } from './protocol/serve';
import { contentSecurityPolicy } from './security/csp';
import { stopJobsBeforeQuit } from './quit';
import { hardenApp } from './security/harden';
import { createMainWindow } from './window';

const RENDERER_ROOT = join(import.meta.dirname, '../renderer');

// A second launch (e.g. opening the app again from the dock or start menu) focuses the window we
// already have instead of starting another main process that would race on userData.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  hardenApp();

  let mainWindow: BrowserWindow | undefined;
  const showMainWindow = (apiUrl: string) => {
    if (!mainWindow || mainWindow.isDestroyed()) mainWindow = createMainWindow(apiUrl);
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  };

  void app
    .whenReady()
    .then(() => {
      const config = loadDesktopConfig(process.env, app.getPath('userData'));
      serveRenderer(RENDERER_ROOT, contentSecurityPolicy(config.apiOrigin));
      stopJobsBeforeQuit(app, installIpc());
      showMainWindow(config.apiUrl);
      app.on('second-instance', () => showMainWindow(config.apiUrl));
      // macOS keeps the app running without windows; clicking the dock icon brings one back.
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) showMainWindow(config.apiUrl);
      });
    })
    .catch((error: unknown) => {
      // Startup failures (a malformed config.json, an unreadable renderer) get a dialog rather than
      // a process that runs without a window.
      dialog.showErrorBox('百宝箱 / Baibao', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
