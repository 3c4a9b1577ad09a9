import type { TokenStoreCapability } from '@shared/contracts/tokens';
import { appInfo } from '../adapters/app-info';
import { createSevenZip } from '../adapters/archive';
import type { SevenZip } from '../adapters/archive';
import { hashFile } from '../adapters/hash';
import { probeImage, processImage } from '../adapters/image';
import { createHandle } from './handle';
import type { IpcContext, IpcMainLike } from './handle';
import { Jobs } from './jobs';

export interface IpcDependencies {
  version: string;
  isTrustedSender: (frameUrl: string) => boolean;
  /** Built by the caller: main binds it to safeStorage and userData, tests to a temp dir. */
  tokens: TokenStoreCapability;
  /** Main asks the user where archives go; the app passes Electron's dialogs, tests pass temp paths. */
  archive?: { dialogs: ArchiveDialogs; sevenZip?: SevenZip };
}

export interface ArchiveDialogs {
  /** Where to save a new archive (the name proposed includes the extension); undefined when the user cancels. */
  chooseSavePath(suggestedName: string, senderId: number): Promise<string | undefined>;
  /** The folder to extract into; undefined when the user cancels. */
  chooseFolder(senderId: number): Promise<string | undefined>;
}

/** At most ~10 progress events a second per job, and always the last one. */
function progressTo(context: IpcContext, jobId: string): (fraction: number) => void {
  let last = 0;
  return (fraction) => {
    const now = Date.now();
    if (fraction < 1 && now - last < 100) return;
    last = now;
    context.emit('archive:progress', { jobId, fraction });
  };
}

/**
 * One line per channel of shared/contracts/ipc.ts. Free of `electron` imports so the desktop e2e
 * harness registers exactly these handlers on a fake ipcMain. Returns the running jobs, which the
 * app stops before it quits.
 */
export function registerIpc(ipc: IpcMainLike, { version, isTrustedSender, tokens, archive }: IpcDependencies): Jobs {
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
  const sevenZip = archive?.sevenZip ?? createSevenZip();
  const dialogs = (): ArchiveDialogs => {
    if (!archive) throw new Error('archive dialogs are not available');
    return archive.dialogs;
  };
  handle('archive:list', ({ jobId, path, password }, context) => jobs.run(context, jobId, (signal) => sevenZip.list(path, { password, signal })));
  handle('archive:read-entry', ({ jobId, path, entry, password, maxBytes }, context) =>
    jobs.run(context, jobId, (signal) => sevenZip.readEntry(path, entry, { password, maxBytes, signal })),
  );
  handle('archive:extract', ({ jobId, path, paths, password }, context) =>
    jobs.run(context, jobId, async (signal) => {
      const folder = await dialogs().chooseFolder(context.senderId);
      if (!folder) return null;
      const { files, bytes } = await sevenZip.extract(path, folder, { paths, password, signal, onProgress: progressTo(context, jobId) });
      return { savedPath: folder, files, bytes };
    }),
  );
  handle('archive:create', ({ jobId, sources, format, level, password, encryptNames, suggestedName }, context) =>
    jobs.run(context, jobId, async (signal) => {
      const output = await dialogs().chooseSavePath(suggestedName, context.senderId);
      if (!output) return null;
      const { size } = await sevenZip.create(sources, output, { format, level, password, encryptNames, signal, onProgress: progressTo(context, jobId) });
      return { savedPath: output, size };
    }),
  );
  handle('archive:cancel', ({ jobId }, context) => jobs.cancel(context, jobId));
  handle('tokens:load', () => tokens.load());
  handle('tokens:save', (stored) => tokens.save(stored));
  handle('tokens:clear', () => tokens.clear());
  return jobs;
}
