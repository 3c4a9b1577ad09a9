import { join } from 'node:path';
import { BrowserWindow } from 'electron';
import { API_URL_ARGUMENT } from '../preload/arguments';
import { APP_ORIGIN } from './protocol/app-url';

/**
 * The main window. The renderer gets no Node: context isolation keeps the preload's world apart
 * from the page's, the sandbox limits the preload to the bridge, and webSecurity stays on so the
 * same-origin policy and the CSP apply as on the website. `path` is the first page: a tool's route
 * when the app was started by opening a file.
 */
export function createMainWindow(apiUrl: string, path = '/'): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 840,
    minWidth: 800,
    minHeight: 600,
    show: false,
    title: '百宝箱',
    autoHideMenuBar: true,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      additionalArguments: [`${API_URL_ARGUMENT}${apiUrl}`],
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ORIGIN}${path}`);
  return window;
}
