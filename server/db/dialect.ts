import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { SqliteDialect } from 'kysely';
import type { Dialect } from 'kysely';

export const DATABASE_FILE = 'baibao.sqlite';

/**
 * The only database-specific code. Everything else goes through Kysely's query builder, so moving
 * to PostgreSQL means returning a PostgresDialect here (see docs/api.md).
 */
export function createDialect(dataDir: string): Dialect {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(join(dataDir, DATABASE_FILE));
  // WAL lets readers proceed during a write; NORMAL sync is the documented safe pairing with WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return new SqliteDialect({ database: sqlite });
}
