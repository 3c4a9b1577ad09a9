import { StorageError } from '@/platform/storage';
import type { RecordingRecord, Recordings } from './recordings';

/** A full disk says so; any other refusal of IndexedDB is a failed save. */
export const storageProblem = (error: unknown): 'storageFull' | 'storageFailed' =>
  error instanceof StorageError && error.code === 'quota' ? 'storageFull' : 'storageFailed';

/** How a take ended up in storage. */
export interface TakeOutcome {
  /** The finished record as kept in storage: after a refusal, its size and duration are those of the chunks stored. */
  record: RecordingRecord;
  /**
   * Chunks storage refused (a full disk, an IndexedDB error): the first refused one and every later
   * one, in order, kept in the page's memory so the user can still download the whole take.
   */
  unsaved: Blob[];
  /** The first storage error, undefined when everything was stored. */
  error: unknown;
}

/**
 * Writes a take's chunks into storage one after another, in order. After the first refusal it
 * stops writing (a later chunk without the earlier one would be a broken file) and keeps the rest
 * in memory instead: nothing recorded is dropped without the page knowing.
 */
export class ChunkWriter {
  private writing: Promise<void> = Promise.resolve();
  private index = 0;
  private error: unknown;
  private failed = false;
  private readonly unsaved: Blob[] = [];
  /** The record as the last stored chunk left it. */
  private stored: Pick<RecordingRecord, 'size' | 'duration'> = { size: 0, duration: 0 };

  constructor(
    private readonly store: Pick<Recordings, 'append' | 'put'>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Queues chunk `blob` with the record as it stands after it (size, duration). */
  write(blob: Blob, snapshot: RecordingRecord): void {
    const index = this.index;
    this.index += 1;
    this.writing = this.writing.then(async () => {
      if (this.failed) {
        this.unsaved.push(blob);
        return;
      }
      try {
        await this.store.append(snapshot, index, blob);
        this.stored = { size: snapshot.size, duration: snapshot.duration };
      } catch (error) {
        this.fail(error);
        this.unsaved.push(blob);
      }
    });
  }

  /**
   * Waits for every queued chunk, then stores the finished record. A refused final write leaves the
   * record as the last chunk stored it ('recording'), which the next visit recovers.
   */
  async finish(record: RecordingRecord): Promise<TakeOutcome> {
    await this.writing;
    const kept = this.failed ? { ...record, ...this.stored } : record;
    try {
      await this.store.put(kept);
    } catch (error) {
      this.fail(error);
    }
    return { record: kept, unsaved: [...this.unsaved], error: this.error };
  }

  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.error = error;
    this.onError(error);
  }
}
