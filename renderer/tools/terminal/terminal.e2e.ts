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
    // Loopback candidates are off in Chromium by default; mDNS names would hide the addresses.
    args: [...chromiumArgs, '--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'],
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
