import type { WebdavCapability } from '@shared/contracts/webdav';

/**
 * A capability whose implementation loads with its first call: the website's WebDAV brings the
 * multistatus parser (xmldom) and IndexedDB (idb), which every other tool page would otherwise pay
 * for through the platform index. A chunk that cannot be downloaded rejects the call as any lazy
 * part does (`isComponentUnavailable` tells it), and the next call tries again.
 */
export function lazyWebdav(load: () => Promise<WebdavCapability>): WebdavCapability {
  let loading: Promise<WebdavCapability> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    check: async (connection, options) => (await get()).check(connection, options),
    list: async (connection, folderPath, options) => (await get()).list(connection, folderPath, options),
    download: async (connection, filePath, options) => (await get()).download(connection, filePath, options),
    passwords: {
      durable: async () => (await get()).passwords.durable(),
      get: async (entryId) => (await get()).passwords.get(entryId),
      save: async (entryId, password) => (await get()).passwords.save(entryId, password),
      delete: async (entryId) => (await get()).passwords.delete(entryId),
    },
  };
}
