import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import { ADMIN, startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';

// Its own file: the pool is one per process, and this server shrinks it.
let kit: AccountsServer;

beforeAll(async () => {
  kit = await startAccountsServer({ accounts: { hashing: { workers: 1, maxQueue: 1 } } });
});

afterAll(async () => {
  await kit.close();
});

describe('password hashing pool', () => {
  it('answers 429 with a translated "busy" when its queue is full, and hashes again once it drains', async () => {
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
