import { createSevenZip } from '../../adapters/archive';
import type { SevenZip } from '../../adapters/archive';
import type { IpcContext } from '../handle';
import { handleCancel } from './types';
import type { CapabilityIpc } from './types';

export interface ArchiveDialogs {
  /** Where to save a new archive (the name proposed includes the extension); undefined when the user cancels. */
  chooseSavePath(suggestedName: string, senderId: number): Promise<string | undefined>;
  /** The folder to extract into; undefined when the user cancels. */
  chooseFolder(senderId: number): Promise<string | undefined>;
}

export interface ArchiveDependencies {
  /** Main asks the user where archives go; the app passes Electron's dialogs, tests pass temp paths. */
  dialogs: ArchiveDialogs;
  sevenZip?: SevenZip;
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

export function registerArchive(ipc: CapabilityIpc, archive: ArchiveDependencies | undefined): void {
  const { handle, jobs } = ipc;
  const sevenZip = archive?.sevenZip ?? createSevenZip();
  const dialogs = (): ArchiveDialogs => {
    if (!archive) throw new Error('archive dialogs are not available');
    return archive.dialogs;
  };
  handle('archive:list', ({ jobId, path, password }, context) =>
    jobs.run(context, jobId, (signal) => sevenZip.list(path, { password, signal })),
  );
  handle('archive:read-entry', ({ jobId, path, entry, password, maxBytes }, context) =>
    jobs.run(context, jobId, (signal) => sevenZip.readEntry(path, entry, { password, maxBytes, signal })),
  );
  handle('archive:extract', ({ jobId, path, paths, password }, context) =>
    jobs.run(context, jobId, async (signal) => {
      const folder = await dialogs().chooseFolder(context.senderId);
      if (!folder) return null;
      const { files, bytes, damaged } = await sevenZip.extract(path, folder, {
        paths,
        password,
        signal,
        onProgress: progressTo(context, jobId),
      });
      return { savedPath: folder, files, bytes, damaged };
    }),
  );
  handle('archive:create', ({ jobId, sources, format, level, password, encryptNames, suggestedName }, context) =>
    jobs.run(context, jobId, async (signal) => {
      const output = await dialogs().chooseSavePath(suggestedName, context.senderId);
      if (!output) return null;
      const { size } = await sevenZip.create(sources, output, {
        format,
        level,
        password,
        encryptNames,
        signal,
        onProgress: progressTo(context, jobId),
      });
      return { savedPath: output, size };
    }),
  );
  handleCancel(ipc, 'archive:cancel');
}
