// A throw-away PostgreSQL cluster for the API suite: initdb + pg_ctl from a local PostgreSQL
// install, in a temp folder, on a private port with its socket in that folder, trust auth, no
// fsync (the data dies with the run). As root it runs as the `postgres` user, since initdb
// refuses root. Used by scripts/test-postgres.mjs, and from a shell (.ci/run):
//   eval "$(node scripts/postgres-cluster.mjs start)"   → exports TEST_DATABASE_URL, PG_CLUSTER_DIR
//   node scripts/postgres-cluster.mjs stop "$PG_CLUSTER_DIR"
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

/** The folder holding pg_ctl and initdb: Debian's newest /usr/lib/postgresql/<version>/bin, else PATH. */
export function findPostgresBin() {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((version) => existsSync(join(debian, version, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the postgres user when we are root. */
function runPostgres(bin, program, args) {
  const command = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
  execFileSync(command[0], command[1], { stdio: ['ignore', 'ignore', 'inherit'] });
}

export async function startCluster(bin = findPostgresBin()) {
  if (!bin) throw new Error('No PostgreSQL found (pg_ctl, initdb). Debian: apt-get install postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'baibao-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    runPostgres(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ];
    runPostgres(bin, 'pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', options.join(' '), 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, port, url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop: () => stopCluster(dir, bin) };
}

export function stopCluster(dir, bin = findPostgresBin()) {
  if (!dir || !existsSync(dir)) return;
  try {
    if (bin && existsSync(join(dir, 'data', 'postmaster.pid')))
      runPostgres(bin, 'pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, dir] = process.argv.slice(2);
  if (command === 'start') {
    const cluster = await startCluster();
    console.log(`export TEST_DATABASE_URL='${cluster.url}' PG_CLUSTER_DIR='${cluster.dir}'`);
  } else if (command === 'stop') {
    stopCluster(dir);
  } else {
    console.error('usage: node scripts/postgres-cluster.mjs start | stop <dir>');
    process.exit(2);
  }
}
