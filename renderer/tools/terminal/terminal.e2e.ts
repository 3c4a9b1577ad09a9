import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { chromiumArgs } from '../../../playwright.config';
import { expect, test, watchPrivacy } from '../../../e2e/privacy';

/**
 * Two Chromium contexts are two devices: `page` opens a tunnel (the remote), the other enters its id
 * (the connector). The suite's own server relays the request and, once accepted, the WebRTC
 * signalling; expressions, results and console output then go over the data channel.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH,
    // Loopback candidates are off in Chromium by default; mDNS names would hide the addresses. A
    // document the test fulfils itself has no address space, and local network checks would then
    // refuse its connection to the loopback server.
    args: [
      ...chromiumArgs,
      '--allow-loopback-in-peer-connection',
      '--disable-features=WebRtcHideLocalIpsWithMdns,LocalNetworkAccessChecks',
    ],
  },
});

async function openTunnel(page: Page): Promise<string> {
  await page.goto('/terminal');
  await expect(page).toHaveTitle('远程设备隧道 - 百宝箱');
  await page.getByTestId('tunnel-open').click();
  const id = page.getByTestId('tunnel-id');
  await expect(id).toHaveText(/^[34679ACEFGHJKMNPRTWXY]{5}$/);
  await expect(page.getByText('隧道已开启，等待设备连接…')).toBeVisible();
  return (await id.textContent())!;
}

/** The connector asks; the remote sees the request with its profile. */
async function ask(page: Page, browser: Browser, id: string) {
  const other = await browser.newContext();
  const stopWatching = await watchPrivacy(other);
  const b = await other.newPage();
  await b.goto(`/terminal?id=${id.toLowerCase()}`);
  const status = b.getByTestId('tunnel-status');
  await expect(status).toHaveAttribute('data-status', '1');
  await expect(status).toHaveText('未连接');
  await b.getByTestId('tunnel-connect').click();
  await expect(status).toHaveAttribute('data-status', '2');
  await expect(b.getByText('已发出连接请求，等待对方允许…')).toBeVisible();
  const request = page.getByTestId('tunnel-request');
  await expect(request).toContainText('有设备请求连接本机');
  await expect(page.getByTestId('tunnel-guest-profile')).toContainText('127.0.0.1');
  return {
    b,
    status,
    async close() {
      await other.close();
      expect(await stopWatching(), 'the connector sent what may be file content').toEqual([]);
    },
  };
}

