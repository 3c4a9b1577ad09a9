import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { createTestCipher } from '../../electron/testing/test-cipher';
import { rcloneMissing, startRclone } from '../../electron/testing/webdav-servers';
import type { RunningServer } from '../../electron/testing/webdav-servers';
import { makeEpub } from '../../shared/testing/books';
import { expect, test } from '../privacy';
import { installNativeHarness } from './native-harness';

/**
 * The desktop's WebDAV import (issue 15): the /book/library drawer in desktop mode reaches a real
 * WebDAV server (rclone on loopback, which sends no CORS headers) straight from the main-process
 * adapter — no login to our API, nothing through /api/proxy — and main keeps the password
 * encrypted in userData, where the next start reads it back.
 */

const USER = 'reader';
const PASSWORD = '书架-secret-密码';
const FOLDER = '我的书库';

const skipReason = rcloneMissing();
let dir: string;
let server: RunningServer | undefined;

test.beforeAll(async () => {
  if (skipReason) return;
  dir = mkdtempSync(join(tmpdir(), 'baibao-desktop-webdav-e2e-'));
  const root = join(dir, 'root');
  mkdirSync(join(root, FOLDER), { recursive: true });
  const books: [string, string][] = [
    ['三体', '刘慈欣'],
    ['围城', '钱钟书'],
  ];
  for (const [title, creator] of books)
    writeFileSync(join(root, FOLDER, `${title}.epub`), makeEpub({ title, creators: [creator], identifier: `urn:desktop-dav:${title}` }));
  server = await startRclone(root, USER, PASSWORD);
});
test.afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const drawer = (page: Page) => page.locator('.bl-import-drawer');
const viewer = (page: Page) => page.locator('.bl-dav-viewer');

/** Every request the browser makes to our API's proxy, service worker included. */
function proxyRequests(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/proxy')) seen.push(request.url());
  });
  return seen;
}

test('desktop: a WebDAV server is browsed and its books downloaded by main, not the proxy; the password is kept encrypted for the next start', async ({
  context,
  baseURL,
}) => {
  test.skip(!!skipReason, skipReason);
  const viaProxy = proxyRequests(context);
  const userDataDir = mkdtempSync(join(tmpdir(), 'baibao-userdata-webdav-'));
  try {
    const trustedOrigin = new URL(baseURL!).origin;
    const cipher = createTestCipher();

    const page = await context.newPage();
    const harness = await installNativeHarness(page, { trustedOrigin, userDataDir, cipher });
    // Not logged in: the website would need a login for its proxy, the desktop does not.
    await page.goto('/book/library');
    await page.getByTestId('import-source-webdav').click();
    await drawer(page).getByTestId('webdav-add').click();
    await page.getByTestId('webdav-url').fill(`${server!.url}${FOLDER}/`);
    await page.getByTestId('webdav-username').fill(USER);
    await page.getByTestId('webdav-password').fill(PASSWORD);
    await page.getByTestId('webdav-test').click();
    await expect(page.getByTestId('webdav-test-ok')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('webdav-save').click();

    await expect(viewer(page).getByTestId('webdav-file')).toHaveCount(2, { timeout: 20_000 });
    await viewer(page).getByTestId('webdav-sync').click();
    await expect(viewer(page).getByTestId('webdav-result')).toHaveText(
      '完成：新下载 2 本，已下载过而跳过 0 本，失败 0 本，书架中已有 0 本。',
      { timeout: 30_000 },
    );
    await viewer(page).locator('.ant-drawer-close').click();
    await drawer(page).locator('.ant-drawer-close').click();
    for (const title of ['三体', '围城']) await expect(page.locator(`[data-testid="book"][data-title="${title}"]`)).toBeVisible();

    const channels = harness.calls.map(({ channel }) => channel);
    expect(channels).toEqual(expect.arrayContaining(['webdav:check', 'webdav:list', 'webdav:download', 'secrets:save']));
    expect(channels.filter((channel) => channel === 'webdav:download')).toHaveLength(2);
    // The password file is ciphertext that the stand-in for the OS key opens to this password.
    const bytes = readFileSync(harness.webdavPasswordFile);
    expect(bytes.includes(Buffer.from(PASSWORD))).toBe(false);
    expect(Object.values(JSON.parse(await cipher.decryptString(bytes)) as Record<string, string>)).toEqual([PASSWORD]);
    await page.close();

    // The next start: a new main with a new password store on the same userData lists the folder
    // without the password being typed again.
    const next = await context.newPage();
    const restarted = await installNativeHarness(next, { trustedOrigin, userDataDir, cipher });
    await next.goto('/book/library');
    await next.getByTestId('import-source-webdav').click();
    await drawer(next).getByTestId('webdav-entry-open').click();
    await expect(viewer(next).getByTestId('webdav-file')).toHaveCount(2, { timeout: 20_000 });
    await expect(viewer(next).locator('[data-testid="webdav-file"][data-downloaded="true"]')).toHaveCount(2);
    expect(restarted.calls.map(({ channel }) => channel)).toEqual(expect.arrayContaining(['secrets:get', 'webdav:list']));
    expect([...harness.secretWarnings, ...restarted.secretWarnings]).toEqual([]);
    expect(viaProxy).toEqual([]);
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
  }
});
