import { randomBytes } from 'node:crypto';
import { sep } from 'node:path';
import pg from 'pg';
import type { DatabaseSettings } from '../db/dialect';

/**
 * Set by scripts/test-postgres.mjs (from TEST_DATABASE_URL or its own throw-away cluster), never by
 * hand: a plain `vitest run` is the SQLite run. With it, every data folder a test starts a server
 * on gets its own PostgreSQL database, so parallel test files never see each other's rows, and a
 * restart on the same folder finds the same database, as it finds the same SQLite file.
 */
const postgresUrl = process.env.BAIBAO_TEST_POSTGRES_URL || undefined;

export const testEngine = postgresUrl ? 'postgres' : 'sqlite';

/** data folder → its database's URL */
const databases = new Map<string, Promise<string>>();

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function createDatabase(): Promise<string> {
  const name = `baibao_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await onServer(`create database "${name}"`);
  const url = new URL(postgresUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The database settings for a server on `dataDir`: SQLite in it, or its own PostgreSQL database. */
export async function testDatabaseSettings(dataDir: string): Promise<DatabaseSettings> {
  if (!postgresUrl) return { dataDir, databaseUrl: undefined };
  let url = databases.get(dataDir);
  if (!url) {
    url = createDatabase();
    databases.set(dataDir, url);
  }
  return { dataDir, databaseUrl: await url };
}

/** Drops the databases of `folder` and of every data folder below it (makeTempDir's remove). */
export async function dropTestDatabases(folder: string): Promise<void> {
  for (const [dataDir, url] of databases) {
    if (dataDir !== folder && !dataDir.startsWith(folder + sep)) continue;
    databases.delete(dataDir);
    const name = new URL(await url).pathname.slice(1);
    // FORCE ends connections a failed test left open.
    await onServer(`drop database if exists "${name}" with (force)`);
  }
}
