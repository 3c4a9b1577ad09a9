// One scrypt at a time, off the main thread and off libuv's shared pool (password-pool.ts).
// Plain JavaScript so it runs the same under tsx, vitest and plain node.
import { scryptSync } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

/**
 * Linux keeps a nice value per thread: at 10 this thread gets about a tenth of a core the event
 * loop (or the database) also wants, and all of an idle one. Without it a hash takes its even
 * share, and on a busy 2-core machine /api/users/info waited hundreds of ms during a login storm
 * (issue 13, bench/README.md). Elsewhere (no /proc) hashing keeps the normal priority.
 */
const HASHING_NICENESS = 10;
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), HASHING_NICENESS);
} catch {
  // Not Linux, or /proc is not mounted.
}

parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, options);
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
