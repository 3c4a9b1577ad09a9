import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyStorage, fakeStores } from './fakes.test-helper';
import { followSession, loadStores } from './follow-session';
import type { HubInput } from './hubs.store';

const input: HubInput = { owner: 'octo', repo: 'pics', branch: 'main', path: 'img', token: 'ghp_secret' };

beforeEach(async () => {
  await emptyStorage();
});

/** The account seam's change listener, driven by the test as the session store would be. */
function session() {
  const listeners = new Set<(userId: number | undefined) => void>();
  return {
    onChange(listener: (userId: number | undefined) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    change: (userId: number | undefined) => listeners.forEach((listener) => listener(userId)),
    listeners,
  };
}

const until = async (check: () => boolean) => {
  for (let tries = 0; !check(); tries++) {
    if (tries > 200) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('followSession', () => {
  it('reads the stores again on login and logout while the page is open', async () => {
    const stores = fakeStores();
    const { account, hubs, files } = stores;
    // The account already holds a hub saved from another device.
    account.user = 7;
    const synced = await hubs.getState().save(input);
    await stores.storage.hubs.delete(synced.gid);
    account.user = undefined;

    await loadStores(stores);
    expect(hubs.getState().hubs).toEqual([]);
    const errors: unknown[] = [];
    const live = session();
    const stop = followSession(live, stores, (error) => errors.push(error));

    account.user = 7;
    live.change(7);
    await until(() => hubs.getState().hubs.length === 1);
    expect(hubs.getState().hubs[0]!.gid).toBe(synced.gid);
    expect(account.callsTo('/pic-hub-file/list/page/mine')).toHaveLength(1);

    account.user = undefined;
    live.change(undefined);
    await until(() => hubs.getState().hubs.length === 0);
    expect(files.getState().files).toEqual([]);
    expect(errors).toEqual([]);

    stop();
    expect(live.listeners.size).toBe(0);
  });
});
