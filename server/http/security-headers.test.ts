import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, startTestServer } from '../testing/test-server';
import type { TestServer } from '../testing/test-server';
import { securityHeaders } from './security-headers';

/** The policy as directive → sources, read from a real response. */
async function policyOf(url: string): Promise<Map<string, string[]>> {
  const response = await fetch(url);
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

describe('securityHeaders', () => {
  it("lets the page call GitHub's API and the built-in CDNs, show pictures from any https CDN, and adds the extra origins to both", async () => {
    const app = express();
    app.use(securityHeaders(['http://127.0.0.1:4600', 'https://ghe.example.com']));
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const policy = await policyOf(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(policy.get('connect-src')).toEqual([
        "'self'",
        'https://api.github.com',
        'https://cdn.jsdmirror.com',
        'https://cdn.jsdelivr.net',
        'https://cdn.statically.io',
        'https://raw.githubusercontent.com',
        'http://127.0.0.1:4600',
        'https://ghe.example.com',
      ]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http://127.0.0.1:4600', 'https://ghe.example.com']);
      // Nothing else opens up: scripts stay our own.
      expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('allows eval in the /terminal document only (the remote console runs what an accepted device sends)', async () => {
    const app = express();
    app.use(securityHeaders());
    app.get('/{*any}', (_req, res) => {
      res.send('ok');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of ['/terminal', '/terminal/', '/terminal?id=K7M3X', '/en/terminal', '/en/terminal?open=1'])
        expect((await policyOf(`${base}${path}`)).get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]);
      for (const path of ['/', '/terminalx', '/en/terminalx', '/fr/terminal', '/p2p/transfer', '/assets/terminal.js'])
        expect((await policyOf(`${base}${path}`)).get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps the windows the page opens (the external tools answer their handshake through window.opener)', async () => {
    const app = express();
    app.use(securityHeaders());
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('PICHUB_CONNECT_SRC reaches the policy of the running app', () => {
  let dir: Awaited<ReturnType<typeof makeTempDir>>;
  let server: TestServer;

  beforeAll(async () => {
    dir = await makeTempDir();
    server = await startTestServer({ dataDir: dir.path, env: { PICHUB_CONNECT_SRC: 'http://127.0.0.1:4601 http://127.0.0.1:4602' } });
  });
  afterAll(async () => {
    await server?.close();
    await dir?.remove();
  });

  it('on API answers and pages alike', async () => {
    for (const path of ['/api/health', '/pic/hub']) {
      const policy = await policyOf(`${server.baseUrl}${path}`);
      expect(policy.get('connect-src')).toEqual(
        expect.arrayContaining(['https://api.github.com', 'http://127.0.0.1:4601', 'http://127.0.0.1:4602']),
      );
      expect(policy.get('img-src')).toEqual(expect.arrayContaining(['https:', 'http://127.0.0.1:4601', 'http://127.0.0.1:4602']));
    }
  });
});
