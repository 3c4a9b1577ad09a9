/**
 * A server process for tests that need one (live/redis-bus.test.ts, testing/server-process.ts):
 * the real startup with config from the environment, plus the room feature `test:` no production
 * module defines. Prints `{"msg":"live-ready","port":…}` once it listens.
 */
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { startServer } from '../server';

const config = loadConfig(process.env);
const running = await startServer(config, createLogger(config.logLevel));
running.live.rooms.define('test', { anonymous: true });
process.stdout.write(`${JSON.stringify({ msg: 'live-ready', port: running.port })}\n`);
process.once('SIGTERM', () => void running.close().then(() => process.exit(0)));
