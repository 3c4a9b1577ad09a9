import { mkdir, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeoManifest } from '@shared/contracts/seo';
import { makeTempDir, startTestServer } from '../../testing/test-server';
import type { TestServer } from '../../testing/test-server';

/** Same head markers as renderer/index.html. */
const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>百宝箱</title>
    <meta name="description" content="百宝箱" />
    <meta name="keywords" content="百宝箱" />
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const texts = (title: string, description: string, keywords: string) => ({ title, description, keywords });

const MANIFEST: SeoManifest = {
  site: { cn: { title: '百宝箱', subTitle: '免费、好用、不上传的在线工具箱' }, en: { title: 'Baibao', subTitle: 'Free, handy tools' } },
  routes: [
    {
      path: '/',
      requireAuth: false,
      requireAdmin: false,
      noindex: false,
      cn: texts('百宝箱', '免费、好用、不上传的在线工具箱', '百宝箱,工具'),
      en: texts('Baibao', 'Free, handy tools', 'Baibao,tools'),
    },
    {
      path: '/file/hasher',
      requireAuth: false,
      requireAdmin: false,
      noindex: false,
      cn: texts('文件哈希', '在本机计算文件哈希', 'MD5,SHA256'),
      en: texts('File hasher', 'Hash files locally', 'MD5,checksum'),
    },
    {
      path: '/text/tricky',
      requireAuth: false,
      requireAdmin: false,
      noindex: false,
      cn: texts('A<b>&"$&</b>', '</title><script>x</script>', "'$1'"),
      en: texts('T', 'D', 'K'),
    },
    {
      path: '/admin',
      requireAuth: true,
      requireAdmin: true,
      noindex: true,
      cn: texts('后台', '后台', '后台'),
      en: texts('Admin', 'Admin', 'Admin'),
    },
    { path: '/user/login', requireAuth: false, requireAdmin: false, noindex: true, cn: texts('登录', '', ''), en: texts('Log in', '', '') },
  ],
  redirects: [{ from: '/hash', to: '/file/hasher' }],
};

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let site: TestServer;
let apiOnly: TestServer;
let webDir: string;

beforeAll(async () => {
  temp = await makeTempDir();
  webDir = join(temp.path, 'web');
  await mkdir(join(webDir, 'assets'), { recursive: true });
  await writeFile(join(webDir, 'index.html'), INDEX_HTML);
  await writeFile(join(webDir, 'seo.json'), JSON.stringify(MANIFEST));
  await writeFile(join(webDir, 'assets', 'index-abc123.js'), 'console.info(1)');
  await writeFile(join(webDir, 'sw.js'), 'self.skipWaiting()');
  await writeFile(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  site = await startTestServer({ dataDir: join(temp.path, 'site-data'), webDir, env: { SITE_URL: 'https://baibao.example/' } });
  apiOnly = await startTestServer({ dataDir: join(temp.path, 'api-data') });
});

afterAll(async () => {
  await site.close();
  await apiOnly.close();
  await temp.remove();
});

const get = (path: string, init: RequestInit = {}) => fetch(site.baseUrl + path, { redirect: 'manual', ...init });

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];

