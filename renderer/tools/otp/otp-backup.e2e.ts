import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { expect, test, watchPrivacy } from '../../../e2e/privacy';

// A fixed instant, so the page (Date.now under page.clock) and Debian's oathtool compute the same step.
const AT_SECONDS = 1_800_000_015;
const SHA256_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const SHA1_SECRET = 'JBSWY3DPEHPK3PXP';
const PASSWORD = 'backup-password-17';

/** Reference codes from Debian's oathtool, not from any code under test. */
const oathtotp = (secret: string, algorithm: 'sha1' | 'sha256', digits: number) =>
  execFileSync('oathtool', [`--totp=${algorithm}`, '-d', String(digits), '-s', '30', '-N', `@${AT_SECONDS}`, '--base32', secret], {
    encoding: 'utf8',
  }).trim();
const oathhotp = (secret: string, counter: number) =>
  execFileSync('oathtool', ['--hotp', '-c', String(counter), '--base32', secret], { encoding: 'utf8' }).trim();

let dir: string;
const file = (name: string) => join(dir, name);

/** A plain payload as docs/otp-backup.md describes it, written by hand: two accounts in groups and one broken record. */
const PLAIN_PAYLOAD = {
  format: 'baibao-otp-accounts',
  version: 1,
  accounts: [
    {
      type: 'totp',
      secret: SHA256_SECRET,
      issuer: 'Example',
      account: 'alice@example.com',
      algorithm: 'SHA256',
      digits: 8,
      period: 30,
      group: 'work',
    },
    { type: 'hotp', secret: SHA1_SECRET, issuer: 'Counter', account: 'bob', algorithm: 'SHA1', digits: 6, counter: 5, group: 'home' },
    { type: 'totp', secret: 'NOT BASE32 1890', issuer: 'Broken' },
  ],
};

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-otp-backup-e2e-'));
  writeFileSync(file('plain.json'), JSON.stringify(PLAIN_PAYLOAD));
  writeFileSync(file('garbage.json'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00, 0x7b]));
  writeFileSync(file('empty.json'), '');
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date(AT_SECONDS * 1000));
});

async function importFile(page: Page, path: string) {
  if ((await page.getByTestId('otp-import-backup').getAttribute('aria-expanded')) !== 'true') {
    await page.getByTestId('otp-import-backup').click();
  }
  await page.getByTestId('otp-backup-file').setInputFiles(path);
}

async function saved(download: Promise<Download>, name: string): Promise<string> {
  const path = file(name);
  await (await download).saveAs(path);
  return readFileSync(path, 'utf8');
}

const codes = (page: Page) => page.getByTestId('otp-code').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-code')));

test('an encrypted backup of the accounts imports into a fresh browser with the password, codes as oathtool computes', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/otp');
  // Restoring onto an empty page: the import is there before any account is.
  await importFile(page, file('plain.json'));
  await expect(page.getByTestId('otp-import-result')).toContainText('已添加 2 个账户');
  await expect(page.getByTestId('otp-backup-note')).toHaveText('1 条记录无法读取，已跳过');
  await expect(page.getByTestId('otp-row')).toHaveCount(2);
  const expected = [oathtotp(SHA256_SECRET, 'sha256', 8), oathhotp(SHA1_SECRET, 5)];
  await expect.poll(() => codes(page)).toEqual(expected);
  await expect(page.getByTestId('otp-selection-note')).toHaveText('未勾选账户：以下导出包含当前列出的全部 2 个账户');

  await page.getByTestId('otp-export-encrypted').click();
  await page.getByTestId('otp-backup-password-password').fill(PASSWORD);
  await page.getByTestId('otp-backup-password-repeat').fill(PASSWORD);
  const download = page.waitForEvent('download');
  await page.getByTestId('otp-backup-password-submit').click();
  const backup = await saved(download, 'backup.json');
  expect((await download).suggestedFilename()).toMatch(/^baibao-otp-\d{8}\.json$/);
  expect(JSON.parse(backup)).toMatchObject({ format: 'baibao-otp-vault', version: 1, kdf: { name: 'PBKDF2', iterations: 600_000 } });
  expect(backup).not.toContain(SHA1_SECRET);
  expect(backup).not.toContain('Example');

  const fresh = await browser.newContext({ baseURL: baseURL!, locale: 'zh-CN' });
  const stopWatching = await watchPrivacy(fresh);
  try {
    const other = await fresh.newPage();
    await other.clock.setFixedTime(new Date(AT_SECONDS * 1000));
    await other.goto('/otp');
    await expect(other.getByTestId('otp-row')).toHaveCount(0);
    await importFile(other, file('backup.json'));
    await expect(other.getByText('此备份已加密：输入导出时设置的备份密码')).toBeVisible();

    // A wrong password: a translated message, nothing imported, the form stays for another try.
    await other.getByTestId('otp-backup-unlock-password').fill('not the password');
    await other.getByTestId('otp-backup-unlock-submit').click();
    await expect(other.getByTestId('otp-backup-unlock-error')).toHaveText('密码错误，或备份文件已被改动');
    await expect(other.getByTestId('otp-row')).toHaveCount(0);

    await other.getByTestId('otp-backup-unlock-password').fill(PASSWORD);
    await other.getByTestId('otp-backup-unlock-submit').click();
    await expect(other.getByTestId('otp-import-result')).toContainText('已添加 2 个账户');
    // The result line can show before the list has re-read the stored accounts.
    await expect.poll(() => codes(other)).toEqual(expected);
    expect(await other.locator('.otp-row__issuer').allTextContents()).toEqual(['Example', 'Counter']);
    // Groups travel in the backup (an otpauth link has none).
    await other.getByLabel('按分组筛选').selectOption({ label: 'home' });
    expect(await other.locator('.otp-row__issuer').allTextContents()).toEqual(['Counter']);
    await other.getByLabel('按分组筛选').selectOption({ label: '全部分组' });

    // The same backup again: every account a duplicate, nothing doubled.
    await importFile(other, file('backup.json'));
    await other.getByTestId('otp-backup-unlock-password').fill(PASSWORD);
    await other.getByTestId('otp-backup-unlock-submit').click();
    await expect(other.getByTestId('otp-import-result')).toContainText('跳过 2 个重复账户');
    await expect(other.getByTestId('otp-row')).toHaveCount(2);

    // The accounts were stored: a reload keeps them.
    await other.reload();
    await expect.poll(() => codes(other)).toEqual(expected);
    expect(await stopWatching(), 'the second browser sent what may be file content').toEqual([]);
  } finally {
    await fresh.close();
  }
});

