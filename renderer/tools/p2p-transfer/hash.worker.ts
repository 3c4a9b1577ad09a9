import { expose } from 'comlink';
import { createSHA256, type IHasher } from 'hash-wasm';

/** The SHA-256 states of the page's transfers, by the number the page gave each. */
const hashers = new Map<number, IHasher>();

function hasher(id: number): IHasher {
  const found = hashers.get(id);
  if (!found) throw new Error(`no hasher ${id}`);
  return found;
}

/**
 * Every file sent or received is hashed here, off the page's thread. Calls run in the order the
 * page sent them (each is synchronous here), so `save` and `digest` see every `update` before them.
 */
const api = {
  async open(id: number): Promise<void> {
    hashers.set(id, await createSHA256());
  },
  init(id: number): void {
    hasher(id).init();
  },
  update(id: number, data: Uint8Array): void {
    hasher(id).update(data);
  },
  save(id: number): Uint8Array {
    return hasher(id).save();
  },
  load(id: number, state: Uint8Array): void {
    hasher(id).load(state);
  },
  digest(id: number): string {
    return hasher(id).digest('hex');
  },
  close(id: number): void {
    hashers.delete(id);
  },
};

export type HashWorkerApi = typeof api;

expose(api);