describe('SPA pages with per-route head tags', () => {
  it('injects the cn texts for /file/hasher', async () => {
    const res = await get('/file/hasher');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<html lang="zh-CN">');
    expect(titleOf(html)).toBe('文件哈希 - 百宝箱');
    expect(metaOf(html, 'description')).toBe('在本机计算文件哈希');
    expect(metaOf(html, 'keywords')).toBe('MD5,SHA256');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:title" content="文件哈希 - 百宝箱" />');
    expect(html).toContain('<link rel="canonical" href="https://baibao.example/file/hasher" />');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://baibao.example/en/file/hasher" />');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://baibao.example/file/hasher" />');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).not.toContain('noindex');
    expect(html).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
  });

  it('injects the en texts for /en/file/hasher', async () => {
    const res = await get('/en/file/hasher');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(titleOf(html)).toBe('File hasher - Baibao');
    expect(metaOf(html, 'description')).toBe('Hash files locally');
    expect(metaOf(html, 'keywords')).toBe('MD5,checksum');
    expect(html).toContain('<link rel="canonical" href="https://baibao.example/en/file/hasher" />');
    expect(html).toContain('<link rel="manifest" href="/en/manifest.webmanifest" />');
  });

  it('titles home with site title and subtitle in both languages', async () => {
    expect(titleOf(await (await get('/')).text())).toBe('百宝箱 - 免费、好用、不上传的在线工具箱');
    expect(titleOf(await (await get('/en')).text())).toBe('Baibao - Free, handy tools');
  });

  it('escapes injected text', async () => {
    const head = headOf(await (await get('/text/tricky')).text());
    expect(titleOf(head)).toBe('A&lt;b&gt;&amp;&quot;$&amp;&lt;/b&gt; - 百宝箱');
    expect(metaOf(head, 'description')).toBe('&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;');
    expect(metaOf(head, 'keywords')).toBe('&#39;$1&#39;');
    expect(head).not.toContain('<script>x');
  });

  it('redirects /cn/... permanently to the unprefixed path, keeping the query', async () => {
    const res = await get('/cn/file/hasher?x=1&y=%E4%B8%AD');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/file/hasher?x=1&y=%E4%B8%AD');
    expect((await get('/cn')).headers.get('location')).toBe('/');
  });

  it('redirects an internal alias to its tool in the same language, keeping the query', async () => {
    const res = await get('/hash?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/file/hasher?x=1');
    expect((await get('/en/hash/')).headers.get('location')).toBe('/en/file/hasher');
    expect((await get('/cn/hash')).headers.get('location')).toBe('/hash');
  });

  it('never redirects off-site from a /cn// path', async () => {
    const res = await get('/cn//evil.example/path');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/evil.example/path');
  });

  it.each(['/nope', '/fr/file/hasher', '/en/nope', '/file/hasher/extra'])(
    'serves index.html with status 404 for unknown %s',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('rel="canonical"');
    },
  );

  it('marks login- or admin-only routes noindex but still serves them', async () => {
    const res = await get('/admin');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<meta name="robots" content="noindex" />');
    // The login page is open to all, yet kept out of search engines (and the sitemap, below).
    const login = await get('/en/user/login');
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<title>Log in');
  });

  it('does not answer API paths or non-HTML requests with the SPA', async () => {
    const api = await get('/api/nope', { headers: { Accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/json/);

    const missingAsset = await get('/assets/missing-123.js');
    expect(missingAsset.status).toBe(404);
    expect(await missingAsset.text()).not.toContain('<div id="root">');

    const json = await get('/file/hasher', { headers: { Accept: 'application/json' } });
    expect(json.status).toBe(404);
  });
});

describe('static files', () => {
  it('caches hashed assets for good and revalidates the service worker', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const worker = await get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    expect((await get('/favicon.svg')).status).toBe(200);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every public route in both languages with alternates and absolute URLs', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://baibao.example/',
      'https://baibao.example/en',
      'https://baibao.example/file/hasher',
      'https://baibao.example/en/file/hasher',
      'https://baibao.example/text/tricky',
      'https://baibao.example/en/text/tricky',
    ]);
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="zh-CN" href="https://baibao.example/file/hasher"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://baibao.example/en/file/hasher"/>');
    expect(xml).not.toContain('/admin');
    expect(xml).not.toContain('/user/login');
  });

  it('allows everything except admin and API, and points at the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n');
    expect(text).toContain('Sitemap: https://baibao.example/sitemap.xml');
  });
});

describe('without SITE_URL', () => {
  let unset: TestServer;
  beforeAll(async () => {
    unset = await startTestServer({
      dataDir: join(temp.path, 'unset-data'),
      webDir,
      env: { ALLOWED_HOSTS: 'Baibao.lan:8080, tools.example' },
    });
  });
  afterAll(async () => {
    await unset.close();
  });

  /** fetch cannot choose the Host header; node:http can, as any client on the network can. */
  function getWithHost(path: string, host: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const request = httpGet(`${unset.baseUrl}${path}`, { headers: { Host: host, Accept: 'text/html' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      request.on('error', reject);
    });
  }

  it('never writes a Host header it was not told to trust into links, the sitemap or robots.txt', async () => {
    const page = await getWithHost('/file/hasher', 'evil.example');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('evil.example');
    expect(page.text).toContain('<link rel="canonical" href="/file/hasher" />');
    expect(page.text).toContain('<link rel="alternate" hreflang="en" href="/en/file/hasher" />');
    const robots = await getWithHost('/robots.txt', 'evil.example');
    expect(robots.text).not.toContain('evil.example');
    expect(robots.text).not.toContain('Sitemap:');
    const sitemap = await getWithHost('/sitemap.xml', 'evil.example');
    expect(sitemap.status).toBe(404);
    expect(sitemap.text).not.toContain('evil.example');
  });

  it('uses a host listed in ALLOWED_HOSTS, in any case', async () => {
    const page = await getWithHost('/file/hasher', 'BAIBAO.lan:8080');
    expect(page.text).toContain('<link rel="canonical" href="http://baibao.lan:8080/file/hasher" />');
    expect((await getWithHost('/robots.txt', 'tools.example')).text).toContain('Sitemap: http://tools.example/sitemap.xml');
    const sitemap = await getWithHost('/sitemap.xml', 'tools.example');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain('<loc>http://tools.example/file/hasher</loc>');
  });
});

describe('without a website build', () => {
  it('answers HTML routes and the sitemap with 503 and a build hint, while the API works', async () => {
    for (const path of ['/', '/file/hasher', '/sitemap.xml']) {
      const res = await fetch(apiOnly.baseUrl + path);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build:web');
    }
    expect((await fetch(`${apiOnly.baseUrl}/api/health`)).status).toBe(200);
  });
});
