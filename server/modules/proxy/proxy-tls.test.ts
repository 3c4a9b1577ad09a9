import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '@shared/contracts/api';
import type { TokenPair } from '@shared/contracts/users';
import { ADMIN, TEST_JWT_SECRET, startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { apiClient } from '../../testing/api-client';
import { startServerProcess } from '../../testing/server-process';
import type { ServerProcess } from '../../testing/server-process';
import { testEngine } from '../../testing/test-database';
import { makeTempDir } from '../../testing/test-server';

const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
if (!hasOpenssl) console.warn('proxy-tls.test.ts skipped: no openssl binary to make test certificates (Debian: apt-get install openssl)');

const BOOK = 'a book served over TLS';

/** A throw-away CA and a certificate it signed for 127.0.0.1 only, both made by openssl in `folder`. */
function makeCertificates(folder: string) {
  const at = (name: string) => join(folder, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    at('ca.key'),
    '-out',
    at('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Baibao test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign',
  );
  openssl('req', ...ec, '-keyout', at('site.key'), '-out', at('site.csr'), '-subj', '/CN=127.0.0.1');
  writeFileSync(at('site.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  openssl(
    'x509',
    '-req',
    '-in',
    at('site.csr'),
    '-CA',
    at('ca.pem'),
    '-CAkey',
    at('ca.key'),
    '-CAcreateserial',
    '-out',
    at('site.pem'),
    '-days',
    '2',
    '-extfile',
    at('site.ext'),
  );
  return { ca: at('ca.pem'), key: readFileSync(at('site.key')), cert: readFileSync(at('site.pem')) };
}

async function refusal(response: Response) {
  const body = (await response.json()) as ApiEnvelope;
  return { status: response.status, key: body.ext?.messages?.[0]?.key, proxyError: response.headers.get('x-proxy-error') };
}

describe.skipIf(!hasOpenssl)(`outbound proxy against a real HTTPS server (${testEngine})`, () => {
  let temp: { path: string; remove(): Promise<void> };
  let certificates: ReturnType<typeof makeCertificates>;
  let target: Server;
  let targetUrl = '';
  let requestsSeen = 0;

  beforeAll(async () => {
    temp = await makeTempDir();
    certificates = makeCertificates(temp.path);
    target = createServer({ key: certificates.key, cert: certificates.cert }, (_req, res) => {
      requestsSeen += 1;
      res.setHeader('Content-Type', 'text/plain');
      res.end(BOOK);
    });
    target.listen(0, '127.0.0.1');
    await once(target, 'listening');
    targetUrl = `https://127.0.0.1:${(target.address() as AddressInfo).port}`;
  }, 30_000);

  afterAll(async () => {
    target?.closeAllConnections();
    target?.close();
    await temp?.remove();
  });

  const proxied = (baseUrl: string, url: string, token: string) =>
    fetch(`${baseUrl}/api/proxy/m3u8?url=${encodeURIComponent(url)}`, { headers: { Authorization: `Bearer ${token}` } });

  describe('with Node’s own trust store', () => {
    let api: AccountsServer;
    let token = '';
    beforeAll(async () => {
      // PROXY_ALLOW_PRIVATE lets the loopback target through the address policy: the certificate is what is tested.
      api = await startAccountsServer({ env: { PROXY_ALLOW_PRIVATE: 'true' } });
      token = (await api.adminLogin()).accessToken;
    });
    afterAll(() => api?.close());

    it('refuses a certificate from an unknown CA with a translated message, before any request reaches the target', async () => {
      const before = requestsSeen;
      expect(await refusal(await proxied(api.server.baseUrl, `${targetUrl}/book.txt`, token))).toEqual({
        status: 502,
        key: 'proxy.certificateInvalid',
        proxyError: '1',
      });
      expect(requestsSeen).toBe(before);
    });

    it('keeps loopback HTTPS refused without PROXY_ALLOW_PRIVATE', async () => {
      const closed = await startAccountsServer();
      try {
        const response = await proxied(closed.server.baseUrl, `${targetUrl}/book.txt`, (await closed.adminLogin()).accessToken);
        expect(await refusal(response)).toMatchObject({ status: 400, key: 'proxy.forbiddenAddress' });
      } finally {
        await closed.close();
      }
    });
  });

  describe('with the CA added through NODE_EXTRA_CA_CERTS', () => {
    let instance: ServerProcess;
    let token = '';
    beforeAll(async () => {
      instance = await startServerProcess(join(temp.path, 'data'), {
        NODE_EXTRA_CA_CERTS: certificates.ca,
        PROXY_ALLOW_PRIVATE: 'true',
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: TEST_JWT_SECRET,
      });
      const login = await apiClient(instance.baseUrl)<TokenPair>('POST', '/api/users/login', {
        json: { account: ADMIN.userName, password: ADMIN.password },
      });
      token = login.body.data.accessToken;
    }, 60_000);
    afterAll(() => instance?.stop());

    it('reaches the trusted target and streams its answer back', async () => {
      const response = await proxied(instance.baseUrl, `${targetUrl}/book.txt`, token);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-proxy-error')).toBeNull();
      expect(await response.text()).toBe(BOOK);
    });

    it('still checks the name: the same certificate reached as localhost is refused', async () => {
      const port = new URL(targetUrl).port;
      expect(await refusal(await proxied(instance.baseUrl, `https://localhost:${port}/book.txt`, token))).toEqual({
        status: 502,
        key: 'proxy.certificateInvalid',
        proxyError: '1',
      });
    });
  });
});
