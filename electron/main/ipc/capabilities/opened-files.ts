import type { OpenedFiles } from '../../opened-files';
import { readOpenedFiles } from '../../opened-files';
import type { CapabilityIpc } from './types';

export interface OpenedFilesDependencies {
  files: OpenedFiles;
  warn: (message: string) => void;
}

/**
 * The page takes the files the system opened for its tool: main reads them from disk (faster than a
 * renderer File for large files, and the page never names a path: it can only take what the system
 * gave the app).
 */
export function registerOpenedFiles({ handle }: CapabilityIpc, { files, warn }: OpenedFilesDependencies): void {
  handle('files:take-opened', ({ route }) => readOpenedFiles(files.take(route), warn));
}
