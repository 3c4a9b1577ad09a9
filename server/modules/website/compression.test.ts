import { request } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeoManifest } from '@shared/contracts/seo';
import { makeTempDir, startTestServer } from '../../testing/test-server';
import type { TestServer } from '../../testing/test-server';

// Real HTTP with raw bytes: fetch would decompress silently and hide which encoding came back.

const SCRIPT = `export const words = ${JSON.stringify('百宝箱 compresses well. '.repeat(400))};\n`;
const WORKER = 'self.onmessage = () => {};';
const SW = `self.addEventListener('install', () => self.skipWaiting()); // ${'x'.repeat(2000)}`;
const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>百宝箱</title>
    <meta name="description" content="百宝箱" />
    <meta name="keywords" content="百宝箱" />
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div><!-- ${'padding '.repeat(300)} --></body>
</html>
`;
const texts = { title: '百宝箱', description: '工具箱', keywords: '工具' };
const MANIFEST: SeoManifest = {
  site: { cn: { title: '百宝箱', subTitle: '工具箱' }, en: { title: 'Baibao', subTitle: 'Tools' } },
  routes: [{ path: '/', requireAuth: false, requireAdmin: false, noindex: false, cn: texts, en: texts }],
};

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let site: TestServer;

function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${site.baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const varyOf = (response: RawResponse) => String(response.headers.vary ?? '').toLowerCase();

beforeAll(async () => {
  temp = await makeTempDir();
  const webDir = join(temp.path, 'web');
  await mkdir(join(webDir, 'assets'), { recursive: true });
  await writeFile(join(webDir, 'index.html'), INDEX_HTML);
  await writeFile(join(webDir, 'seo.json'), JSON.stringify(MANIFEST));
  // As `npm run build:web` leaves them: the file, its .br and its .gz.
  await writeFile(join(webDir, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(webDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(join(webDir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  // Small files get no siblings.
  await writeFile(join(webDir, 'assets', 'tiny.worker-def456.js'), WORKER);
  await writeFile(join(webDir, 'sw.js'), SW);
  await writeFile(join(webDir, 'sw.js.br'), brotliCompressSync(SW));
  await writeFile(join(webDir, 'sw.js.gz'), gzipSync(SW));
  site = await startTestServer({ dataDir: join(temp.path, 'data'), webDir });
});

afterAll(async () => {
  await site.close();
  await temp.remove();
});

describe('precompressed built files', () => {
  it('sends the brotli sibling when the browser accepts it, typed and cached as the script', async () => {
    const res = await raw('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varyOf(res)).toContain('accept-encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip sibling to a browser without brotli, and follows q-values', async () => {
    const gzip = await raw('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const preferred = await raw('/assets/index-abc123.js', { 'accept-encoding': 'br;q=0.5, gzip;q=1' });
    expect(preferred.headers['content-encoding']).toBe('gzip');
  });

  it('sends the file itself, still varying on Accept-Encoding, to a client that accepts neither', async () => {
    const res = await raw('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varyOf(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.toString()).toBe(SCRIPT);
    const none = await raw('/assets/index-abc123.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(SCRIPT);
  });

  it('answers HEAD with the chosen encoding and no body', async () => {
    const res = await raw('/assets/index-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });

  it('serves a file without siblings as it is', async () => {
    const res = await raw('/assets/tiny.worker-def456.js', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(WORKER);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never lets the service worker be cached long, compressed or not', async () => {
    const res = await raw('/sw.js', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(SW);
    expect((await raw('/sw.js')).headers['cache-control']).toBe('no-cache');
  });

  it('does not let a path climb out of the website folder through the sibling lookup', async () => {
    const res = await raw('/assets/..%2F..%2Fdata%2Fbaibao.db', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.status).not.toBe(200);
  });
});

describe('responses rendered per request', () => {
  it('compresses the HTML page and keeps it revalidated', async () => {
    const res = await raw('/', { accept: 'text/html', 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(varyOf(res)).toContain('accept-encoding');
    expect(brotliDecompressSync(res.body).toString()).toContain('<div id="root"></div>');
    const gzip = await raw('/', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('<title>');
  });

  it('compresses API JSON above the threshold and leaves small answers alone', async () => {
    const big = JSON.stringify({ note: '一段很长的说明 '.repeat(200) });
    await site.db
      .insertInto('system_configs')
      .values({ code: 'long-note', value: big, created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .execute();
    const res = await raw('/api/system/configs/code/long-note', { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varyOf(res)).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(res.body).toString()).data.value.note).toContain('一段很长的说明');

    const small = await raw('/api/health', { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
