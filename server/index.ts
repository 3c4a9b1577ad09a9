import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { createLogger } from './logger';
import { AppSecretError } from './modules/users/app-secret';
import { startServer } from './server';

/** In-flight requests get this long after SIGINT/SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function configOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    createLogger('info').fatal(error.message);
    process.exit(1);
  }
}

const config = configOrExit();
const logger = createLogger(config.logLevel);
const running = await startServer(config, logger).catch((error: unknown) => {
  if (!(error instanceof AppSecretError)) throw error;
  logger.fatal(error.message);
  process.exit(1);
});

let stopping = false;
function shutdown(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.error('shutdown grace period over, exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  running.close().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}

process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
