// A stand-in for users/scrypt-worker.mjs with the same messages: each "hash" holds its thread for
// `options.N` ms (no CPU spent) and answers a key whose bytes all say how many hashes this worker
// has done, so a test can tell which tasks ever reached a worker.
import { parentPort } from 'node:worker_threads';

const sleeper = new Int32Array(new SharedArrayBuffer(4));
let done = 0;

parentPort.on('message', ({ id, keyLength, options }) => {
  Atomics.wait(sleeper, 0, 0, options.N);
  done += 1;
  parentPort.postMessage({ id, key: new Uint8Array(keyLength).fill(done) });
});
