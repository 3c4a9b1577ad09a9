import type { DBSchema, IDBPDatabase } from 'idb';
import { randomHexId } from '@/lib/ids';
import { Database, storageError } from './database';

/** A Markdown document of /md/editor. Times are epoch milliseconds. */
export interface StoredMarkdownDocument {
  id: string;
  title: string;
  content: string;
  createTime: number;
  updateTime: number;
}

/** A version of a document's text the user can go back to. */
export interface StoredMarkdownSnapshot {
  id: string;
  docId: string;
  time: number;
  content: string;
}

/** A pasted or dropped picture, kept with its document and linked from the text by id. */
export interface StoredMarkdownImage {
  id: string;
  docId: string;
  blob: Blob;
  name: string;
  type: string;
}

/** What the list shows: everything but the text, so listing many long documents stays cheap to render. */
export type MarkdownDocumentSummary = Omit<StoredMarkdownDocument, 'content'> & { size: number };

/** Snapshots kept per document: the newest this many, and older ones one per calendar day. */
export const MARKDOWN_SNAPSHOTS_KEPT = 20;

interface MarkdownSchema extends DBSchema {
  document: { key: string; value: StoredMarkdownDocument };
  snapshot: { key: string; value: StoredMarkdownSnapshot; indexes: { docId: string } };
  image: { key: string; value: StoredMarkdownImage; indexes: { docId: string } };
}

/** The local day of a time, so 'one per day' follows the user's calendar, not UTC. */
function dayOf(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/**
 * The snapshots to delete: all but the newest `kept`, and of the older ones all but the newest of
 * each day. Pure, so the rule is tested without a database.
 */
export function snapshotsToPrune(snapshots: readonly StoredMarkdownSnapshot[], kept = MARKDOWN_SNAPSHOTS_KEPT): StoredMarkdownSnapshot[] {
  const newestFirst = [...snapshots].sort((a, b) => b.time - a.time);
  const days = new Set<string>();
  const pruned: StoredMarkdownSnapshot[] = [];
  newestFirst.forEach((snapshot, index) => {
    const day = dayOf(snapshot.time);
    if (index >= kept && days.has(day)) pruned.push(snapshot);
    days.add(day);
  });
  return pruned;
}

/**
 * The Markdown database (issue 17; spec §9 "browser databases version 1"): documents keyed by id,
 * their snapshots and images in stores of their own indexed by document, so opening a document never
 * reads its history or pictures, and deleting one removes all three in one transaction.
 */
export function createMarkdownStorage(name = 'Markdown') {
  const database = new Database<MarkdownSchema>({
    name,
    upgrades: [
      (db) => {
        db.createObjectStore('document', { keyPath: 'id' });
        db.createObjectStore('snapshot', { keyPath: 'id' }).createIndex('docId', 'docId');
        db.createObjectStore('image', { keyPath: 'id' }).createIndex('docId', 'docId');
      },
    ],
  });
  const documentStore = database.store('document');
  const imageStore = database.store('image');

  async function run<T>(work: (db: IDBPDatabase<MarkdownSchema>) => Promise<T>): Promise<T> {
    const db = await database.open();
    try {
      return await work(db);
    } catch (error) {
      throw storageError(error);
    }
  }

  const snapshotsOf = (docId: string): Promise<StoredMarkdownSnapshot[]> =>
    run(async (db) => (await db.getAllFromIndex('snapshot', 'docId', docId)).sort((a, b) => b.time - a.time));

  return {
    database,
    documents: {
      /** Every document without its text, last edited first. */
      async list(): Promise<MarkdownDocumentSummary[]> {
        const all = await documentStore.all();
        return all.map(({ content, ...rest }) => ({ ...rest, size: content.length })).sort((a, b) => b.updateTime - a.updateTime);
      },
      get: (id: string): Promise<StoredMarkdownDocument | undefined> => documentStore.get(id),
      async put(document: StoredMarkdownDocument): Promise<void> {
        await documentStore.put(document);
      },
      /** Removes the document with its snapshots and images, all or nothing. */
      delete: (id: string): Promise<void> =>
        run(async (db) => {
          const transaction = db.transaction(['document', 'snapshot', 'image'], 'readwrite');
          const requests: Promise<unknown>[] = [transaction.objectStore('document').delete(id)];
          for (const store of ['snapshot', 'image'] as const) {
            const keys = await transaction.objectStore(store).index('docId').getAllKeys(id);
            for (const key of keys) requests.push(transaction.objectStore(store).delete(key));
          }
          await Promise.all([...requests, transaction.done]);
        }),
    },
    snapshots: {
      /** A document's snapshots, newest first. */
      of: snapshotsOf,
      /**
       * Keeps `content` as a snapshot unless it equals the newest one, then prunes the older ones
       * (see snapshotsToPrune). Returns the snapshot written, or undefined when nothing changed.
       */
      take: (docId: string, content: string, time = Date.now()): Promise<StoredMarkdownSnapshot | undefined> =>
        run(async (db) => {
          const transaction = db.transaction('snapshot', 'readwrite');
          const index = transaction.store.index('docId');
          const existing = await index.getAll(docId);
          const newest = existing.reduce<StoredMarkdownSnapshot | undefined>((a, b) => (a && a.time >= b.time ? a : b), undefined);
          if (newest?.content === content) {
            await transaction.done;
            return undefined;
          }
          const snapshot: StoredMarkdownSnapshot = { id: randomHexId(), docId, time, content };
          const requests: Promise<unknown>[] = [transaction.store.put(snapshot)];
          for (const old of snapshotsToPrune([...existing, snapshot])) requests.push(transaction.store.delete(old.id));
          await Promise.all([...requests, transaction.done]);
          return snapshot;
        }),
    },
    images: {
      /** Keeps the picture with the document; returns its id for the Markdown link. */
      async add(docId: string, file: Blob, name: string): Promise<StoredMarkdownImage> {
        const image: StoredMarkdownImage = { id: randomHexId(), docId, blob: file, name, type: file.type };
        await imageStore.put(image);
        return image;
      },
      get: (id: string): Promise<StoredMarkdownImage | undefined> => imageStore.get(id),
      of: (docId: string): Promise<StoredMarkdownImage[]> => run((db) => db.getAllFromIndex('image', 'docId', docId)),
    },
  };
}

export type MarkdownStorage = ReturnType<typeof createMarkdownStorage>;

/** The one Markdown database of this browser. */
export const markdownStorage = createMarkdownStorage();
