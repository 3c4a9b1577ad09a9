import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import type { Dialect, Kysely } from 'kysely';
import pg from 'pg';

export const DATABASE_FILE = 'baibao.sqlite';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DatabaseSettings {
  /** The SQLite file lives here when there is no databaseUrl. */
  dataDir: string;
  /** `postgres://…` (DATABASE_URL): PostgreSQL instead of the embedded SQLite. */
  databaseUrl: string | undefined;
  /** A pooled PostgreSQL connection failed while idle (server restart, network): the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}

/**
 * The only place that knows which engine runs. Everything else goes through Kysely's query builder
 * (docs/api.md "One schema, two engines"); what must differ asks `engineOf(db)`.
 */
export function createDialect(settings: DatabaseSettings): Dialect {
  return settings.databaseUrl ? postgresDialect(settings.databaseUrl, settings.onConnectionError) : sqliteDialect(settings.dataDir);
}

/** Any Kysely instance or transaction, whatever its table types. */
export type AnyDb = Pick<Kysely<unknown>, 'getExecutor'>;

export function engineOf(db: AnyDb): DatabaseEngine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

function sqliteDialect(dataDir: string): Dialect {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(join(dataDir, DATABASE_FILE));
  // WAL lets readers proceed during a write; NORMAL sync is the documented safe pairing with WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return new SqliteDialect({ database: sqlite });
}

const INT8_OID = 20;

/**
 * pg hands int8 (count(*), bigint columns) back as strings, because a JavaScript number cannot hold
 * every int8; SQLite hands back numbers. Counts and ids never come near 2^53, so int8 becomes a
 * number here and repositories see one type on both engines. Per pool, not pg.types globally.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function postgresDialect(connectionString: string, onConnectionError: ((error: Error) => void) | undefined): Dialect {
  const pool = new pg.Pool({ connectionString, types });
  // Without a listener, an idle connection the server drops would crash the process.
  pool.on('error', (error) => onConnectionError?.(error));
  return new PostgresDialect({ pool });
}
