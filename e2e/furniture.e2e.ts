import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { test as plainTest } from '@playwright/test';
import type { Page } from '@playwright/test';
import { adminTokens, startApi } from './live-api-kit';
import { expect, test } from './privacy';

/**
 * Page furniture (issue 19): third-party scripts and error reporting (off unless configured), the
 * console panel, message deduplication, the ripple, the floating menu and the development routes.
 * The suite's server configures no third-party service, which is the unconfigured case; the
 * configured one is an API server of this file's own whose AD_SCRIPT_URL, STATS_SCRIPT_URL and
 * ERROR_REPORTING_DSN point at a second origin on loopback: scripts that note each run, and a fake
 * Sentry ingestion endpoint.
 */
const RUN_NOTE = (role: string) =>
  `(window.__thirdParty = window.__thirdParty || []).push('${role} ' + location.pathname + location.search);`;

let host: Server;
let hostOrigin: string;
let api: { url: string; child: ChildProcess };
let dir: string;
const envelopes: string[] = [];

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });

test.beforeAll(async () => {
  host = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.url?.startsWith('/api/1/envelope')) {
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      void bodyOf(req).then((body) => {
        envelopes.push(body);
        res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
      });
      return;
    }
    const role = req.url?.startsWith('/ad.js') ? 'ad' : req.url?.startsWith('/stats.js') ? 'stats' : undefined;
    if (!role) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(RUN_NOTE(role));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'baibao-e2e-furniture-'));
  api = await startApi(dir, {
    AD_SCRIPT_URL: `${hostOrigin}/ad.js?site=e2e`,
    STATS_SCRIPT_URL: `${hostOrigin}/stats.js`,
    ERROR_REPORTING_DSN: `http://e2epublickey@127.0.0.1:${(host.address() as AddressInfo).port}/1`,
    SITE_URL: 'https://baibao.example',
  });
});

