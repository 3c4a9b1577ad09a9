import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P2P_API } from '@shared/contracts/p2p';
import type { P2pHello } from '@shared/contracts/p2p';
import { apiClient } from '../../testing/api-client';
import { hasCoturn, startCoturn } from '../../testing/coturn';
import type { Coturn } from '../../testing/coturn';
import { makeTempDir, startTestServer } from '../../testing/test-server';
import type { TestServer } from '../../testing/test-server';

const available = hasCoturn();
if (!available) console.warn('p2p-turn.test.ts skipped: no turnserver/turnutils_uclient (Debian: apt-get install coturn)');

const SECRET = 'coturn-shared-secret-for-tests';

describe.skipIf(!available)('TURN credentials from /api/p2p/hello against a real coturn', () => {
  let coturn: Coturn;
  let server: TestServer;
  let temp: { path: string; remove(): Promise<void> };

  beforeAll(async () => {
    coturn = await startCoturn(SECRET);
    temp = await makeTempDir();
    server = await startTestServer({
      dataDir: temp.path,
      env: { ICE_SERVERS: JSON.stringify([{ urls: `turn:127.0.0.1:${coturn.port}` }]), TURN_SECRET: SECRET },
    });
  }, 30_000);

  afterAll(async () => {
    await server?.close();
    await temp?.remove();
    await coturn?.stop();
  });

  it('are accepted by coturn with use-auth-secret, and a changed one is not', async () => {
    const hello = (await apiClient(server.baseUrl)<P2pHello>('GET', P2P_API.hello)).body.data!;
    const { username, credential } = hello.iceServers[0]!;
    expect(await coturn.allocates(username!, credential!)).toBe(true);
    expect(await coturn.allocates(username!, `${credential!.slice(0, -2)}x=`)).toBe(false);
    // Same credential, an expiry moved a day on: coturn's HMAC no longer matches.
    const [expiry, tag] = username!.split(':');
    expect(await coturn.allocates(`${Number(expiry) + 86_400}:${tag}`, credential!)).toBe(false);
  }, 60_000);
});