test('accepted, the connector runs expressions in the remote page and sees its console; revoked, it can run nothing', async ({
  page,
  browser,
}) => {
  const id = await openTunnel(page);
  const { b, status, close } = await ask(page, browser, id);
  await page.getByTestId('tunnel-accept').click();
  await expect(page.getByTestId('tunnel-allowed')).toContainText('已允许远程控制台');
  await expect(status).toHaveAttribute('data-status', '3', { timeout: 30_000 });
  await expect(status).toHaveText('已连接');
  await expect(b.getByTestId('tunnel-remote-profile')).toContainText('127.0.0.1');

  const code = b.getByTestId('tunnel-code');
  await code.fill('1+1');
  await code.press('Enter');
  await expect(b.getByTestId('tunnel-result').last()).toHaveText('< 2');
  // It runs in the remote's page: its document, and its console output comes back.
  await code.fill("console.log('hello from', location.pathname, 6 * 7)");
  await code.press('Enter');
  await expect(b.getByTestId('tunnel-remote-log')).toHaveText('hello from /terminal 42');
  await code.fill('nothingHere');
  await code.press('Enter');
  await expect(b.getByTestId('tunnel-result').last()).toHaveText('< ReferenceError: nothingHere is not defined');

  await page.getByTestId('tunnel-revoke').click();
  await expect(status).toHaveAttribute('data-status', '4');
  await expect(b.getByTestId('tunnel-problem')).toHaveText('对方撤销了远程控制台');
  await expect(b.getByTestId('tunnel-code')).toHaveCount(0);
  await expect(page.getByTestId('tunnel-allowed')).toHaveCount(0);
  await close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A file of random bytes, several protocol chunks long, with its digest. */
function randomFile(name: string, size: number): { path: string; digest: string } {
  const bytes = randomBytes(size);
  const path = join(mkdtempSync(join(tmpdir(), 'baibao-tunnel-')), name);
  writeFileSync(path, bytes);
  return { path, digest: sha256(bytes) };
}

/** Sends `file` from one page and saves it on the other; the saved bytes' digest. */
async function sendFile(from: Page, to: Page, file: { path: string }, name: string): Promise<string> {
  await from.getByTestId('tunnel-file-input').setInputFiles(file.path);
  await expect(from.locator('[data-testid="tunnel-file"][data-direction="send"]', { hasText: name })).toHaveAttribute(
    'data-state',
    'done',
    {
      timeout: 30_000,
    },
  );
  const received = to.locator('[data-testid="tunnel-file"][data-direction="receive"]', { hasText: name });
  await expect(received).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const [download] = await Promise.all([to.waitForEvent('download'), received.getByTestId('tunnel-file-save').click()]);
  expect(download.suggestedFilename()).toBe(name);
  return sha256(readFileSync((await download.path())!));
}

test('accepted, a file goes each way byte-identical over the channel beside the console; revoked, none can be sent', async ({
  page,
  browser,
}) => {
  const id = await openTunnel(page);
  const { b, status, close } = await ask(page, browser, id);
  // Nothing to send files with before the remote's user allows it.
  await expect(b.getByTestId('tunnel-file-input')).toHaveCount(0);
  await expect(page.getByTestId('tunnel-file-input')).toHaveCount(0);
  await page.getByTestId('tunnel-accept').click();
  await expect(status).toHaveAttribute('data-status', '3', { timeout: 30_000 });

  const toRemote = randomFile('报告.bin', 700_000);
  expect(await sendFile(b, page, toRemote, '报告.bin')).toBe(toRemote.digest);
  const toConnector = randomFile('photo.raw', 300_000);
  expect(await sendFile(page, b, toConnector, 'photo.raw')).toBe(toConnector.digest);
  // The console still answers on the same channel.
  const code = b.getByTestId('tunnel-code');
  await code.fill('6*7');
  await code.press('Enter');
  await expect(b.getByTestId('tunnel-result').last()).toHaveText('< 42');

  await page.getByTestId('tunnel-revoke').click();
  await expect(status).toHaveAttribute('data-status', '4');
  await expect(b.getByTestId('tunnel-file-input')).toHaveCount(0);
  await expect(page.getByTestId('tunnel-file-input')).toHaveCount(0);
  // What was received stays listed, to be saved.
  await expect(b.locator('[data-testid="tunnel-file"][data-direction="receive"]')).toHaveAttribute('data-state', 'done');
  await close();
});

test("a remote under the desktop app's policy (no eval) says expressions cannot run there; the connector is told instead of an EvalError", async ({
  page,
  browser,
}) => {
  // The remote's document gets the desktop app's script-src, which never allows eval.
  await page.route(
    (url) => url.pathname === '/terminal',
    async (route) => {
      const response = await route.fetch();
      const policy = response.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("'unsafe-eval'");
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': policy.replace(" 'unsafe-eval'", '') },
      });
    },
  );
  const id = await openTunnel(page);
  const { b, status, close } = await ask(page, browser, id);
  await page.getByTestId('tunnel-accept').click();
  await expect(page.getByTestId('tunnel-no-eval')).toContainText('桌面版出于安全策略不能运行对方发来的表达式');
  await expect(status).toHaveAttribute('data-status', '3', { timeout: 30_000 });
  const code = b.getByTestId('tunnel-code');
  await code.fill("document.title = 'changed'");
  await code.press('Enter');
  await expect(b.getByTestId('tunnel-result').last()).toHaveText(
    '对方使用的是桌面版，出于安全策略不能运行表达式；请让对方在浏览器中打开隧道页面。',
  );
  await expect(page).toHaveTitle('远程设备隧道 - 百宝箱');
  // Console output and texts still go through.
  await page.evaluate(() => console.info('still here'));
  await expect(b.getByTestId('tunnel-remote-log')).toHaveText('still here');
  await close();
});

test('refused, the connector is told and gets no console', async ({ page, browser }) => {
  const id = await openTunnel(page);
  const { b, status, close } = await ask(page, browser, id);
  await page.getByTestId('tunnel-refuse').click();
  await expect(status).toHaveAttribute('data-status', '4');
  await expect(b.getByTestId('tunnel-problem')).toHaveText('对方拒绝了连接');
  await expect(b.getByTestId('tunnel-code')).toHaveCount(0);
  await expect(page.getByText('隧道已开启，等待设备连接…')).toBeVisible();
  await close();
});

test('an id that does not exist, and one that is not an id, get their messages', async ({ page }) => {
  await page.goto('/terminal');
  await page.getByText('连接其他设备').click();
  const input = page.getByTestId('tunnel-connect-id');
  await input.fill('abc');
  await page.getByTestId('tunnel-connect').click();
  await expect(page.getByText('隧道 ID 是 5 位字母或数字')).toBeVisible();
  await input.fill('33333');
  await page.getByTestId('tunnel-connect').click();
  await expect(page.getByTestId('tunnel-problem')).toHaveText('隧道 ID 不存在或已过期');
  await expect(page.getByTestId('tunnel-status')).toHaveAttribute('data-status', '4');
});
