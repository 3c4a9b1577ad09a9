import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import { ADMIN, startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { HashingBusyError, createPasswordPool } from './password-pool';

const SLOW_WORKER = new URL('../../testing/slow-hash-worker.mjs', import.meta.url);
const salt = new Uint8Array(16);
/** A fake hash that holds its worker for `ms`; the key's bytes count the worker's hashes so far. */
const fakeHash = (pool: ReturnType<typeof createPasswordPool>, ms: number) => pool.scrypt('pw', salt, 4, { N: ms });

describe('password hashing pool', () => {
  it('refuses a hash that waited maxWaitMs for a worker, without ever starting it', async () => {
    const pool = createPasswordPool(SLOW_WORKER);
    pool.configure({ workers: 1, maxQueue: 10, maxWaitMs: 100 });
    const first = fakeHash(pool, 600);
    const started = Date.now();
    const waiting = await Promise.allSettled([fakeHash(pool, 1), fakeHash(pool, 1)]);
    // Refused at its deadline, not when the worker came free (600 ms).
    expect(Date.now() - started).toBeLessThan(500);
    expect(waiting.map((outcome) => outcome.status === 'rejected' && outcome.reason instanceof HashingBusyError)).toEqual([true, true]);
    expect((await first)[0]).toBe(1);
    // The two refused ones never reached the worker: this is its second hash.
    expect((await fakeHash(pool, 1))[0]).toBe(2);
  });

  it('refuses at once when the queue is full, and takes work again once it drains', async () => {
    const pool = createPasswordPool(SLOW_WORKER);
    pool.configure({ workers: 1, maxQueue: 1, maxWaitMs: 60_000 });
    const running = fakeHash(pool, 300);
    const queued = fakeHash(pool, 1);
    await expect(fakeHash(pool, 1)).rejects.toBeInstanceOf(HashingBusyError);
    await Promise.all([running, queued]);
    expect((await fakeHash(pool, 1))[0]).toBe(3);
  });

  it.skipIf(process.platform !== 'linux')('hashes on threads below the event loop’s priority (Linux: nice 10)', async () => {
    const niceValues = () =>
      readdirSync('/proc/self/task').map((tid) => {
        // Field 19 of stat; the command name (field 2) may hold spaces, so count after its ')'.
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    const before = niceValues().filter((nice) => nice === 10).length;
    const pool = createPasswordPool();
    pool.configure({ workers: 1, maxQueue: 1, maxWaitMs: 60_000 });
    await pool.scrypt('pw', salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    expect(niceValues().filter((nice) => nice === 10).length).toBe(before + 1);
    expect(niceValues()).toContain(0);
  });
});

// The server's own pool, shrunk, behind the login route.
describe('a login while the hashing queue is full', () => {
  let kit: AccountsServer;

  beforeAll(async () => {
    kit = await startAccountsServer({ accounts: { hashing: { workers: 1, maxQueue: 1, maxWaitMs: 60_000 } } });
  });

  afterAll(async () => {
    await kit.close();
  });

  it('answers 429 with a translated "busy", and hashes again once the queue drains', async () => {
    const storm = await Promise.all(
      Array.from({ length: 8 }, () =>
        kit.call('POST', '/api/users/login', { json: { account: ADMIN.userName, password: 'wrong-password' } }),
      ),
    );
    const busy = storm.filter((answer) => answer.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]?.body).toMatchObject({
      code: API_CODE.TOO_MANY_REQUESTS,
      ext: { popupNotice: true, messages: [{ key: 'users.serverBusy' }] },
    });
    // At least the one hashing and the one queued were answered as usual.
    expect(storm.filter((answer) => answer.status === 400).length).toBeGreaterThanOrEqual(2);
    expect(storm.every((answer) => answer.status === 400 || answer.status === 429)).toBe(true);
    expect((await kit.call('POST', '/api/users/login', { json: { account: ADMIN.userName, password: ADMIN.password } })).status).toBe(200);
  });
});
