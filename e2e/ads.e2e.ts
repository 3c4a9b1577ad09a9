import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { AdInput, CustomerAd, SiteAdsResponse } from '@shared/contracts/ads-base';
import type { Page as ListPage } from '@shared/contracts/api';
import { adminTokens, startApi } from './live-api-kit';
import { expect, test } from './privacy';

/**
 * Ads on the page (issue 19): an admin's ads, through the real API, as an anonymous visitor sees
 * them. Ads are the whole site's, so every test runs its own API server and database.
 */

interface AdsWorld {
  url: string;
  child: ChildProcess;
  dir: string;
  token: string;
}

let world: AdsWorld | undefined;
const site = () => world!;

test.beforeEach(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'baibao-ads-e2e-'));
  const api = await startApi(dir);
  world = { ...api, dir, token: (await adminTokens(api.url)).accessToken };
});

test.afterEach(() => {
  world?.child.kill('SIGTERM');
  if (world) rmSync(world.dir, { recursive: true, force: true });
  world = undefined;
});

async function asAdmin<T>(path: string, init: { method?: string; body?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${site().token}` };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${site().url}/api/system/customer-ads${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  expect(response.status, `${init.method ?? 'GET'} ${path}: ${envelope.msg}`).toBe(200);
  return envelope.data;
}

const inAnHour = () => Date.now() + 3600_000;

/** An ad the admin publishes and approves, so visitors get it. */
async function approvedAd(ad: AdInput, picture?: Buffer): Promise<CustomerAd> {
  let published: CustomerAd;
  if (picture) {
    const form = new FormData();
    form.append('ad', JSON.stringify(ad));
    form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'banner.png');
    published = await asAdmin<CustomerAd>('/publish', { method: 'POST', form });
  } else {
    published = await asAdmin<CustomerAd>('/publish', { method: 'POST', body: ad });
  }
  return asAdmin<CustomerAd>('/change-status', { method: 'POST', body: { id: published.id, status: 'APPROVED' } });
}

const banner = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 22, g: 119, b: 255 } } })
    .png()
    .toBuffer();

const cacheKey = () => `baibao:ads:${new URL(site().url).hostname}`;
const cachedTimestamp = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? 'null') as { latestTimestamp: number } | null)?.latestTimestamp,
    cacheKey(),
  );

/**
 * The first visit fills the cache (its page shows no ads: their room was not known before its first
 * paint); the answer it waits for is the site call's.
 */
async function firstVisit(page: Page, path: string): Promise<number> {
  const answered = page.waitForResponse((response) => response.url().includes('/api/system/customer-ads/site'));
  await page.goto(`${site().url}${path}`);
  await answered;
  await expect.poll(() => cachedTimestamp(page)).toBeGreaterThan(0);
  return (await cachedTimestamp(page))!;
}

/**
 * Reloads and returns the site call's request and answer. Every reload that is followed by another
 * goes through here, so no earlier page's call is still on its way to be mistaken for this one's.
 */
async function reloadWithSiteCall(page: Page): Promise<{ requested: URL; answer: SiteAdsResponse }> {
  const response = page.waitForResponse((candidate) => candidate.url().includes('/api/system/customer-ads/site'));
  await page.reload();
  const answered = await response;
  return { requested: new URL(answered.url()), answer: ((await answered.json()) as { data: SiteAdsResponse }).data };
}

/**
 * A page loaded directly may be painted before the ad slots' chunk arrives, and then keeps its
 * layout without ads; a page opened in the app always has them. So the ads are looked at on the
 * file hasher opened from the home page opened from the header.
 */
async function hasherInApp(page: Page): Promise<void> {
  await page.locator('.app-header__brand').click();
  await expect(page.getByTestId('home')).toBeVisible();
  await page.locator('#main-content a[href="/file/hasher"]').first().click();
  await expect(page.getByTestId('tool-title')).toHaveText('文件哈希');
}

test('a visitor sees the banners, the mini banner and the QR dialogs; views and visits are counted', async ({ page, context }) => {
  const top = await approvedAd({
    type: 'TOP_BANNER',
    settings: { text: '顶部横幅：好用的工具', link: `${site().url}/?from=ad`, ribbon: { text: '推荐', placement: 'topRight' } },
    expirationTime: inAnHour(),
  });
  await approvedAd({ type: 'TOP_MINI_BANNER', settings: { text: '微信扫码关注', qr: 'weixin://e2e-ad-qr' }, expirationTime: inAnHour() });
  await approvedAd({
    type: 'BOTTOM_BANNER',
    settings: { text: '底部横幅', link: `${site().url}/?from=bottom` },
    expirationTime: inAnHour(),
  });

  const latest = await firstVisit(page, '/file/hasher');
  // The cache survives a reload: the page asks with its timestamp and keeps its ads.
  const { requested, answer } = await reloadWithSiteCall(page);
  expect(requested.searchParams.get('latestTimestamp')).toBe(String(latest));
  expect(answer.ads).toBeNull();

  await hasherInApp(page);
  const topBox = page.getByTestId('ad-top-banner');
  await expect(topBox).toContainText('顶部横幅：好用的工具');
  await expect(topBox).toContainText('推荐');
  await expect(page.getByTestId('ad-top-mini-banner')).toContainText('微信扫码关注');
  await expect(page.getByTestId('ad-bottom-banner')).toContainText('底部横幅');
  const link = topBox.getByRole('link');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer sponsored');

  // The QR-code ad dialog: an ad whose action is a code to scan.
  await page.getByTestId('ad-top-mini-banner').getByRole('button', { name: '微信扫码关注' }).click();
  const qrDialog = page.getByTestId('ad-qr-dialog');
  await expect(qrDialog.locator('img')).toHaveAttribute('data-qr', 'weixin://e2e-ad-qr');
  await page.keyboard.press('Escape');
  await expect(qrDialog).toBeHidden();

  // The scan-visit dialog: a linked ad's address for the visitor's phone.
  await topBox.getByTestId('ad-scan').click();
  const scanDialog = page.getByTestId('ad-scan-dialog');
  await expect(scanDialog.locator('img')).toHaveAttribute('data-qr', `${site().url}/?from=ad`);
  await page.keyboard.press('Escape');
  await expect(scanDialog).toBeHidden();

  const opened = context.waitForEvent('page');
  await link.click();
  await (await opened).close();

  await expect
    .poll(async () => {
      const { list } = await asAdmin<ListPage<CustomerAd>>('/list/page?pageNum=1&pageSize=10');
      const counted = list.find((ad) => ad.id === top.id);
      return counted && { views: counted.views, visits: counted.visits };
    })
    .toEqual({ views: 1, visits: 1 });
});

/** Opens an address in the app, as a link would (the router follows the history's popstate). */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('no ads on a page whose meta hides them, nor with debug in the address', async ({ page }) => {
  await approvedAd({ type: 'TOP_BANNER', settings: { text: 'hidden-check banner' }, expirationTime: inAnHour() });
  await firstVisit(page, '/file/hasher');
  await hasherInApp(page);
  await expect(page.getByTestId('ad-top-banner')).toContainText('hidden-check banner');

  await openInApp(page, '/file/hasher?debug');
  await expect(page).toHaveURL(/\?debug$/);
  await expect(page.getByTestId('ad-top-banner')).toHaveCount(0);
  await openInApp(page, '/file/hasher');
  await expect(page.getByTestId('ad-top-banner')).toContainText('hidden-check banner');

  await openInApp(page, '/screen/test');
  await expect(page.getByTestId('tool-title')).not.toHaveText('文件哈希');
  await expect(page.getByTestId('ad-top-banner')).toHaveCount(0);
});

test("the cache is replaced after the admin's edit; an ad disappears when it expires", async ({ page }) => {
  const expiresAt = Date.now() + 10 * 60_000;
  await page.clock.install();
  const ad = await approvedAd({ type: 'TOP_BANNER', settings: { text: 'first words' }, expirationTime: expiresAt });
  const before = await firstVisit(page, '/file/hasher');
  await hasherInApp(page);
  await expect(page.getByTestId('ad-top-banner')).toContainText('first words');

  await asAdmin('', { method: 'PUT', body: { id: ad.id, type: ad.type, settings: { text: 'second words' }, expirationTime: expiresAt } });
  const { requested, answer } = await reloadWithSiteCall(page);
  expect(requested.searchParams.get('latestTimestamp')).toBe(String(before));
  expect(answer.latestTimestamp).toBeGreaterThan(before);
  await hasherInApp(page);
  await expect(page.getByTestId('ad-top-banner')).toContainText('second words');
  await expect.poll(() => cachedTimestamp(page)).toBe(answer.latestTimestamp);

  // The page stays open past the ad's expiry: the ad goes at once, its empty box with the page.
  await page.clock.fastForward(11 * 60_000);
  await expect(page.getByTestId('ad-top-banner')).toBeEmpty();
  await expect(page.getByTestId('ad-top-banner')).not.toHaveAttribute('data-ad-id');
  await openInApp(page, '/image/compress');
  await expect(page.getByTestId('tool-title')).not.toHaveText('文件哈希');
  await expect(page.getByTestId('ad-top-banner')).toHaveCount(0);
});

/** What the page's documents recorded (watchShifts): its layout shifts and whether the top ads came with its first content. */
interface ShiftLog {
  shifts: { value: number; at: number; input: boolean; moved: string[] }[];
  adsAtFirstPaint?: boolean;
}

/**
 * Records, in every document the page loads, each layout shift with the nodes it moved (so a
 * failure names them), and whether the top ads were on the page when its content first appeared
 * (React adds the layout in one commit, so one mutation shows both or neither).
 */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Source {
      node?: Node | null;
      previousRect: DOMRectReadOnly;
      currentRect: DOMRectReadOnly;
    }
    const log: ShiftLog = { shifts: [] };
    (window as unknown as { e2eShifts: ShiftLog }).e2eShifts = log;
    const name = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const testId = node.getAttribute('data-testid');
      return `${node.localName}${node.id ? `#${node.id}` : ''}${testId ? `[${testId}]` : ''}.${[...node.classList].join('.')}`;
    };
    const rect = (box: DOMRectReadOnly) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] })[]) {
        log.shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          input: entry.hadRecentInput,
          moved: entry.sources.map((source) => `${name(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver((_, observer) => {
      if (!document.getElementById('main-content')) return;
      log.adsAtFirstPaint = document.querySelector('.bb-ads--top') !== null;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

const shiftLog = (page: Page) => page.evaluate(() => (window as unknown as { e2eShifts: ShiftLog }).e2eShifts);

/** The shifts without recent input (what CLS counts), with a description of each for the failure message. */
async function unexpectedShifts(page: Page): Promise<{ score: number; detail: string }> {
  const counted = (await shiftLog(page)).shifts.filter((shift) => !shift.input);
  return {
    score: counted.reduce((sum, shift) => sum + shift.value, 0),
    detail: counted.map((shift) => `${shift.value.toFixed(3)} at ${shift.at} ms: ${shift.moved.join('; ')}`).join('\n'),
  };
}

/** The three ads of the layout test with their content drawn (the picture decoded). */
async function adsDrawn(page: Page): Promise<void> {
  const picture = page.getByTestId('ad-top-banner').locator('img');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(728);
  await expect(page.getByTestId('ad-top-mini-banner')).toContainText('mini');
  await expect(page.getByTestId('ad-bottom-banner')).toContainText('bottom');
}

test('cached ads come with the first paint of a page loaded directly and never shift it (1280 and 375 px)', async ({ page }) => {
  await approvedAd(
    { type: 'TOP_BANNER', settings: { text: 'with a picture', link: `${site().url}/` }, expirationTime: inAnHour() },
    await banner(728, 90),
  );
  await approvedAd({ type: 'TOP_MINI_BANNER', settings: { text: 'mini' }, expirationTime: inAnHour() });
  await approvedAd({ type: 'BOTTOM_BANNER', settings: { text: 'bottom' }, expirationTime: inAnHour() });
  await firstVisit(page, '/file/hasher');
  await watchShifts(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    // The home page (in the first chunk, painted before the slots' chunk could arrive unless it
    // waits for it), then a tool page (waits for its own chunks), each loaded directly; from the
    // tool page, pages opened in the app.
    for (const path of ['/', '/file/hasher']) {
      await page.goto(`${site().url}${path}`);
      await adsDrawn(page);
      expect((await shiftLog(page)).adsAtFirstPaint, `ads at the first paint of ${path} at ${width} px`).toBe(true);
      // The bottom ads start below the fold, so the page settling above them cannot move them into view.
      const bottom = await page.getByTestId('ad-bottom-banner').boundingBox();
      expect(bottom!.y, `bottom banner of ${path} at ${width} px`).toBeGreaterThanOrEqual(800);
      if (path !== '/') {
        await hasherInApp(page);
        await adsDrawn(page);
      }
      const { score, detail } = await unexpectedShifts(page);
      expect(score, `layout shift of ${path} at ${width} px:\n${detail}`).toBeLessThan(0.05);
    }
    // At 375 px the banner scales to the screen and the mini banner stays in the page's flow.
    const box = await page.getByTestId('ad-top-banner').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(width);
  }
});
