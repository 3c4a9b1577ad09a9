/**
 * A server process for tests that need one (live/redis-bus.test.ts, testing/server-process.ts):
 * the real startup with config from the environment, plus the room feature `test:` no production
 * module defines. Prints `{"msg":"live-ready","port":…}` once it listens.
 */
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { startServer } from '../server';

const config = loadConfig(process.env);
// The WebDAV proxy waits 60 s for a silent server (pinned in config.test.ts); the e2e that
// proves "no answer is a timeout" shortens the wait rather than sit through it.
const webdavTimeoutMs = Number(process.env.TEST_WEBDAV_TIMEOUT_MS ?? 0);
if (webdavTimeoutMs > 0) config.proxy.purposes.webdav = { ...config.proxy.purposes.webdav, timeoutMs: webdavTimeoutMs };
const running = await startServer(config, createLogger(config.logLevel));
running.live.rooms.define('test', { anonymous: true });
process.stdout.write(`${JSON.stringify({ msg: 'live-ready', port: running.port })}\n`);
process.once('SIGTERM', () => void running.close().then(() => process.exit(0)));
