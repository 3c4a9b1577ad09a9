import { join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { loadDesktopConfig } from './config';
import { installIpc } from './ipc/install';
import { OpenedFiles, openedPathsFromArgv, routeUrl, showsRoute } from './opened-files';
import { APP_ORIGIN } from './protocol/app-url';
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

  // Files the system opens with the app (fileAssociations in electron-builder.yml): on Windows and
  // Linux as arguments, on macOS as 'open-file' events, which can come before 'ready'.
  const openedFiles = new OpenedFiles();
  openedFiles.add(openedPathsFromArgv(process.argv, process.cwd()));
  let mainWindow: BrowserWindow | undefined;
  let apiUrl: string | undefined;

  /** Shows the tool of the file that waits: a page already on that route takes it when told, any other page is replaced by the tool's. */
  const deliverOpenedFiles = () => {
    const route = openedFiles.next;
    const contents = mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : undefined;
    if (!route || !contents) return;
    const current = contents.getURL();
    if (showsRoute(current, route)) contents.send('files:opened', { route });
    else void contents.loadURL(routeUrl(APP_ORIGIN, current, route));
  };

  const showMainWindow = () => {
    if (!apiUrl) return;
    if (!mainWindow || mainWindow.isDestroyed()) {
      const route = openedFiles.next;
      mainWindow = createMainWindow(apiUrl, route ?? '/');
    } else {
      deliverOpenedFiles();
    }
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  };

  app.on('open-file', (event, path) => {
    event.preventDefault();
    if (openedFiles.add([path])) showMainWindow();
  });

  void app
    .whenReady()
    .then(() => {
      const config = loadDesktopConfig(process.env, app.getPath('userData'));
      apiUrl = config.apiUrl;
      serveRenderer(RENDERER_ROOT, contentSecurityPolicy(config.apiOrigin, config.picHubConnectSrc));
      stopJobsBeforeQuit(app, installIpc(openedFiles));
      showMainWindow();
      app.on('second-instance', (_event, argv, workingDirectory) => {
        openedFiles.add(openedPathsFromArgv(argv, workingDirectory));
        showMainWindow();
      });
      // macOS keeps the app running without windows; clicking the dock icon brings one back.
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) showMainWindow();
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
