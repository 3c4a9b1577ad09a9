import type { DBSchema, IDBPTransaction } from 'idb';
import type { HubFile, HubRecord, HubType } from '@shared/contracts/pic-hub-base';
import { Database } from './database';

/** A picture's key: spec §3 "hub files are stored per type and gid". */
export type HubFileKey = Pick<HubFile, 'type' | 'gid'>;

/** A file record with the small picture the gallery shows while offline (kept apart, see below). */
export type HubFileWithThumbnail = HubFile & { thumbnail?: Blob };

/**
 * The most a thumbnail may weigh. The gallery draws them ~120 px wide, so a 256 px WebP or JPEG
 * (10–30 KB) is plenty; the full picture lives in the repository and is never kept here.
 */
export const PIC_HUB_THUMBNAIL_MAX_BYTES = 200 * 1024;

interface StoredThumbnail {
  type: HubType;
  gid: string;
  blob: Blob;
}

interface PicHubSchema extends DBSchema {
  hub: { key: string; value: HubRecord };
  file: { key: [HubType, string]; value: HubFile; indexes: { createTime: string; hub: [string, string] } };
  thumbnail: { key: [HubType, string]; value: StoredThumbnail };
}

type FilesTransaction = IDBPTransaction<PicHubSchema, ['file', 'thumbnail'], 'readwrite'>;

const fileKey = ({ type, gid }: HubFileKey): [HubType, string] => [type, gid];

/**
 * A hub's configuration as it may be kept in this browser: without its token, which lives in
 * `platform.secrets` (namespace 'pic-hub'). The tool's store takes the token out itself; this is
 * the last guard, so no slip in a caller ever writes one to IndexedDB.
 */
function withoutToken(hub: HubRecord): HubRecord {
  let config: unknown;
  try {
    config = JSON.parse(hub.config);
  } catch {
    return hub;
  }
  if (typeof config !== 'object' || config === null || !('token' in config)) return hub;
  const { token: _token, ...rest } = config as Record<string, unknown>;
  return { ...hub, config: JSON.stringify(rest) };
}

/**
 * The PicHub database (issue 16; spec §9 "browser databases version 1"): `hub` keyed by gid,
 * `file` keyed by [type, gid] with the gallery's indexes (newest first overall and per hub), and
 * `thumbnail` beside it under the same key, so listing the records never reads picture bytes and
 * the gallery loads each thumbnail as it scrolls into view.
 */
export function createPicHubStorage(name = 'PicHub') {
  const database = new Database<PicHubSchema>({
    name,
    upgrades: [
      (db) => {
        db.createObjectStore('hub', { keyPath: 'gid' });
        const files = db.createObjectStore('file', { keyPath: ['type', 'gid'] });
        // createTime is 'yyyy-MM-dd HH:mm:ss' (spec §9), so text order is time order.
        files.createIndex('createTime', 'createTime');
        files.createIndex('hub', ['hubId', 'createTime']);
        db.createObjectStore('thumbnail', { keyPath: ['type', 'gid'] });
      },
    ],
  });
  const hubStore = database.store('hub');
  const thumbnailStore = database.store('thumbnail');

  const run = database.run.bind(database);
  /** A file and its thumbnail are written in one transaction: all of it is kept or none. */
  const writeFiles = (work: (transaction: FilesTransaction, requests: Promise<unknown>[]) => void): Promise<void> =>
    database.write(['file', 'thumbnail'], work);

  return {
    hubs: {
      /** Every hub of this browser, oldest first (the order the user added them). */
      async all(): Promise<HubRecord[]> {
        return (await hubStore.all()).sort((a, b) => a.createTime - b.createTime);
      },
      get: (gid: string): Promise<HubRecord | undefined> => hubStore.get(gid),
      /** Adds or replaces the hub; a token in its config is left out (see withoutToken). */
      async put(hub: HubRecord): Promise<void> {
        await hubStore.put(withoutToken(hub));
      },
      delete: (gid: string): Promise<void> => hubStore.delete(gid),
    },

    files: {
      /** Every picture record, newest first. */
      all: (): Promise<HubFile[]> => run(async (db) => (await db.getAllFromIndex('file', 'createTime')).reverse()),

      /** One hub's picture records, newest first. */
      ofHub: (hubId: string): Promise<HubFile[]> =>
        run(async (db) => {
          const range = IDBKeyRange.bound([hubId, ''], [hubId, '\uffff']);
          return (await db.getAllFromIndex('file', 'hub', range)).reverse();
        }),

      get: (key: HubFileKey): Promise<HubFile | undefined> => run((db) => db.get('file', fileKey(key))),

      /**
       * Adds or replaces records in one transaction: all are kept or none. A record's `thumbnail`
       * goes to its own store; one over PIC_HUB_THUMBNAIL_MAX_BYTES is not kept (the gallery then
       * shows the picture from its link), and a record put again without one keeps its old one.
       */
      put: (files: readonly HubFileWithThumbnail[]): Promise<void> =>
        writeFiles((transaction, requests) => {
          for (const { thumbnail, ...file } of files) {
            requests.push(transaction.objectStore('file').put(file));
            if (!thumbnail) continue;
            if (thumbnail.size > PIC_HUB_THUMBNAIL_MAX_BYTES)
              console.warn(`pic-hub: a ${thumbnail.size}-byte thumbnail is over the cap; not kept`);
            else requests.push(transaction.objectStore('thumbnail').put({ type: file.type, gid: file.gid, blob: thumbnail }));
          }
        }),

      /** Deletes the records and their thumbnails in one transaction; keys that hold nothing are skipped. */
      delete: (keys: readonly HubFileKey[]): Promise<void> =>
        writeFiles((transaction, requests) => {
          for (const key of keys)
            requests.push(transaction.objectStore('file').delete(fileKey(key)), transaction.objectStore('thumbnail').delete(fileKey(key)));
        }),

      /** The picture the gallery shows for a record, or undefined when none was kept. */
      thumbnail: async (key: HubFileKey): Promise<Blob | undefined> => (await thumbnailStore.get(fileKey(key)))?.blob,
    },
  };
}

export type PicHubStorage = ReturnType<typeof createPicHubStorage>;

/** PicHub's browser storage: hub records (token-free), picture records and their thumbnails. */
export const picHubStorage: PicHubStorage = createPicHubStorage();
