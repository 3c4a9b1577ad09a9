import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '@shared/contracts/api';
import { PROXY_DAILY_QUOTA_KEY } from '@shared/contracts/proxy';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { createQuotaLedger } from './proxy-quota';

// The m3u8 purpose's daily byte quota on the real server and its real database (SQLite here,
// PostgreSQL in `node scripts/test-postgres.mjs`), with a loopback target sending 1000-byte segments.
const SEGMENT = Buffer.alloc(1000, 7);
const DAY = 24 * 60 * 60 * 1000;

let target: Server;
let targetUrl: string;
let kit: AccountsServer;

beforeAll(async () => {
  target = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'video/mp2t', 'Content-Length': SEGMENT.length });
    res.end(SEGMENT);
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/seg.ts`;
  // 2500 bytes a user, 4500 an address; TRUST_PROXY lets the test pick the address by X-Forwarded-For.
  kit = await startAccountsServer({
    env: { PROXY_ALLOW_PRIVATE: 'true', TRUST_PROXY: '1', M3U8_DAILY_BYTES: '2500', M3U8_DAILY_BYTES_PER_IP: '4500' },
  });
}, 60_000);

afterAll(async () => {
  await kit?.close();
  await new Promise<void>((resolve) => target?.close(() => resolve()));
});

async function get(token: string, ip: string) {
  const response = await fetch(`${kit.server.baseUrl}/api/proxy/m3u8?url=${encodeURIComponent(targetUrl)}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip },
  });
  if (response.ok) return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
  const body = (await response.json()) as ApiEnvelope;
  return { status: response.status, key: body.ext?.messages?.[0]?.key, params: body.ext?.messages?.[0]?.params };
}

describe('m3u8 daily byte quota', () => {
  it('refuses a user after their bytes for the day, then their address after its own, each separately', async () => {
    const admin = (await kit.adminLogin()).accessToken;
    const other = (await kit.register('viewer', 'viewer@example.com')).accessToken;

    // 3 × 1000 bytes: the third call starts under 2500 and is sent whole; the fourth is refused.
    for (let i = 0; i < 3; i += 1) expect(await get(admin, '203.0.113.1')).toEqual({ status: 200, bytes: 1000 });
    expect(await get(admin, '203.0.113.1')).toMatchObject({ status: 429, key: PROXY_DAILY_QUOTA_KEY });
    // From another address the user is still over their own allowance.
    expect(await get(admin, '203.0.113.2')).toMatchObject({ status: 429, key: PROXY_DAILY_QUOTA_KEY });

    // Another user on the first address: the address has 3000 of its 4500 used, so two more pass.
    expect(await get(other, '203.0.113.1')).toEqual({ status: 200, bytes: 1000 });
    expect(await get(other, '203.0.113.1')).toEqual({ status: 200, bytes: 1000 });
    expect(await get(other, '203.0.113.1')).toMatchObject({ status: 429, key: PROXY_DAILY_QUOTA_KEY });
    // The same user elsewhere has 500 bytes left of their own.
    expect(await get(other, '203.0.113.3')).toEqual({ status: 200, bytes: 1000 });
  });

  it('says the allowance in GB and translates in both languages', async () => {
    const token = (await kit.register('third', 'third@example.com')).accessToken;
    for (let i = 0; i < 3; i += 1) await get(token, '198.51.100.7');
    const refused = await fetch(`${kit.server.baseUrl}/api/proxy/m3u8?url=${encodeURIComponent(targetUrl)}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '198.51.100.7' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-proxy-error')).toBe('1');
    const body = (await refused.json()) as ApiEnvelope;
    expect(body.ext?.messages?.[0]).toEqual({ key: PROXY_DAILY_QUOTA_KEY, params: { gigabytes: 0 } });
    expect(body.msg).toContain('GB');
  });
});

describe('quota ledger', () => {
  it('adds across calls per key and starts from zero on the next UTC day, deleting past days', async () => {
    let now = Date.UTC(2026, 10, 27, 23, 59, 0);
    const ledger = createQuotaLedger(kit.server.db, () => now);
    await ledger.add(['user:900', 'ip:a'], 700);
    await ledger.add(['user:900'], 300);
    expect(Object.fromEntries(await ledger.used(['user:900', 'ip:a', 'ip:b']))).toEqual({ 'user:900': 1000, 'ip:a': 700, 'ip:b': 0 });

    // A second ledger (another instance on the same database) adds to the same counts.
    await createQuotaLedger(kit.server.db, () => now).add(['user:900'], 24);
    expect((await ledger.used(['user:900'])).get('user:900')).toBe(1024);

    now += DAY;
    expect((await ledger.used(['user:900'])).get('user:900')).toBe(0);
    await ledger.add(['user:900'], 5);
    expect((await ledger.used(['user:900'])).get('user:900')).toBe(5);
    const days = await kit.server.db.selectFrom('proxy_quota').select('day').where('quota_key', '=', 'user:900').execute();
    expect(days.map(({ day }) => day)).toEqual(['2026-11-28']);
  });
});
