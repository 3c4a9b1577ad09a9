// Runs the browser e2e suite in real Chromium. Finds a browser (CHROMIUM_PATH, Debian's
// /usr/bin/chromium, Playwright's own), installs Debian's chromium when running as root and none
// is there, builds the website (unless told it is built), then hands over to Playwright with any extra arguments.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import process from 'node:process';

async function playwrightOwnChromium() {
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

async function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return playwrightOwnChromium();
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
  return result.status ?? 1;
}

let chromiumPath = await findChromium();
if (!chromiumPath) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('e2e: no Chromium found; installing Debian chromium with apt-get');
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update', '-qq'], aptEnv) !== 0 || run('apt-get', ['install', '-y', '-qq', 'chromium'], aptEnv) !== 0) {
      console.error('e2e: apt-get could not install chromium');
      process.exit(1);
    }
    chromiumPath = '/usr/bin/chromium';
  } else {
    console.error('e2e: no Chromium found. Install one (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH=/path/to/chrome.');
    process.exit(1);
  }
}

// `--built`: `npm test` built the website already, beside the PostgreSQL pass (package.json).
const built = process.argv.includes('--built');
if (!process.env.E2E_SKIP_BUILD && !built) {
  // With the first-load budget checked on the build just made (scripts/first-load-budget.ts): so `npm test` and CI fail when it grows.
  const status = run('npm', ['run', 'build:web:checked']);
  if (status !== 0) process.exit(status);
}

const args = process.argv.slice(2).filter((arg) => arg !== '--built');
// The whole suite (no arguments) runs the main-thread budget tests last, on a quiet machine (playwright.config.ts).
const whole = args.length === 0 ? { E2E_WHOLE_SUITE: '1' } : {};
process.exit(run('npx', ['playwright', 'test', ...args], { ...process.env, ...whole, CHROMIUM_PATH: chromiumPath }));
