import { expose, transfer } from 'comlink';
import { createWith7z, listWith7z, readWith7z } from './sevenzip-core';

/** The 7-Zip (wasm) worker. Its work is synchronous inside wasm; cancelling terminates the worker. */
export const sevenZipWorkerApi = {
  list: listWith7z,
  async read(...args: Parameters<typeof readWith7z>): Promise<(Uint8Array | null)[]> {
    const data = await readWith7z(...args);
    return transfer(data, [...new Set(data.filter((bytes) => bytes !== null).map((bytes) => bytes.buffer as ArrayBuffer))]);
  },
  create: createWith7z,
};

export type SevenZipWorkerApi = typeof sevenZipWorkerApi;

expose(sevenZipWorkerApi);
