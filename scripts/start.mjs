// `npm start`: builds the website when its sources are newer than the last build, then runs the
// API + website server. A fresh clone builds once; later starts skip straight to the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const SOURCES = ['renderer', 'shared', 'resources', 'vite.config.ts', 'package.json', 'scripts/build-seo.ts'];
const BUILT = 'dist/web/seo.json';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

function run(command, args) {
  const status = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;
  if (status !== 0) process.exit(status);
}

const stale = !existsSync(BUILT) || SOURCES.filter(existsSync).some((path) => newestMtime(path) > statSync(BUILT).mtimeMs);
if (stale) run('npm', ['run', 'build:web']);
run('npx', ['tsx', 'server/index.ts']);
