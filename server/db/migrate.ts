import { Migrator } from 'kysely/migration';
import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Logger } from '../logger';
import type { Db } from './database';
import { engineOf } from './dialect';
import { initialTables } from './migrations/0001-initial-tables';
import { accountTables } from './migrations/0002-accounts';
import { userNameIgnoringCase } from './migrations/0003-user-name-ignoring-case';
import { readingSyncTables } from './migrations/0004-reading-sync';
import { picHubTables } from './migrations/0005-pic-hub';
import { proxyQuotaTable } from './migrations/0006-proxy-quota';
import { p2pPairsTable } from './migrations/0007-p2p-pairs';
import { tunnelsTable } from './migrations/0008-tunnels';
import { customerAdsTables } from './migrations/0009-customer-ads';
import { boardTables } from './migrations/0010-board';
import { donationsTable } from './migrations/0011-donations';
import { feedbackTable } from './migrations/0012-feedback';
import { samplesTables } from './migrations/0013-samples';
import { chatQuotaTable } from './migrations/0014-chat-quota';

/**
 * Listed in code rather than read from a folder so bundlers, tsx and tests all see the same set.
 * Names sort in the order they must run; never rename or edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial-tables': initialTables,
  '0002-accounts': accountTables,
  '0003-user-name-ignoring-case': userNameIgnoringCase,
  '0004-reading-sync': readingSyncTables,
  '0005-pic-hub': picHubTables,
  '0006-proxy-quota': proxyQuotaTable,
  '0007-p2p-pairs': p2pPairsTable,
  '0008-tunnels': tunnelsTable,
  '0009-customer-ads': customerAdsTables,
  '0010-board': boardTables,
  '0011-donations': donationsTable,
  '0012-feedback': feedbackTable,
  '0013-samples': samplesTables,
  '0014-chat-quota': chatQuotaTable,
};

/**
 * Kysely runs each migration in a transaction on PostgreSQL but not on SQLite (it assumes no
 * transactional DDL, which SQLite has). Wrapped here, a migration that fails half-way (0003 renames
 * rows, then builds an index) leaves nothing behind on either engine.
 */
function inTransaction(migration: Migration): Migration {
  const { up, down } = migration;
  return {
    up: (db) => db.transaction().execute((trx) => up(trx)),
    ...(down ? { down: (db) => db.transaction().execute((trx) => down(trx)) } : {}),
  };
}

/** `list` is for tests; the server always runs the shipped migrations. */
export async function migrateToLatest(db: Db, logger: Logger, list: Record<string, Migration> = migrations): Promise<void> {
  const sqlite = engineOf(db) === 'sqlite';
  const wrapped = Object.fromEntries(
    Object.entries(list).map(([name, migration]) => [name, sqlite ? inTransaction(migration) : migration]),
  );
  const provider: MigrationProvider = { getMigrations: async () => wrapped };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') logger.info({ migration: result.migrationName }, 'migration applied');
    if (result.status === 'Error') logger.error({ migration: result.migrationName }, 'migration failed');
  }
  if (error) throw error;
}
