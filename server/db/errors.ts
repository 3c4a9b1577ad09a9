/**
 * True when a write was refused by a unique index or primary key, on either engine: better-sqlite3
 * names it in `code` (SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY), pg gives the SQLSTATE 23505.
 * Services turn it into their "taken" message; anything else stays an error.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * True when the store has no room left: SQLite's SQLITE_FULL (disk or max_page_count), the disk's
 * ENOSPC, PostgreSQL's disk_full (53100). The error handler answers it with a translated
 * "storage full" instead of the generic 500.
 */
export function isStorageFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === '53100';
}
