import { Migrator } from 'kysely/migration';
import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Logger } from '../logger';
import type { Db } from './database';
import { initialTables } from './migrations/0001-initial-tables';
import { accountTables } from './migrations/0002-accounts';
import { userNameIgnoringCase } from './migrations/0003-user-name-ignoring-case';

/**
 * Listed in code rather than read from a folder so bundlers, tsx and tests all see the same set.
 * Names sort in the order they must run; never rename or edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '0001-initial-tables': initialTables,
  '0002-accounts': accountTables,
  '0003-user-name-ignoring-case': userNameIgnoringCase,
};

const staticMigrations: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db, logger: Logger): Promise<void> {
  const migrator = new Migrator({ db, provider: staticMigrations });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') logger.info({ migration: result.migrationName }, 'migration applied');
    if (result.status === 'Error') logger.error({ migration: result.migrationName }, 'migration failed');
  }
  if (error) throw error;
}
