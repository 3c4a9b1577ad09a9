import { expose, transfer } from 'comlink';
import { createRemuxer } from './remux';
import type { Remuxer } from './remux';

let remuxer: Remuxer | undefined;

/** Remuxing a segment parses every TS packet: off the page's thread, one download's stream at a time. */
const api = {
  start(seconds: number): void {
    remuxer = createRemuxer(seconds);
  },
  push(ts: Uint8Array, restartAt?: number): Uint8Array {
    if (!remuxer) throw new Error('remux not started');
    const mp4 = remuxer.push(ts, restartAt);
    return transfer(mp4, [mp4.buffer]);
  },
};

export type RemuxWorkerApi = typeof api;

expose(api);
