// `npm test`'s second pass: the API suite (server/) again, on PostgreSQL. Uses TEST_DATABASE_URL
// when set (a server where that user may CREATE DATABASE), else a throw-away cluster when a local
// PostgreSQL (pg_ctl) exists, else says it skipped. Extra arguments go to Vitest, e.g. one file:
//   node scripts/test-postgres.mjs server/modules/users/races.test.ts
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { findPostgresBin, startCluster } from './postgres-cluster.mjs';

const files = process.argv.slice(2);
const suite = files.length > 0 ? files : ['server'];

function runSuite(url) {
  const started = Date.now();
  const result = spawnSync('npx', ['vitest', 'run', ...suite], {
    stdio: 'inherit',
    env: { ...process.env, BAIBAO_TEST_POSTGRES_URL: url },
    shell: process.platform === 'win32',
  });
  console.log(`API suite on PostgreSQL: ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  return result.status ?? 1;
}

/** The URL without its password, for the log. */
const shown = (url) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

if (process.env.TEST_DATABASE_URL) {
  console.log(`API suite on PostgreSQL: TEST_DATABASE_URL (${shown(process.env.TEST_DATABASE_URL)})`);
  process.exit(runSuite(process.env.TEST_DATABASE_URL));
}

const bin = findPostgresBin();
if (!bin) {
  console.log(
    'API suite on PostgreSQL: skipped (no TEST_DATABASE_URL and no pg_ctl; Debian: apt-get install postgresql). It ran on SQLite only.',
  );
  process.exit(0);
}

const cluster = await startCluster(bin);
console.log(`API suite on PostgreSQL: throw-away cluster from ${bin} on port ${cluster.port}`);
let status;
const stopOnSignal = (signal) => {
  cluster.stop();
  process.kill(process.pid, signal);
};
process.once('SIGINT', stopOnSignal);
process.once('SIGTERM', stopOnSignal);
try {
  status = runSuite(cluster.url);
} finally {
  cluster.stop();
}
process.exit(status);
