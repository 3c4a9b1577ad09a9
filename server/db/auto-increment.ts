import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { engineOf } from './dialect';

/**
 * An integer primary key the database numbers itself. SQLite spells it AUTOINCREMENT (ids never
 * reused), PostgreSQL as an identity column; choosing here keeps migrations free of dialect code.
 */
export function autoIncrementKey(db: Kysely<unknown>): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  const postgres = engineOf(db) === 'postgres';
  return (column) => (postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement());
}
