import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { HANDSHAKE_ACK, HANDSHAKE_HELLO } from '../shared/contracts/external-tools';
import { startApi } from './live-api-kit';
import { expect, test } from './privacy';

/**
 * External tools (issue 18): a loopback "host" with a page that acknowledges the hello as the
 * handshake asks and one that never answers, and an API server of our own whose EXTERNAL_TOOLS names
 * them (the suite's server has none, which is the unconfigured case).
 */
const ACK_PAGE = `<!doctype html><title>player</title><p id="state">waiting</p><script>
addEventListener('message', (event) => {
  if (!event.data || event.data.type !== '${HANDSHAKE_HELLO}') return;
  event.source.postMessage({ type: '${HANDSHAKE_ACK}', id: event.data.id }, event.origin);
  document.getElementById('state').textContent = 'acknowledged ' + event.data.tool;
});
</script>`;
const SILENT_PAGE = `<!doctype html><title>recorder</title><p>never answers</p>`;

let host: Server;
let hostUrl: string;
let api: { url: string; child: ChildProcess };
let dir: string;

test.beforeAll(async () => {
  host = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url?.startsWith('/ack') ? ACK_PAGE : SILENT_PAGE);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'baibao-e2e-external-'));
  api = await startApi(dir, { EXTERNAL_TOOLS: JSON.stringify({ player: `${hostUrl}/ack`, recorder: `${hostUrl}/silent` }) });
});

test.afterAll(async () => {
  api?.child.kill('SIGTERM');
  await new Promise((resolve) => host?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function openHome(page: Page, origin: string) {
  const config = page.waitForResponse((response) => response.url().includes('/api/system/configs/code/externalTools'));
  await page.goto(`${origin}/`);
  expect((await config).ok()).toBe(true);
}

test('configured tools get a home card and a menu entry; the colour picker without a host is hidden', async ({ page }) => {
  await openHome(page, api.url);
  const group = page.locator('[data-testid="tool-group"][data-group="external"]');
  await expect(group.getByTestId('external-tool-card')).toHaveCount(2);
  await expect(group.getByRole('link', { name: '本地播放器' })).toHaveAttribute('href', `${hostUrl}/ack`);
  await expect(group.getByRole('link', { name: '屏幕录制' })).toBeVisible();
  await expect(page.getByText('取色器')).toHaveCount(0);
  const menu = page.getByTestId('menu');
  await expect(menu.getByRole('link', { name: '本地播放器' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '屏幕录制' })).toBeVisible();
});

test('a host that acknowledges opens in a new window with no error, even 15 s later', async ({ page, context }) => {
  await page.clock.install();
  await openHome(page, api.url);
  const popup = context.waitForEvent('page');
  await page.getByTestId('menu').getByRole('link', { name: '本地播放器' }).click();
  const opened = await popup;
  await expect(opened.locator('#state')).toHaveText('acknowledged player');
  await page.clock.fastForward(16_000);
  await expect(page.getByText(/消息超时/)).toHaveCount(0);
  await expect(page.getByText(/拦截/)).toHaveCount(0);
});

test("a host that never acknowledges reports 'message timed out' after 15 s", async ({ page, context }) => {
  await page.clock.install();
  await openHome(page, api.url);
  const popup = context.waitForEvent('page');
  await page.locator('[data-group="external"]').getByRole('link', { name: '屏幕录制' }).click();
  await expect((await popup).getByText('never answers')).toBeVisible();
  await page.clock.fastForward(14_000);
  await expect(page.getByText(/消息超时/)).toHaveCount(0);
  await page.clock.fastForward(1_000);
  await expect(page.getByText('消息超时：新窗口没有在 15 秒内回应，请检查后重试。')).toBeVisible();
});

test('a blocked window is reported at once, in English on /en', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const config = page.waitForResponse((response) => response.url().includes('/api/system/configs/code/externalTools'));
  await page.goto(`${api.url}/en`);
  await config;
  await page.locator('[data-group="external"]').getByRole('link', { name: 'Local player' }).click();
  await expect(page.getByText(/it may be blocked by the browser/)).toBeVisible();
});

test('without EXTERNAL_TOOLS the group, its cards and its menu entries are hidden', async ({ page }) => {
  await openHome(page, '');
  await expect(page.getByTestId('tool-card').first()).toBeVisible();
  await expect(page.getByTestId('external-tool-card')).toHaveCount(0);
  await expect(page.locator('[data-group="external"]')).toHaveCount(0);
  await expect(page.getByTestId('menu').getByText('外部工具')).toHaveCount(0);
});