test.afterAll(async () => {
  api?.child.kill('SIGTERM');
  await new Promise((resolve) => host?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** An in-app navigation, as a link click makes it (the router listens to the history). */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** What ran since the page loaded, sorted: the two async scripts may run in either order. */
/** The sources a CSP directive lists. */
const sources = (csp: string, directive: string) =>
  csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1) ?? [];

const runs = (page: Page) => page.evaluate(() => ((window as unknown as { __thirdParty?: string[] }).__thirdParty ?? []).slice().sort());

test.describe('with no third-party service configured', () => {
  for (const path of ['/', '/file/hasher']) {
    test(`${path} sends no request beyond the site's origin and has no third-party script`, async ({ page, baseURL }) => {
      const foreign: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(baseURL!).origin) foreign.push(request.url());
      });
      const config = page.waitForResponse((response) => response.url().includes('/api/system/configs/code/thirdParty'));
      await page.goto(path);
      expect(await (await config).json()).toMatchObject({ data: { code: 'thirdParty', value: {} } });
      // The parts that load after the first paint are there too.
      await expect(page.getByTestId('float-console')).toBeVisible();
      await expect(page.locator('script[data-third-party]')).toHaveCount(0);
      expect(foreign).toEqual([]);
      const csp = (await page.request.get(path)).headers()['content-security-policy'] ?? '';
      expect(sources(csp, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    });
  }
});

// Error reporting is configured on that server too: its session replays are large bodies, which
// the privacy fixture would take for file content.
plainTest.describe('with the ad and statistics scripts configured', () => {
  plainTest('the CSP names exactly their host, for scripts and calls', async ({ request }) => {
    const csp = (await request.get(`${api.url}/`)).headers()['content-security-policy'] ?? '';
    expect(sources(csp, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", hostOrigin]);
    // The scripts' host and the error reporter's, which are the same origin here.
    expect(sources(csp, 'connect-src').at(-1)).toBe(hostOrigin);
    expect(sources(csp, 'connect-src').filter((source) => source.startsWith('http://'))).toEqual([hostOrigin]);
  });

  plainTest('both run on every route change, the ad script neither on a page that hides ads nor with debug', async ({ page }) => {
    plainTest.setTimeout(120_000);
    await page.goto(`${api.url}/`);
    await expect.poll(() => runs(page)).toEqual(['ad /', 'stats /']);
    await goInApp(page, '/file/hasher');
    await expect.poll(() => runs(page)).toEqual(['ad /', 'ad /file/hasher', 'stats /', 'stats /file/hasher']);
    // Each run replaces its element: one script per service on the page.
    await expect(page.locator('script[data-third-party]')).toHaveCount(2);
    // A page whose meta hides ads: both scripts are added in one go, so once the statistics script
    // has run, an ad script would have been asked for too.
    const adRequests: string[] = [];
    page.on('request', (request) => request.url().startsWith(`${hostOrigin}/ad.js`) && adRequests.push(page.url()));
    await goInApp(page, '/screen/test');
    await expect.poll(() => runs(page)).toContain('stats /screen/test');
    expect(adRequests).toEqual([]);
    await goInApp(page, '/image/compress');
    await expect.poll(() => runs(page)).toContain('ad /image/compress');
    expect(adRequests).toHaveLength(1);
    expect((await runs(page)).filter((run) => run.includes('/screen/test'))).toEqual(['stats /screen/test']);

    await page.goto(`${api.url}/file/hasher?debug`);
    await expect.poll(() => runs(page)).toEqual(['stats /file/hasher?debug']);
    await goInApp(page, '/image/compress?debug');
    await expect.poll(() => runs(page)).toEqual(['stats /file/hasher?debug', 'stats /image/compress?debug']);
  });

  plainTest('the development routes are served, noindex and absent from the sitemap; /my/admin is /admin', async ({ page, request }) => {
    for (const path of ['/test', '/test/test2']) {
      const response = await request.get(`${api.url}${path}`);
      expect(response.status()).toBe(200);
      expect(await response.text()).toMatch(/<meta name="robots" content="noindex/);
    }
    const sitemap = await (await request.get(`${api.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('https://baibao.example/file/hasher');
    expect(sitemap).toContain('https://baibao.example/screen/test<');
    expect(sitemap).not.toMatch(/example(\/en)?\/(test|my\/admin)\b/);
    const redirect = await request.get(`${api.url}/my/admin`, { maxRedirects: 0 });
    expect([redirect.status(), redirect.headers().location]).toEqual([301, '/admin']);

    // In the app, too: the back office then asks for a login.
    await page.goto(`${api.url}/test`);
    await expect(page.getByTestId('component-gallery')).toBeVisible();
    await goInApp(page, '/my/admin').catch(() => undefined);
    await expect(page).toHaveURL(/\/user\/login\?redirect=[^&]*%2Fadmin/);
  });
});

plainTest("the floating menu's welfare entry appears once the site owner gave welfare content, and opens it", async ({ page }) => {
  plainTest.setTimeout(120_000);
  await page.goto(`${api.url}/file/hasher`);
  await expect(page.getByTestId('float-console')).toBeVisible();
  await expect(page.getByTestId('float-welfare')).toHaveCount(0);
  const { accessToken } = await adminTokens(api.url);
  const saved = await fetch(`${api.url}/api/system/configs/code/welfare`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      value: { payApp: [{ title: '支付红包', payload: 'https://pay.example.com/red' }], delivery: [], delivery2: [], coupons: [] },
    }),
  });
  expect(saved.status).toBe(200);
  await page.reload();
  await page.getByTestId('float-welfare').click();
  await expect(page.getByTestId('welfare-dialog')).toBeVisible();
});

// Session replay sends its recording, which the privacy fixture would take for file content.
plainTest('a thrown error reaches the configured error-reporting endpoint', async ({ page }) => {
  const before = envelopes.length;
  await page.goto(`${api.url}/test/test2`);
  // The reporter loads after the page; its global carrier says it is listening.
  await expect.poll(() => page.evaluate(() => '__SENTRY__' in window)).toBe(true);
  await page.getByTestId('bench-throw').click();
  await expect
    .poll(() => envelopes.slice(before).find((body) => body.includes('"type":"event"') && body.includes('bench: uncaught error')))
    .toBeTruthy();
});

test.describe('console panel', () => {
  test('shows an uncaught error, a failed request with its request id and a tool log, copies them and clears', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/test/test2');
    await page.getByTestId('float-console').click();
    const panel = page.getByTestId('console-panel');
    await expect(panel).toBeVisible();

    await page.getByTestId('bench-throw').click();
    await expect(panel.getByText('Error: bench: uncaught error', { exact: false })).toBeVisible();
    const failed = page.waitForResponse((response) => response.url().includes('/api/dev/missing'));
    await page.getByTestId('bench-request').click();
    const requestId = (await failed).headers()['x-request-id'];
    expect(requestId).toBeTruthy();
    const entry = panel.locator('li[data-kind="request"]');
    await expect(entry).toContainText('404');
    await expect(entry.getByTestId('console-request-id')).toHaveText(requestId!);
    await page.getByTestId('bench-log').click();
    await expect(panel.locator('li[data-kind="log"]')).toContainText('测试台写入的日志');

    await page.getByTestId('console-copy').click();
    await expect(page.getByText('已复制控制台记录')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('bench: uncaught error');
    expect(copied).toContain(`(status 404 request-id ${requestId})`);
    expect(copied).toContain('[bench] 测试台写入的日志');

    await page.getByTestId('console-clear').click();
    await expect(panel.getByText('暂无记录')).toBeVisible();
    // The setting is kept: the panel is there after a reload, and closes with its button.
    await page.reload();
    await expect(page.getByTestId('console-panel')).toBeVisible();
    await page.getByTestId('console-close').click();
    await expect(page.getByTestId('console-panel')).toHaveCount(0);
  });
});

test('the same message is shown once while it is on screen, and again after its 3 s', async ({ page }) => {
  await page.clock.install();
  await page.goto('/test/test2');
  const notice = page.locator('.ant-message-notice').filter({ hasText: '这是一条测试消息' });
  await page.getByTestId('bench-message').click();
  await expect(notice).toHaveCount(1);
  await page.getByTestId('bench-message').click();
  await page.getByTestId('bench-message').click();
  await expect(notice).toHaveCount(1);
  await page.clock.runFor(3_000);
  // The leave animation runs on the frozen clock too: move it on until the notice is gone.
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return notice.count();
    })
    .toBe(0);
  await page.getByTestId('bench-message').click();
  await expect(notice).toHaveCount(1);
});

test("a tool card's wave spreads 400 px in 0.8 s as the press ends (spec §9), and not under reduced motion", async ({ page }) => {
  await page.goto('/');
  const card = page.getByTestId('tool-card').first();
  const wave = () =>
    card.evaluate((element) => {
      const style = getComputedStyle(element, '::after');
      return { clip: style.clipPath, duration: style.transitionDuration };
    });
  expect(await wave()).toEqual({ clip: 'circle(400px)', duration: '0.8s, 0.8s' });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect((await wave()).duration).toBe('0s');
});

test('the floating menu offers search, console, settings and back to top; feedback only with its page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('float-search')).toBeVisible();
  await expect(page.getByTestId('float-console')).toBeVisible();
  await expect(page.getByTestId('float-settings')).toBeVisible();
  const feedbackPage = (await page.request.get('/user/suggest')).status() === 200;
  await expect(page.getByTestId('float-feedback')).toHaveCount(feedbackPage ? 1 : 0);
  await page.mouse.wheel(0, 2_000);
  await page.getByTestId('float-back-top').click();
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
  await page.getByTestId('float-settings').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
});
