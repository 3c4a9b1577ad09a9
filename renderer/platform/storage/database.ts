import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreKey, StoreNames, StoreValue } from 'idb';

/** Why a storage call failed, for the caller to translate: never a raw DOMException in the UI. */
/** 'outdated': another tab of a newer release upgraded the database; this page must reload to use it. */
export type StorageErrorCode = 'unavailable' | 'exists' | 'quota' | 'outdated' | 'failed';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    detail?: string,
  ) {
    super(detail ? `storage ${code}: ${detail}` : `storage ${code}`);
    this.name = 'StorageError';
  }
}

/** Maps what IndexedDB throws to our codes; anything already ours passes through. */
export function storageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  const detail = error instanceof Error ? error.message : String(error);
  if (name === 'ConstraintError') return new StorageError('exists', detail);
  if (name === 'VersionError') return new StorageError('outdated', detail);
  if (name === 'QuotaExceededError') return new StorageError('quota', detail);
  if (name === 'InvalidStateError' || name === 'SecurityError') return new StorageError('unavailable', detail);
  return new StorageError('failed', detail);
}

/**
 * One step of a database's history. Step n runs when a browser's copy is older than n, in order,
 * inside the upgrade transaction: a user who skipped versions 2 and 3 gets both, and a step, once
 * shipped, is never edited (write the next one instead).
 */
export type Upgrade<Schema extends DBSchema> = (
  db: IDBPDatabase<Schema>,
  transaction: IDBPTransaction<Schema, StoreNames<Schema>[], 'versionchange'>,
) => void;

export interface DatabaseDefinition<Schema extends DBSchema> {
  name: string;
  /** upgrades[0] creates version 1, upgrades[1] moves 1 → 2, and so on; the version is their count. */
  upgrades: readonly Upgrade<Schema>[];
}

/**
 * A lazily opened IndexedDB database with typed stores (idb's DBSchema) and versioned upgrades.
 * The connection is opened on first use and kept; it is closed when another tab needs a newer
 * version (so that tab's upgrade is not blocked by ours) and reopened on the next call.
 */
export class Database<Schema extends DBSchema> {
  private opening: Promise<IDBPDatabase<Schema>> | undefined;

  constructor(private readonly definition: DatabaseDefinition<Schema>) {
    if (definition.upgrades.length === 0) throw new Error(`database ${definition.name} has no version`);
  }

  get name(): string {
    return this.definition.name;
  }

  get version(): number {
    return this.definition.upgrades.length;
  }

  /** The open connection, for reads and writes across stores in one transaction. */
  open(): Promise<IDBPDatabase<Schema>> {
    this.opening ??= this.connect().catch((error: unknown) => {
      this.opening = undefined;
      throw storageError(error);
    });
    return this.opening;
  }

  /** Closes the connection (tests, and a page that deletes the database). The next call reopens it. */
  async close(): Promise<void> {
    const opening = this.opening;
    this.opening = undefined;
    if (opening) (await opening.catch(() => undefined))?.close();
  }

  /** A typed view of one store keyed by its key path. */
  store<Name extends StoreNames<Schema>>(name: Name): KeyedStore<Schema, Name> {
    return new KeyedStore(this, name);
  }

  /** Runs work on the open connection with IndexedDB's errors as StorageError (a full disk is 'quota'). */
  async run<T>(work: (db: IDBPDatabase<Schema>) => Promise<T>): Promise<T> {
    const db = await this.open();
    try {
      return await work(db);
    } catch (error) {
      throw storageError(error);
    }
  }

  /**
   * One read-write transaction over `stores` in which all of `work`'s writes are kept or none.
   * `work` pushes each request it makes onto `requests`. A write that throws before its request
   * exists (IndexedDB does so for a full disk or a bad key) would otherwise let the writes before
   * it commit, so any failure aborts the transaction.
   */
  write<Names extends StoreNames<Schema>[]>(
    stores: Names,
    work: (transaction: IDBPTransaction<Schema, Names, 'readwrite'>, requests: Promise<unknown>[]) => void,
  ): Promise<void> {
    return this.run(async (db) => {
      const transaction = db.transaction(stores, 'readwrite');
      const requests: Promise<unknown>[] = [transaction.done];
      try {
        work(transaction, requests);
        await Promise.all(requests);
      } catch (error) {
        try {
          transaction.abort();
        } catch {
          // Already aborted by the failed request, or already finished.
        }
        // The other requests now fail with AbortError: settled here, never unhandled.
        await Promise.allSettled(requests);
        throw error;
      }
    });
  }

  private async connect(): Promise<IDBPDatabase<Schema>> {
    if (typeof indexedDB === 'undefined') throw new StorageError('unavailable', 'no IndexedDB in this context');
    const { upgrades } = this.definition;
    let blocked = false;
    const db = await openDB<Schema>(this.definition.name, upgrades.length, {
      upgrade(database, oldVersion, _newVersion, transaction) {
        for (let step = oldVersion; step < upgrades.length; step += 1) upgrades[step]!(database, transaction);
      },
      blocked: () => {
        // Another tab holds an older version open and has not let go; we wait, as IndexedDB does.
        blocked = true;
      },
      blocking: () => {
        // Another tab needs a newer version: step aside so its upgrade can run.
        void this.close();
      },
      terminated: () => {
        // The browser closed us (storage cleared, disk error): reopen on the next call.
        this.opening = undefined;
      },
    });
    if (blocked) console.info(`database ${this.definition.name}: upgrade waited for another tab`);
    return db;
  }
}

/** get/put/add/delete/all/clear on one store, with IndexedDB's errors turned into StorageError. */
export class KeyedStore<Schema extends DBSchema, Name extends StoreNames<Schema>> {
  constructor(
    private readonly database: Database<Schema>,
    readonly name: Name,
  ) {}

  get(key: StoreKey<Schema, Name>): Promise<StoreValue<Schema, Name> | undefined> {
    return this.run((db) => db.get(this.name, key));
  }

  all(): Promise<StoreValue<Schema, Name>[]> {
    return this.run((db) => db.getAll(this.name));
  }

  /** Writes the value, replacing one with the same key. */
  put(value: StoreValue<Schema, Name>): Promise<StoreKey<Schema, Name>> {
    return this.run((db) => db.put(this.name, value));
  }

  /** Writes a new value; rejects with StorageError 'exists' when its key is taken. */
  add(value: StoreValue<Schema, Name>): Promise<StoreKey<Schema, Name>> {
    return this.run((db) => db.add(this.name, value));
  }

  delete(key: StoreKey<Schema, Name>): Promise<void> {
    return this.run((db) => db.delete(this.name, key));
  }

  clear(): Promise<void> {
    return this.run((db) => db.clear(this.name));
  }

  count(): Promise<number> {
    return this.run((db) => db.count(this.name));
  }

  private run<T>(work: (db: IDBPDatabase<Schema>) => Promise<T>): Promise<T> {
    return this.database.run(work);
  }
}
