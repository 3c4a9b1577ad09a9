import { BrowserWindow } from 'electron';
import type { PrintContents } from './capabilities/pdf';

/**
 * A hidden window to print a document in: no scripts (the HTML came over IPC from a page), the
 * sandbox, and a session of its own that keeps nothing, so the app's storage is out of its reach.
 */
export async function openPrintContents(): Promise<PrintContents> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: { javascript: false, sandbox: true, contextIsolation: true, nodeIntegration: false, partition: 'baibao-print' },
  });
  const contents = window.webContents;
  return {
    loadFile: (path) => contents.loadFile(path),
    printToPDF: (options) => contents.printToPDF(options),
    close: () => window.destroy(),
  };
}
