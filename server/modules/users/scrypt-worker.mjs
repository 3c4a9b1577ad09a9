// One scrypt at a time, off the main thread and off libuv's shared pool (password-pool.ts).
// Plain JavaScript so it runs the same under tsx, vitest and plain node.
import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, options);
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
