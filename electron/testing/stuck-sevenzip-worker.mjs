// A stand-in for adapters/archive/wasm-worker.ts that ignores the cancel flag: it opens the file
// it is given (writing the descriptor's number beside it), reports some progress as the real
// worker does and then computes forever. archive/process.test.ts uses it to check that a cancel
// still ends the worker, and that the file it held is closed then.
import { openSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const path = workerData.args[0].replace(/^\/host/, '');
const fd = openSync(path, 'r');
writeFileSync(`${path}.fd`, String(fd));
parentPort.postMessage({ type: 'out', fd: 1, bytes: new TextEncoder().encode('  5%\b\b\b\b') });
for (;;) {
  // Never reads or writes again, so never sees the cancel flag.
}
