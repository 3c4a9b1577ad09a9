import { Kysely } from 'kysely';
import { createDialect } from './dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export function openDatabase(dataDir: string): Db {
  return new Kysely<Database>({ dialect: createDialect(dataDir) });
}