test('the plain list asks first, exports only the ticked accounts, and imports back', async ({ page }) => {
  await page.goto('/otp');
  await importFile(page, file('plain.json'));
  await expect(page.getByTestId('otp-row')).toHaveCount(2);

  await page.getByTestId('otp-select').nth(1).check();
  await expect(page.getByTestId('otp-selection-note')).toHaveText('已选 1 个账户：以下导出只包含所选账户');

  // The warning comes before any file: nothing is saved until it is confirmed.
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.getByTestId('otp-export-plain').click();
  await expect(page.getByTestId('otp-plain-export-warning')).toContainText('未加密的密钥');
  expect(downloads).toBe(0);
  const download = page.waitForEvent('download');
  await page.getByTestId('otp-plain-export-confirm').click();
  const list = await saved(download, 'links.txt');
  expect((await download).suggestedFilename()).toMatch(/^baibao-otp-links-\d{8}\.txt$/);
  expect(list.trim().split('\n')).toEqual([expect.stringMatching(/^otpauth:\/\/hotp\/Counter:bob\?secret=JBSWY3DPEHPK3PXP&.*counter=5/)]);

  // A whole group, then all listed; "select all" again unticks.
  await page.getByTestId('otp-select-clear').click();
  await page.getByTestId('otp-select-group').selectOption({ label: 'work' });
  await expect(page.getByTestId('otp-select').nth(0)).toBeChecked();
  await expect(page.getByTestId('otp-select').nth(1)).not.toBeChecked();
  await page.getByTestId('otp-select-all').check();
  await expect(page.getByTestId('otp-selection-note')).toHaveText('已选 2 个账户：以下导出只包含所选账户');
  await page.getByTestId('otp-select-all').uncheck();
  await expect(page.getByTestId('otp-selection-note')).toContainText('未勾选账户');

  // The list imports back: the account it holds is a duplicate here.
  await importFile(page, file('links.txt'));
  await expect(page.getByTestId('otp-import-result')).toContainText('跳过 1 个重复账户');
});

test('an empty, foreign or cut-short file gets a translated message and changes nothing', async ({ page }) => {
  await page.goto('/otp');
  await importFile(page, file('plain.json'));
  await expect(page.getByTestId('otp-row')).toHaveCount(2);
  const error = page.getByTestId('otp-backup-error');

  await importFile(page, file('empty.json'));
  await expect(error).toHaveText('文件是空的');
  await importFile(page, file('garbage.json'));
  await expect(error).toHaveText('这不是本工具的备份文件或 otpauth 链接列表');

  await page.getByTestId('otp-export-encrypted').click();
  await page.getByTestId('otp-backup-password-password').fill(PASSWORD);
  await page.getByTestId('otp-backup-password-repeat').fill(PASSWORD);
  const download = page.waitForEvent('download');
  await page.getByTestId('otp-backup-password-submit').click();
  const backup = await saved(download, 'whole.json');
  writeFileSync(file('cut.json'), backup.slice(0, Math.floor(backup.length * 0.6)));
  await importFile(page, file('cut.json'));
  await expect(error).toHaveText('备份文件不完整或已损坏');
  await expect(page.getByTestId('otp-row')).toHaveCount(2);
});

test('English page', async ({ page }) => {
  await page.goto('/en/otp');
  await page.getByTestId('otp-import-backup').click();
  await page.getByTestId('otp-backup-file').setInputFiles(file('empty.json'));
  await expect(page.getByTestId('otp-backup-error')).toHaveText('The file is empty');
  await page.getByTestId('otp-backup-file').setInputFiles(file('plain.json'));
  await expect(page.getByTestId('otp-backup-note')).toHaveText('1 record could not be read and was skipped');
  await page.getByTestId('otp-export-plain').click();
  await expect(page.getByTestId('otp-plain-export-warning')).toContainText('Export unencrypted secrets?');
});
