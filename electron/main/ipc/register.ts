import type { TokenStoreCapability } from '@shared/contracts/tokens';
import { appInfo } from '../adapters/app-info';
import { hashFile } from '../adapters/hash';
import { probeImage, processImage } from '../adapters/image';
import { createHandle } from './handle';
import type { IpcMainLike } from './handle';
import { Jobs } from './jobs';

export interface IpcDependencies {
  version: string;
  isTrustedSender: (frameUrl: string) => boolean;
  /** Built by the caller: main binds it to safeStorage and userData, tests to a temp dir. */
  tokens: TokenStoreCapability;
}

/**
 * One line per channel of shared/contracts/ipc.ts. Free of `electron` imports so the desktop e2e
 * harness registers exactly these handlers on a fake ipcMain.
 */
export function registerIpc(ipc: IpcMainLike, { version, isTrustedSender, tokens }: IpcDependencies): void {
  const handle = createHandle(ipc, isTrustedSender);
  const jobs = new Jobs();

  handle('app:info', () => appInfo(version));
  handle('hash:file', ({ jobId, path, algorithms }, context) =>
    jobs.run(context, jobId, (signal) =>
      hashFile(path, algorithms, { signal, onProgress: (progress) => context.emit('hash:progress', { jobId, ...progress }) }),
    ),
  );
  handle('hash:cancel', ({ jobId }, context) => jobs.cancel(context, jobId));
  handle('image:probe', ({ path }) => probeImage(path));
  handle('image:process', ({ jobId, path, job }, context) => jobs.run(context, jobId, (signal) => processImage(path, job, { signal })));
  handle('image:cancel', ({ jobId }, context) => jobs.cancel(context, jobId));
  handle('tokens:load', () => tokens.load());
  handle('tokens:save', (stored) => tokens.save(stored));
  handle('tokens:clear', () => tokens.clear());
}
