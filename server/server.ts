import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { createApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/database';
import type { Db } from './db/database';
import { engineOf } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import { attachLiveEndpoint } from './live/live-endpoint';
import { createLive } from './live/live';
import type { Live } from './live/live';
import type { Logger } from './logger';
import { createSystemConfigRepository } from './modules/system-config/system-config.repository';
import { createSystemConfigService } from './modules/system-config/system-config.service';
import { bootstrapAdmin } from './modules/users/admin-bootstrap';
import { sweepOrphanAvatars } from './modules/users/avatar.service';
import { sweepOrphanAdImages } from './modules/customer-ads/customer-ads.module';
import { sweepOrphanSamples } from './modules/samples/samples.module';
import { sweepOrphanFeedbackScreenshots } from './modules/feedback/feedback.module';
import { loadAppSecret } from './modules/users/app-secret';
import { createUsersRepository } from './modules/users/users.repository';
import { sessionAuthenticator } from './modules/users/users.module';
import { createLocalStorage } from './storage/local-storage';
import { createS3Storage } from './storage/s3-storage';

const SHARED_STORE_GRACE_MS = 60 * 60 * 1000;

export interface RunningServer {
  server: Server;
  db: Db;
  /** Where a module (or a test) defines live rooms. */
  live: Live;
  /** The bound port (differs from config.port when that is 0). */
  port: number;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

async function prepareDatabase(config: Config, logger: Logger): Promise<Db> {
  const db = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost; the pool opens a new one'),
  });
  try {
    await migrateToLatest(db, logger);
    await createSystemConfigService(createSystemConfigRepository(db)).seedDefaults();
    await bootstrapAdmin(createUsersRepository(db), config.accounts.admin, logger);
    return db;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const secret = await loadAppSecret(config.dataDir, config.accounts.jwtSecret);
  const db = await prepareDatabase(config, logger);
  const storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
  let server: Server;
  let live: Live;
  let liveEndpoint: { close(): Promise<void> };
  try {
    live = await createLive(config.redisUrl, logger);
    // Before listening, so nothing this instance writes can be mistaken for a leftover.
    const unfinished = await storage.sweepUnfinished();
    // Local disk belongs to this instance alone; a bucket may be shared by instances uploading right
    // now, so there only objects older than an hour count as orphans.
    const grace = config.s3 ? SHARED_STORE_GRACE_MS : 0;
    const orphans =
      (await sweepOrphanAvatars(db, storage, grace)) +
      (await sweepOrphanAdImages(db, storage, grace)) +
      (await sweepOrphanFeedbackScreenshots(db, storage, grace)) +
      (await sweepOrphanSamples(db, storage, grace));
    if (unfinished || orphans) logger.warn({ unfinished, orphans }, 'removed files an interrupted upload left behind');
    const dependencies = { config, db, logger, secret, storage, live };
    server = createServer(createApp(dependencies));
    liveEndpoint = attachLiveEndpoint(server, {
      live,
      authenticate: sessionAuthenticator(dependencies),
      logger,
      corsOrigins: config.corsOrigins,
      trustProxyHops: config.trustProxyHops,
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let port: number;
  try {
    port = await listen(server, config.port, config.host);
  } catch (error) {
    await liveEndpoint.close();
    await live.bus.close();
    await db.destroy();
    throw error;
  }
  logger.info({ host: config.host, port, dataDir: config.dataDir, webDir: config.webDir, database: engineOf(db) }, 'listening');

  return {
    server,
    db,
    port,
    live,
    async close() {
      // Live sockets would hold server.close() open forever; they are told to reconnect elsewhere.
      await liveEndpoint.close();
      await live.bus.close();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await db.destroy();
    },
  };
}
