import { sql } from 'kysely';
import type { Db } from '../db/database';
import { engineOf } from '../db/dialect';
import type { Database } from '../db/schema';

export const INJECTED_FAILURE = 'injected write failure';

/**
 * Makes every `operation` on `table` fail inside the database itself (a trigger), on either engine,
 * so a test can break the second write of a service action and see what the first one left.
 * Row-level: an UPDATE that matches no row does not fail. Returns the undo.
 */
export async function failWrites(db: Db, table: keyof Database, operation: 'insert' | 'update'): Promise<() => Promise<void>> {
  const trigger = sql.id(`baibao_test_fail_${table}_${operation}`);
  const on = sql.id(table);
  const event = sql.raw(operation);
  if (engineOf(db) === 'sqlite') {
    await sql`create trigger ${trigger} before ${event} on ${on} begin select raise(abort, ${sql.lit(INJECTED_FAILURE)}); end`.execute(db);
    return async () => void (await sql`drop trigger ${trigger}`.execute(db));
  }
  await sql`create or replace function baibao_test_fail() returns trigger language plpgsql as $$ begin raise exception '${sql.raw(INJECTED_FAILURE)}'; end $$`.execute(
    db,
  );
  await sql`create trigger ${trigger} before ${event} on ${on} for each row execute function baibao_test_fail()`.execute(db);
  return async () => void (await sql`drop trigger ${trigger} on ${on}`.execute(db));
}
