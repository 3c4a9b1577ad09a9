import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config';
import type { AccountsConfig, Config } from '../config';
import type { Db } from '../db/database';
import type { Live } from '../live/live';
import { createLogger } from '../logger';
import type { Logger } from '../logger';
import { startServer } from '../server';
import { dropTestDatabases, testDatabaseSettings } from './test-database';

export interface TestServer {
  baseUrl: string;
  db: Db;
  /** Where a test defines live rooms of its own, beside the modules' (`p2p`). */
  live: Live;
  close(): Promise<void>;
}

export interface TestServerOptions {
  dataDir: string;
  /** Defaults to a folder that does not exist: API-only mode. */
  webDir?: string;
  env?: Record<string, string>;
  logger?: Logger;
  /** Overrides for what is not an environment setting, such as rate limits. */
  accounts?: Partial<AccountsConfig>;
  picHub?: Partial<Config['picHub']>;
  chat?: Partial<Config['chat']>;
  p2p?: Partial<Config['p2p']>;
  tunnel?: Partial<Config['tunnel']>;
  customerAds?: Partial<Config['customerAds']>;
  board?: Partial<Config['board']>;
}

/**
 * Runs the real startup path (migrations, seed, listen on a free port) against a temp DATA_DIR, and
 * on the PostgreSQL run against that folder's own database (testing/test-database.ts).
 */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const { databaseUrl } = await testDatabaseSettings(options.dataDir);
  const loaded = loadConfig({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    WEB_DIR: options.webDir ?? join(options.dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...options.env,
  });
  const config = {
    ...loaded,
    accounts: { ...loaded.accounts, ...options.accounts },
    picHub: { ...loaded.picHub, ...options.picHub },
    chat: { ...loaded.chat, ...options.chat },
    p2p: { ...loaded.p2p, ...options.p2p },
    tunnel: { ...loaded.tunnel, ...options.tunnel },
    customerAds: { ...loaded.customerAds, ...options.customerAds },
    board: { ...loaded.board, ...options.board },
  };
  const running = await startServer(config, options.logger ?? createLogger(config.logLevel));
  return { baseUrl: `http://127.0.0.1:${running.port}`, db: running.db, live: running.live, close: running.close };
}

/** A temp folder to use as DATA_DIR; remove() also drops the PostgreSQL databases of servers started in it. */
export async function makeTempDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'baibao-api-test-'));
  return {
    path,
    async remove() {
      await dropTestDatabases(path);
      await rm(path, { recursive: true, force: true });
    },
  };
}
