import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import { ADMIN, ROOMY_LIMITS, startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';

// Its own file: the hashing pool is one per process, and this server shrinks it to one worker
// that lets nothing wait longer than a real hash takes.
let kit: AccountsServer;
const FAILURES_ALLOWED = 3;

beforeAll(async () => {
  kit = await startAccountsServer({
    accounts: {
      hashing: { workers: 1, maxQueue: 1, maxWaitMs: 5 },
      rateLimits: {
        ...ROOMY_LIMITS,
        loginFailuresPerAccountAndIp: { windowMs: 60_000, limit: FAILURES_ALLOWED },
        // A slowed-down account would make the last checks wait; its counting is the same.
        loginFailuresPerAccount: { windowMs: 60_000, free: FAILURES_ALLOWED, stepMs: 60_000, maxDelayMs: 60_000 },
      },
    },
  });
});

afterAll(async () => {
  await kit.close();
});

const login = (password: string) => kit.call('POST', '/api/users/login', { json: { account: ADMIN.userName, password } });

describe('a login refused because the server is busy', () => {
  it('is not counted as a failed guess: the owner is neither locked out nor slowed down by busy answers', async () => {
    // Waves of FAILURES_ALLOWED logins at once: express-rate-limit counts a request from its start
    // and takes a non-failure back only once it is answered, so more in flight at once would meet
    // the per-(account, address) limit while they wait (a CI run on PostgreSQL, whose lookups keep
    // them in flight longer, answered one of eight "too many logins"). Each wave still overflows the
    // one worker and its one-place queue.
    const storm: Array<Awaited<ReturnType<typeof login>>> = [];
    for (let wave = 0; wave < 6; wave++)
      storm.push(...(await Promise.all(Array.from({ length: FAILURES_ALLOWED }, () => login(ADMIN.password)))));
    const busy = storm.filter((answer) => answer.status === 429);
    expect(busy.length).toBeGreaterThan(FAILURES_ALLOWED);
    for (const answer of busy)
      expect(answer.body).toMatchObject({ code: API_CODE.TOO_MANY_REQUESTS, ext: { messages: [{ key: 'users.serverBusy' }] } });
    expect(storm.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);

    const started = Date.now();
    expect((await login(ADMIN.password)).status).toBe(200);
    // Beyond `free` counted failures every attempt would wait a minute first.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('leaves the count of real wrong passwords as it was: the lockout still comes after the allowed failures', async () => {
    for (let attempt = 0; attempt < FAILURES_ALLOWED; attempt++) expect((await login('wrong-password')).status).toBe(400);
    const refused = await login(ADMIN.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ ext: { messages: [{ key: 'users.tooManyLogins' }] } });
  });
});
