import { Kysely } from 'kysely';
import { createDialect } from './dialect';
import type { DatabaseSettings } from './dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export function openDatabase(settings: DatabaseSettings): Db {
  return new Kysely<Database>({ dialect: createDialect(settings) });
}
