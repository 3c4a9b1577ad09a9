import { sql } from 'kysely';
import type { Expression, RawBuilder } from 'kysely';
import { engineOf } from './dialect';
import type { AnyDb } from './dialect';

/**
 * Case folding that is the same on both engines. SQLite's lower() folds only A–Z; PostgreSQL's
 * follows the database's locale (É → é under most, not under C). Folding A–Z only, in SQL
 * (`collate "C"` pins PostgreSQL to it) and for the text compared with it, makes a search find the
 * same rows on both. User names are A–Z, digits and Chinese, so for them nothing is lost.
 */
export function foldCase(db: AnyDb, expression: Expression<string>): RawBuilder<string> {
  return engineOf(db) === 'postgres' ? sql<string>`lower(${expression} collate "C")` : sql<string>`lower(${expression})`;
}

/** What foldCase does in SQL, for the text it is compared with. */
export function foldCaseText(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * `expression` contains `keyword` literally (no wildcards: `_` and `%` are common in user names and
 * addresses), ignoring case as foldCase does. The backslash escape is spelled out because SQLite has
 * no default LIKE escape character.
 */
export function containsIgnoringCase(db: AnyDb, expression: Expression<string>, keyword: string): RawBuilder<boolean> {
  const pattern = `%${foldCaseText(keyword).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`${foldCase(db, expression)} like ${pattern} escape '\\'`;
}
