import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROXY_HEADERS } from '@shared/contracts/proxy';
import { createProxyClient, ProxyError } from './proxy';

// A loopback server answering as /api/proxy does (the real proxy is proven in server/modules/proxy).
let server: Server;
let baseURL = '';
/** 200 000 bytes that are not all the same, so a misplaced chunk shows. */
const slowBody = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) & 0xff));
let seen: { url: string; method: string; authorization?: string; target?: string } | undefined;

beforeAll(async () => {
  const app = express();
  app.all('/api/proxy/:purpose', (req, res) => {
    seen = {
      url: String(req.query.url),
      method: req.method,
      authorization: req.get('authorization'),
      target: req.get(PROXY_HEADERS.targetAuthorization),
    };
    const target = String(req.query.url);
    if (target.endsWith('/refused')) {
      res.setHeader(PROXY_HEADERS.error, '1');
      res.status(400).json({
        code: 40000,
        msg: '… / …',
        data: null,
        ext: { popupNotice: true, messages: [{ key: 'proxy.forbiddenAddress', field: 'url' }] },
      });
    } else if (target.endsWith('/missing')) {
      res.status(404).send('target says no');
    } else if (target.endsWith('/cut')) {
      res.setHeader(PROXY_HEADERS.maxBytes, '1000');
      res.write(Buffer.alloc(1000));
      res.socket?.end();
    } else if (target.endsWith('/broken')) {
      res.setHeader(PROXY_HEADERS.maxBytes, '1000');
      res.write(Buffer.alloc(10));
      res.socket?.end();
    } else if (target.endsWith('/slow')) {
      // A declared length, the bytes in several writes: the client reads them as several chunks.
      res.setHeader('Content-Length', String(slowBody.length));
      const parts = [slowBody.subarray(0, 1000), slowBody.subarray(1000, 70_000), slowBody.subarray(70_000)];
      const next = () => {
        const part = parts.shift();
        if (!part) return void res.end();
        res.write(part);
        setTimeout(next, 20);
      };
      next();
    } else if (target.endsWith('/gzip')) {
      // The declared length is the compressed one; fetch hands over the bytes decoded, which are more.
      const packed = gzipSync(slowBody);
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Length', String(packed.length));
      res.end(packed);
    } else {
      res.send('payload');
    }
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('proxy client', () => {
  const client = (language: 'cn' | 'en' = 'en') =>
    createProxyClient({ baseURL, getAccessToken: () => 'token-1', language: () => language });

  it('sends the target, method, session and the user’s target credentials', async () => {
    const response = await client().fetch('webdav', 'https://dav.example.com/books/', {
      method: 'PROPFIND',
      targetAuthorization: 'Basic abc',
    });
    expect(await response.text()).toBe('payload');
    expect(seen).toEqual({
      url: 'https://dav.example.com/books/',
      method: 'PROPFIND',
      authorization: 'Bearer token-1',
      target: 'Basic abc',
    });
  });

  it('hands back the target’s own errors as responses', async () => {
    const response = await client().fetch('m3u8', 'https://cdn.example.com/missing');
    expect(response.status).toBe(404);
  });

  it('throws the proxy’s refusal translated in the page’s language', async () => {
    const cn = await client('cn')
      .fetch('m3u8', 'http://intranet/refused')
      .catch((error: unknown) => error);
    expect(cn).toBeInstanceOf(ProxyError);
    expect(cn).toMatchObject({ kind: 'refused', status: 400, message: '不能访问本机、内网或保留地址', keys: ['proxy.forbiddenAddress'] });
    await expect(client('en').fetch('m3u8', 'http://intranet/refused')).rejects.toThrow(
      'This machine, local networks and reserved addresses cannot be reached',
    );
  });

  it('tells a body cut at the cap from a broken connection', async () => {
    const c = client();
    await expect(c.bytes(await c.fetch('m3u8', 'https://cdn.example.com/cut'))).rejects.toMatchObject({
      kind: 'responseTooLarge',
      message: 'The server’s answer is over 1 MB and was cut off',
    });
    await expect(c.bytes(await c.fetch('m3u8', 'https://cdn.example.com/broken'))).rejects.toMatchObject({
      kind: 'network',
      message: 'The server cannot be reached',
    });
    expect(new TextDecoder().decode(await c.bytes(await c.fetch('m3u8', 'https://cdn.example.com/ok')))).toBe('payload');
  });

  it('gives the whole body whether or not its declared length is what arrives', async () => {
    const c = client();
    const slow = await c.bytes(await c.fetch('m3u8', 'https://cdn.example.com/slow'));
    expect(slow.byteLength).toBe(slowBody.length);
    // The answer is its own buffer, no bigger: the m3u8 loader hands it on without a copy.
    expect(slow.buffer.byteLength).toBe(slowBody.length);
    expect(Buffer.from(slow).equals(slowBody)).toBe(true);
    const decoded = await c.bytes(await c.fetch('m3u8', 'https://cdn.example.com/gzip'));
    expect(Buffer.from(decoded).equals(slowBody)).toBe(true);
  });
});
