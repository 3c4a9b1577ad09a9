import { app, ipcMain } from 'electron';
import { isAppUrl } from '../protocol/app-url';
import { registerIpc } from './register';

/** The one place that hands the real ipcMain to the handlers. */
export function installIpc(): void {
  registerIpc(ipcMain, { version: app.getVersion(), isTrustedSender: isAppUrl });
}
