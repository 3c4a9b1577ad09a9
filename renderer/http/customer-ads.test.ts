import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import multer from 'multer';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import type { AdInput } from '@shared/contracts/ads-base';
import { createHttpClient } from './client';

interface Seen {
  method: string;
  path: string;
  query: Record<string, unknown>;
  contentType: string;
  body: unknown;
  file?: { name: string; type: string; bytes: number };
}

let server: Server;
let seen: Seen[] = [];
const notices: string[] = [];
let failing = false;

vi.mock('@/platform/host', () => ({ apiUrl: 'https://api.baibao.test' }));
vi.mock('@/app/http', () => ({
  http: createHttpClient({
    baseURL: 'http://placeholder',
    notify: (_type, text) => notices.push(text),
    navigate: () => undefined,
    isDebug: () => false,
  }),
}));

const { customerAdsApi, adImageUrl } = await import('./customer-ads');
const { http } = await import('@/app/http');

beforeAll(async () => {
  const app = express();
  const upload = multer({ storage: multer.memoryStorage() });
  // Every content type the calls send, read as text so the test sees exactly what went out.
  app.use(express.text({ type: ['application/json', 'application/json-patch+json'] }));
  app.use('/api/system/customer-ads', upload.single('image'), (req, res) => {
    if (failing) {
      res.status(500).json({ code: API_CODE.SERVER_ERROR, msg: 'boom', data: null });
      return;
    }
    seen.push({
      method: req.method,
      path: req.originalUrl.split('?')[0] ?? '',
      query: req.query as Record<string, unknown>,
      contentType: req.get('content-type') ?? '',
      body: typeof req.body === 'string' && req.body ? JSON.parse(req.body) : req.body,
      file: req.file && { name: req.file.originalname, type: req.file.mimetype, bytes: req.file.size },
    });
    res.json({ code: API_CODE.OK, msg: 'ok', data: { ads: null, latestTimestamp: 5 } });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  http.axios.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  seen = [];
  notices.length = 0;
  failing = false;
});

const ad: AdInput = { type: 'TOP_BANNER', settings: { text: '好工具', link: 'https://example.com/' }, expirationTime: 1_900_000_000_000 };

describe('customer ads API client', () => {
  it('asks for the site ads with the cached latestTimestamp, and without one on a first visit', async () => {
    await expect(customerAdsApi.site(42)).resolves.toEqual({ ads: null, latestTimestamp: 5 });
    await customerAdsApi.site();
    expect(seen.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/system/customer-ads/site',
      'GET /api/system/customer-ads/site',
    ]);
    expect(seen[0]?.query.latestTimestamp).toBe('42');
    expect(seen[1]?.query).not.toHaveProperty('latestTimestamp');
  });

  it('sends a visit as json-patch+json and a view as JSON', async () => {
    await customerAdsApi.visit(7);
    await customerAdsApi.view(8);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/system/customer-ads/visit', body: { id: 7 } });
    expect(seen[0]?.contentType).toMatch(/^application\/json-patch\+json/);
    expect(seen[1]).toMatchObject({ method: 'POST', path: '/api/system/customer-ads/view', body: { id: 8 } });
    expect(seen[1]?.contentType).toMatch(/^application\/json/);
  });

  it('keeps site, view and visit failures away from the visitor', async () => {
    failing = true;
    await expect(customerAdsApi.site(1)).rejects.toThrow();
    await expect(customerAdsApi.view(1)).rejects.toThrow();
    await expect(customerAdsApi.visit(1)).rejects.toThrow();
    expect(notices).toEqual([]);
    // A call the visitor made does tell them.
    await expect(customerAdsApi.mine({ pageNum: 1, pageSize: 10 })).rejects.toThrow();
    expect(notices).toHaveLength(1);
  });

  it('publishes and edits as a multipart form: the ad as JSON text, the picture as a file', async () => {
    const picture = new File([new Uint8Array(300)], 'banner.png', { type: 'image/png' });
    await customerAdsApi.publish(ad, picture);
    await customerAdsApi.edit({ ...ad, id: 3 });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/system/customer-ads/publish' });
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data/);
    expect(JSON.parse((seen[0]?.body as { ad: string }).ad)).toEqual(ad);
    expect(seen[0]?.file).toEqual({ name: 'banner.png', type: 'image/png', bytes: 300 });
    expect(seen[1]).toMatchObject({ method: 'PUT', path: '/api/system/customer-ads' });
    expect(JSON.parse((seen[1]?.body as { ad: string }).ad)).toEqual({ ...ad, id: 3 });
    expect(seen[1]?.file).toBeUndefined();
  });

  it('lists, changes status and deletes on the spec paths', async () => {
    await customerAdsApi.listAll({ pageNum: 2, pageSize: 20, status: 'PENDING', owner: 'alice' });
    await customerAdsApi.mine({ pageNum: 1, pageSize: 10 });
    await customerAdsApi.changeStatus({ id: 4, status: 'APPROVED' });
    await customerAdsApi.softDelete(5);
    await customerAdsApi.remove(6);
    expect(seen.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/system/customer-ads/list/page',
      'GET /api/system/customer-ads/list/page/mine',
      'POST /api/system/customer-ads/change-status',
      'DELETE /api/system/customer-ads/5/soft',
      'DELETE /api/system/customer-ads/6',
    ]);
    expect(seen[0]?.query).toMatchObject({ pageNum: '2', pageSize: '20', status: 'PENDING', owner: 'alice' });
    expect(seen[2]?.body).toEqual({ id: 4, status: 'APPROVED' });
  });

  it("points an uploaded picture at the API's host and leaves an outside address alone", () => {
    expect(adImageUrl('/api/system/customer-ads/image/a1.webp')).toBe('https://api.baibao.test/api/system/customer-ads/image/a1.webp');
    expect(adImageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });
});
