import type { WebdavPasswordStore } from '@shared/contracts/webdav';
import { createWebdavClient } from '../../adapters/webdav';
import type { WebdavClient } from '../../adapters/webdav';
import { handleCancel } from './types';
import type { CapabilityIpc } from './types';

export interface WebdavDependencies {
  /** Built by the caller: main binds it to safeStorage and userData, tests to a temp dir. */
  passwords: WebdavPasswordStore;
  /** Tests tighten the time limits and caps. */
  client?: WebdavClient;
}

/** The reader's WebDAV import from main: every call a cancellable job, download progress as events. */
export function registerWebdav(ipc: CapabilityIpc, { passwords, client = createWebdavClient() }: WebdavDependencies): void {
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
  ipc.handle('webdav:passwords-persistent', () => passwords.persistent());
  ipc.handle('webdav:password-load', ({ entryId }) => passwords.load(entryId));
  ipc.handle('webdav:password-save', ({ entryId, password }) => passwords.save(entryId, password));
  ipc.handle('webdav:password-remove', ({ entryId }) => passwords.remove(entryId));
}
