import type { DBSchema } from 'idb';
import { Database } from '@/platform/storage';

/** One recording in the list. Its sound lives in `chunk` records, in order, as MediaRecorder gave them. */
export interface RecordingRecord {
  id: string;
  name: string;
  /** The container as recorded ('audio/webm;codecs=opus'), or 'audio/wav' for a trimmed copy. */
  mimeType: string;
  /** Seconds. While recording: up to the last stored chunk. */
  duration: number;
  /** Bytes, the sum of its chunks. */
  size: number;
  createdAt: number;
  /** 'recording' until stopped; one still 'recording' on the next visit was cut off (tab closed, crash). */
  state: 'recording' | 'done';
  /** Kept from a take that was cut off: everything up to its last stored chunk. */
  recovered?: true;
  /** The recording this one was trimmed from (which is kept until the user deletes it). */
  trimmedFrom?: string;
}

interface ChunkRecord {
  recordingId: string;
  index: number;
  blob: Blob;
}

interface VoiceSchema extends DBSchema {
  recording: { key: string; value: RecordingRecord };
  chunk: { key: [string, number]; value: ChunkRecord };
}

const chunksOf = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

/**
 * The recordings kept in this browser (never uploaded). A take is written chunk by chunk while it
 * runs (a few seconds of sound each), so a long one never sits in the page's memory and a closed
 * tab keeps what was recorded up to its last chunk.
 */
export function createRecordings(name = 'VoiceRecorder') {
  const database = new Database<VoiceSchema>({
    name,
    upgrades: [
      (db) => {
        db.createObjectStore('recording', { keyPath: 'id' });
        db.createObjectStore('chunk', { keyPath: ['recordingId', 'index'] });
      },
    ],
  });
  const recordings = database.store('recording');

  return {
    database,
    /** Newest first. */
    async list(): Promise<RecordingRecord[]> {
      return (await recordings.all()).sort((a, b) => b.createdAt - a.createdAt);
    },
    get: (id: string) => recordings.get(id),
    /** Writes the record as it stands now (a new take, a rename, the final duration). */
    put: (record: RecordingRecord) => recordings.put(record),
    /** Stores chunk `index` of a running take together with the record's new size and duration. */
    append(record: RecordingRecord, index: number, blob: Blob): Promise<void> {
      return database.write(['recording', 'chunk'], (transaction, requests) => {
        requests.push(transaction.objectStore('chunk').put({ recordingId: record.id, index, blob }));
        requests.push(transaction.objectStore('recording').put(record));
      });
    },
    /** A finished recording in one piece (a trimmed copy). */
    add(record: RecordingRecord, blob: Blob): Promise<void> {
      return database.write(['recording', 'chunk'], (transaction, requests) => {
        requests.push(transaction.objectStore('chunk').put({ recordingId: record.id, index: 0, blob }));
        requests.push(transaction.objectStore('recording').put({ ...record, size: blob.size }));
      });
    },
    /** The whole sound: its chunks joined (a Blob of Blobs references them, nothing is copied). */
    async blob(record: RecordingRecord): Promise<Blob> {
      const chunks = await database.run((db) => db.getAll('chunk', chunksOf(record.id)));
      return new Blob(
        chunks.sort((a, b) => a.index - b.index).map((chunk) => chunk.blob),
        { type: record.mimeType },
      );
    },
    remove(id: string): Promise<void> {
      return database.write(['recording', 'chunk'], (transaction, requests) => {
        requests.push(transaction.objectStore('recording').delete(id));
        requests.push(transaction.objectStore('chunk').delete(chunksOf(id)));
      });
    },
    /**
     * Takes left 'recording' by a page that is gone become recordings marked recovered. `isRunning`
     * says which takes a live page is still recording (another tab): those are left alone.
     */
    async recover(isRunning: (id: string) => boolean = () => false): Promise<RecordingRecord[]> {
      const cut = (await recordings.all()).filter((record) => record.state === 'recording' && !isRunning(record.id));
      const recovered = cut.map((record): RecordingRecord => ({ ...record, state: 'done', recovered: true }));
      for (const record of recovered) await recordings.put(record);
      return recovered;
    },
  };
}

export type Recordings = ReturnType<typeof createRecordings>;

let shared: Recordings | undefined;
/** The page's one connection. */
export const recordingsStore = (): Recordings => (shared ??= createRecordings());
