import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { chromiumArgs } from '../../../playwright.config';
import { expect, test, watchPrivacy } from '../../../e2e/privacy';

/**
 * Two Chromium contexts are two devices behind one address (loopback): they meet in the network's
 * room of the suite's own server, connect over WebRTC and send through the data channel. The privacy
 * fixture watches the first context and the test the second: the files travel peer to peer, so no
 * request or WebSocket frame to the server may carry them.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH,
    // Loopback candidates are off in Chromium by default; mDNS names would hide the addresses.
    args: [...chromiumArgs, '--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'],
  },
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function twoDevices(page: Page, browser: Browser) {
  const other = await browser.newContext();
  const stopWatching = await watchPrivacy(other);
  const b = await other.newPage();
  await Promise.all([page.goto('/p2p/transfer'), b.goto('/p2p/transfer')]);
  await expect(page).toHaveTitle('文件快传 - 百宝箱');
  const [nameA, nameB] = await Promise.all([page.getByTestId('p2p-my-name').textContent(), b.getByTestId('p2p-my-name').textContent()]);
  // Each sees the other by its generated name, connected directly.
  for (const [viewer, name] of [
    [page, nameB],
    [b, nameA],
  ] as const) {
    const device = viewer.getByTestId('p2p-device').filter({ hasText: name! });
    await expect(device.getByTestId('p2p-device-link')).toHaveText('已连接', { timeout: 30_000 });
    await expect(device.getByTestId('p2p-device-route')).toHaveText('直连');
  }
  await page.getByTestId('p2p-device-select').click();
  return {
    b,
    nameA: nameA!,
    async close() {
      await other.close();
      expect(await stopWatching(), 'the second device sent what may be file content').toEqual([]);
    },
  };
}

test('two devices on one network: 3 files and a text arrive identical after accepting', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { b, nameA, close } = await twoDevices(page, browser);
  const files = [
    { name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('点对点 hello\n') },
    { name: 'photo.bin', mimeType: 'application/octet-stream', buffer: randomBytes(300 * 1024) },
    { name: 'video.bin', mimeType: 'application/octet-stream', buffer: randomBytes(2 * 1024 * 1024 + 17) },
  ];
  await page.getByTestId('p2p-files').setInputFiles(files);

  const offer = b.getByTestId('p2p-offer');
  await expect(offer).toContainText(`${nameA} 想发送 3 个文件`);
  await b.getByTestId('p2p-accept').click();
  const received = b.getByTestId('p2p-transfer').first();
  await expect(received).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('p2p-transfer').first()).toHaveAttribute('data-state', 'done');
  await expect(received.getByTestId('p2p-file')).toHaveCount(3);
  await expect(received.getByTestId('p2p-file').filter({ hasText: '校验通过' })).toHaveCount(3);

  // Read back from the browser's storage through the page's own save buttons.
  for (const [index, file] of files.entries()) {
    const row = received.getByTestId('p2p-file').nth(index);
    await expect(row).toContainText(file.name);
    const [download] = await Promise.all([b.waitForEvent('download'), row.getByTestId('p2p-save').click()]);
    expect(download.suggestedFilename()).toBe(file.name);
    expect(sha256(readFileSync((await download.path())!))).toBe(sha256(file.buffer));
  }

  const text = '你好，P2P！\n第二行 ✓';
  await page.getByTestId('p2p-text').fill(text);
  await page.getByTestId('p2p-send-text').click();
  await expect(b.getByTestId('p2p-offer')).toContainText(`${nameA} 发来一段文字`);
  await b.getByTestId('p2p-accept').click();
  await expect(b.getByTestId('p2p-received-text').first()).toHaveText(text);
  await expect(page.getByTestId('p2p-transfer').first()).toHaveAttribute('data-state', 'done');
  await close();
});

test('a declined offer is shown as declined on both sides and nothing is sent', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { b, close } = await twoDevices(page, browser);
  await page
    .getByTestId('p2p-files')
    .setInputFiles([{ name: 'secret.bin', mimeType: 'application/octet-stream', buffer: randomBytes(64 * 1024) }]);
  await b.getByTestId('p2p-decline').click();
  await expect(b.getByTestId('p2p-transfer').first()).toHaveAttribute('data-state', 'declined');
  await expect(b.getByTestId('p2p-transfer-state').first()).toHaveText('已拒绝');
  const sent = page.getByTestId('p2p-transfer').first();
  await expect(sent).toHaveAttribute('data-state', 'declined');
  await expect(sent.getByTestId('p2p-transfer-state')).toHaveText('对方拒绝了');
  await expect(b.getByTestId('p2p-file')).toHaveCount(0);
  await close();
});
