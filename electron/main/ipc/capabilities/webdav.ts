import { createWebdavClient } from '../../adapters/webdav';
import type { WebdavClient } from '../../adapters/webdav';
import { handleCancel } from './types';
import type { CapabilityIpc } from './types';

export interface WebdavDependencies {
  /** Tests tighten the time limits and caps. */
  client?: WebdavClient;
}

/**
 * The reader's WebDAV import from main: every call a cancellable job, download progress as events.
 * The passwords are the 'webdav' namespace of the secrets (capabilities/secrets.ts).
 */
export function registerWebdav(ipc: CapabilityIpc, { client = createWebdavClient() }: WebdavDependencies = {}): void {
  ipc.handle('webdav:check', ({ jobId, connection }, context) =>
    ipc.jobs.run(context, jobId, (signal) => client.check(connection, { signal })),
  );
  ipc.handle('webdav:list', ({ jobId, connection, folderPath }, context) =>
    ipc.jobs.run(context, jobId, (signal) => client.list(connection, folderPath, { signal })),
  );
  ipc.handle('webdav:download', ({ jobId, connection, filePath }, context) =>
    ipc.jobs.run(context, jobId, (signal) =>
      client.download(connection, filePath, {
        signal,
        onProgress: (loaded, total) => context.emit('webdav:progress', { jobId, loaded, ...(total === undefined ? {} : { total }) }),
      }),
    ),
  );
  handleCancel(ipc, 'webdav:cancel');
}
