import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { waitSettled } from '../../../e2e/antd-kit';
import { expect, test } from '../../../e2e/privacy';

// A fixed instant, so the page (Date.now under page.clock) and Debian's oathtool compute the same step.
const AT_SECONDS = 1_800_000_015;
const SHA256_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const SHA1_SECRET = 'JBSWY3DPEHPK3PXP';

/** Reference codes from Debian's oathtool, not from any code under test. */
const oathtotp = (secret: string, algorithm: 'sha1' | 'sha256' | 'sha512', digits: number, at: number) =>
  execFileSync('oathtool', [`--totp=${algorithm}`, '-d', String(digits), '-s', '30', '-N', `@${at}`, '--base32', secret], {
    encoding: 'utf8',
  }).trim();
const oathhotp = (secret: string, counter: number) =>
  execFileSync('oathtool', ['--hotp', '-c', String(counter), '--base32', secret], { encoding: 'utf8' }).trim();

/** Every request the page makes, to prove no secret leaves the device (URL or body). */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(`${request.url()}\n${request.postData() ?? ''}`));
  return seen;
}

async function paste(page: Page, links: string, mode = '粘贴链接') {
  await page.getByText(mode, { exact: true }).click();
  await page.getByTestId('otp-links').fill(links);
  await page.getByTestId('otp-add-submit').click();
}

const codes = (page: Page) => page.getByTestId('otp-code');

let dir: string;
const picture = (name: string) => join(dir, name);

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-otp-e2e-'));
  // QR pictures from Debian's qrencode: an encoder independent of the one under test.
  const qrencode = (name: string, text: string) => execFileSync('qrencode', ['-o', picture(name), '-s', '6', text]);
  qrencode('totp.png', `otpauth://totp/ACME:carol@example.com?secret=${SHA1_SECRET}&issuer=ACME`);
  qrencode('web.png', 'https://example.com/not-a-code');
  // A picture with no code in it, and a "picture" that is text.
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=120x90', '-frames:v', '1', picture('plain.png')]);
  writeFileSync(picture('fake.png'), 'this is not a picture');
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.beforeEach(async ({ page }, testInfo) => {
  // The auto-lock test installs a running fake clock of its own.
  if (testInfo.titlePath.includes('auto-lock')) return;
  await page.clock.setFixedTime(new Date(AT_SECONDS * 1000));
});

test('otpauth links add accounts whose codes are the ones oathtool computes, and they survive a reload', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/otp');
  await expect(page).toHaveTitle('动态口令 - 百宝箱');
  await expect(page.getByTestId('otp-plain-warning')).toContainText('未加密');

  await paste(
    page,
    [
      `otpauth://totp/Example:alice@example.com?secret=${SHA256_SECRET}&issuer=Example&algorithm=SHA256&digits=8&period=30`,
      `otpauth://hotp/Counter:bob?secret=${SHA1_SECRET}&issuer=Counter&counter=5`,
    ].join('\n'),
  );
  await expect(page.getByTestId('otp-import-result')).toContainText('已添加 2 个账户');
  await expect(codes(page).nth(0)).toHaveAttribute('data-code', oathtotp(SHA256_SECRET, 'sha256', 8, AT_SECONDS));
  await expect(codes(page).nth(1)).toHaveAttribute('data-code', oathhotp(SHA1_SECRET, 5));
  await expect(page.getByTestId('otp-ring')).toHaveAttribute('aria-label', '还剩 15 秒');

  // HOTP: the next button moves the counter on, and the new counter is kept.
  await page.getByTestId('otp-next').click();
  await expect(codes(page).nth(1)).toHaveAttribute('data-code', oathhotp(SHA1_SECRET, 6));

  // The same secret again is skipped, not doubled.
  await paste(page, `otpauth://totp/Other?secret=${SHA256_SECRET.toLowerCase()}&algorithm=SHA256&digits=8`);
  await expect(page.getByTestId('otp-import-result')).toContainText('跳过 1 个重复账户');
  await expect(page.getByTestId('otp-row')).toHaveCount(2);

  await page.reload();
  await expect(page.getByTestId('otp-row')).toHaveCount(2);
  await expect(codes(page).nth(1)).toHaveAttribute('data-code', oathhotp(SHA1_SECRET, 6));

  // Copy on click, with the spec's toast.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await codes(page).nth(0).click();
  await expect(page.getByText('复制成功')).toBeVisible();

  for (const request of requests) {
    expect(request).not.toContain(SHA256_SECRET);
    expect(request).not.toContain(SHA1_SECRET);
  }
});

test('search, groups and reordering by keyboard', async ({ page }) => {
  await page.goto('/otp');
  const manual = async (issuer: string, secret: string, group: string) => {
    await page.getByTestId('otp-manual-open').click();
    await page.getByLabel('服务商').fill(issuer);
    await page.getByTestId('otp-secret').fill(secret);
    await page.getByLabel('分组', { exact: true }).fill(group);
    await page.getByTestId('otp-edit-save').click();
    await expect(page.getByTestId('otp-row').filter({ hasText: issuer })).toHaveCount(1);
    await expect(page.getByTestId('otp-edit-drawer')).toHaveCount(0);
  };
  await manual('Alpha', 'JBSWY3DPEHPK3PXP', 'work');
  await manual('Beta', 'GEZDGNBVGY3TQOJQ', 'home');
  await manual('Gamma', 'MFRGGZDFMZTWQ2LK', 'work');

  const issuers = () => page.locator('.otp-row__issuer').allTextContents();
  expect(await issuers()).toEqual(['Alpha', 'Beta', 'Gamma']);

  // Alt+↑ on a focused row is the keyboard's drag.
  await page.getByTestId('otp-row').nth(2).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(issuers).toEqual(['Alpha', 'Gamma', 'Beta']);
  await page.getByRole('button', { name: '上移' }).nth(1).click();
  await expect.poll(issuers).toEqual(['Gamma', 'Alpha', 'Beta']);
  await page.reload();
  await expect.poll(issuers).toEqual(['Gamma', 'Alpha', 'Beta']);

  await page.getByTestId('otp-search').fill('alp');
  await expect.poll(issuers).toEqual(['Alpha']);
  await page.getByTestId('otp-search').fill('');
  await page.getByLabel('按分组筛选').selectOption({ label: 'work' });
  await expect.poll(issuers).toEqual(['Gamma', 'Alpha']);
});

test('bad input gets a translated message, never a crash', async ({ page }) => {
  await page.goto('/otp');
  const error = page.getByTestId('otp-add-error');

  await paste(page, 'https://example.com/login');
  await expect(error).toHaveText('这不是动态口令链接（应以 otpauth:// 开头）');

  await paste(page, 'otpauth-migration://offline?data=CjEKCkhlbGxvId6tvu8SGEV4YW1wbGU6YWxpY2VA');
  await expect(error).toHaveText('迁移链接不完整或已损坏');

  await page.getByTestId('otp-manual-open').click();
  await page.getByTestId('otp-secret').fill('NOT-BASE32-1890');
  await page.getByTestId('otp-edit-save').click();
  await expect(page.getByTestId('otp-edit-error')).toHaveText('密钥不是有效的 Base32（只能包含 A–Z 和 2–7）');
  await page.getByTestId('otp-edit-cancel').click();
  await expect(page.getByTestId('otp-row')).toHaveCount(0);
});

test('English page', async ({ page }) => {
  await page.goto('/en/otp');
  await expect(page).toHaveTitle(/Authenticator/);
  await paste(page, 'not a link', 'Paste link');
  await expect(page.getByTestId('otp-add-error')).toHaveText('This is not a one-time password link (it should start with otpauth://)');
});

test('a QR picture made by qrencode adds the account with the code oathtool computes', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/otp');
  await page.getByTestId('otp-scan-open').click();
  await expect(page.getByRole('dialog')).toContainText('扫描二维码');
  const error = page.getByTestId('otp-scan-error');
  const file = page.getByTestId('otp-qr-file');

  await file.setInputFiles(picture('plain.png'));
  await expect(error).toHaveText('图片中没有找到二维码');
  await file.setInputFiles(picture('web.png'));
  await expect(error).toHaveText('这不是动态口令链接（应以 otpauth:// 开头）');
  await file.setInputFiles(picture('fake.png'));
  await expect(error).toHaveText('这不是可以打开的图片，或图片已损坏');
  await expect(page.getByTestId('otp-row')).toHaveCount(0);

  await file.setInputFiles(picture('totp.png'));
  await expect(page.getByTestId('otp-row')).toHaveCount(1);
  // Added: the drawer closes, the page says what it added.
  await expect(page.getByTestId('otp-scan-drawer')).toHaveCount(0);
  await expect(page.getByTestId('otp-import-result')).toContainText('已添加 1 个账户');
  await expect(page.locator('.otp-row__issuer')).toHaveText('ACME');
  await expect(codes(page).first()).toHaveAttribute('data-code', oathtotp(SHA1_SECRET, 'sha1', 6, AT_SECONDS));
  for (const request of requests) expect(request).not.toContain(SHA1_SECRET);
});

test('a Google Authenticator export in several QR codes imports into a fresh browser with the same accounts', async ({ page, browser }) => {
  await page.goto('/otp');
  // Twelve accounts of different kinds: more than one migration QR can carry.
  const secrets = Array.from({ length: 12 }, (_, n) => `${SHA1_SECRET}${'ABCDEFGHIJKL'[n]!.repeat(8)}`);
  const links = secrets.map((secret, n) =>
    n === 1
      ? `otpauth://hotp/Hotp%20${n}:user${n}?secret=${secret}&issuer=Hotp%20${n}&counter=7`
      : `otpauth://totp/Service%20${n}:user${n}@example.com?secret=${secret}&issuer=Service%20${n}&algorithm=${n === 2 ? 'SHA256' : 'SHA1'}&digits=${n === 2 ? 8 : 6}`,
  );
  await paste(page, links.join('\n'));
  await expect(page.getByTestId('otp-row')).toHaveCount(12);
  const before = await page.getByTestId('otp-code').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-code')));
  const names = await page.locator('.otp-row__names').allInnerTexts();

  await page.getByTestId('otp-export-migration').click();
  const batch = page.getByTestId('otp-qr-batch');
  await expect(batch).toHaveText(/^第 1 个，共 \d+ 个$/);
  const size = Number(/共 (\d+) 个/.exec((await batch.textContent())!)![1]);
  expect(size).toBeGreaterThan(1);
  const shots: string[] = [];
  for (let index = 1; index <= size; index += 1) {
    await expect(batch).toHaveText(`第 ${index} 个，共 ${size} 个`);
    // Not while the dialog still zooms in: a QR code caught small is one the import cannot read.
    await waitSettled(page.getByTestId('otp-qr-image'));
    shots.push(picture(`batch-${index}.png`));
    await page.getByTestId('otp-qr-image').screenshot({ path: shots.at(-1) });
    if (index < size) await page.getByTestId('otp-qr-next').click();
  }

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.clock.setFixedTime(new Date(AT_SECONDS * 1000));
    await other.goto('/otp');
    await expect(other.getByTestId('otp-row')).toHaveCount(0);
    await other.getByTestId('otp-scan-open').click();
    await other.getByTestId('otp-qr-file').setInputFiles(shots);
    await expect(other.getByTestId('otp-row')).toHaveCount(12);
    await expect(other.getByTestId('otp-import-result')).toContainText(`迁移批次 ${size} / ${size}`);
    expect(await other.locator('.otp-row__names').allInnerTexts()).toEqual(names);
    expect(await other.getByTestId('otp-code').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-code')))).toEqual(before);

    // The same export again: every account is a duplicate.
    await other.getByTestId('otp-scan-open').click();
    await other.getByTestId('otp-qr-file').setInputFiles(shots[0]!);
    await expect(other.getByTestId('otp-import-result')).toContainText('跳过');
    await expect(other.getByTestId('otp-row')).toHaveCount(12);
  } finally {
    await fresh.close();
  }
});

test('the vault encrypts the accounts, locks, refuses a wrong password and unlocks', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/otp');
  await paste(page, `otpauth://totp/Vaulted:erin?secret=${SHA1_SECRET}&issuer=Vaulted`);
  await expect(page.getByTestId('otp-row')).toHaveCount(1);

  await page.getByTestId('otp-vault-toggle').click();
  await page.getByTestId('otp-set-password-password').fill('short');
  await page.getByTestId('otp-set-password-repeat').fill('short');
  await page.getByTestId('otp-set-password-submit').click();
  await expect(page.getByTestId('otp-set-password-error')).toHaveText('密码至少 8 个字符');
  await page.getByTestId('otp-set-password-password').fill('correct horse');
  await page.getByTestId('otp-set-password-repeat').fill('correct horsf');
  await page.getByTestId('otp-set-password-submit').click();
  await expect(page.getByTestId('otp-set-password-error')).toHaveText('两次输入的密码不一致');
  await page.getByTestId('otp-set-password-repeat').fill('correct horse');
  await page.getByTestId('otp-set-password-submit').click();
  await expect(page.getByTestId('otp-encrypted')).toBeVisible();
  await expect(page.getByTestId('otp-plain-warning')).toHaveCount(0);

  // Nothing readable is left in IndexedDB: no plain record, and the vault text holds no secret.
  const stored = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('Otp');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all: unknown[] = [];
          const transaction = open.result.transaction(['account', 'vault']);
          transaction.objectStore('account').getAll().onsuccess = (event) => all.push((event.target as IDBRequest).result);
          transaction.objectStore('vault').getAll().onsuccess = (event) => all.push((event.target as IDBRequest).result);
          transaction.oncomplete = () => resolve(JSON.stringify(all));
        };
      }),
  );
  expect(stored).toContain('baibao-otp-vault');
  expect(stored).not.toContain(SHA1_SECRET);
  expect(stored).not.toContain('Vaulted');

  // A reload starts locked.
  await page.reload();
  await expect(page.getByTestId('otp-unlock')).toBeVisible();
  await expect(page.getByTestId('otp-row')).toHaveCount(0);
  await page.getByTestId('otp-unlock-password').fill('wrong password');
  await page.getByTestId('otp-unlock-submit').click();
  await expect(page.getByTestId('otp-unlock-error')).toHaveText('密码错误');
  await page.getByTestId('otp-unlock-password').fill('correct horse');
  await page.getByTestId('otp-unlock-submit').click();
  await expect(codes(page)).toHaveAttribute('data-code', oathtotp(SHA1_SECRET, 'sha1', 6, AT_SECONDS));

  // Changes while unlocked are sealed too, and "lock now" empties the page.
  await paste(page, `otpauth://hotp/Second?secret=${SHA256_SECRET}&counter=1`);
  await expect(page.getByTestId('otp-row')).toHaveCount(2);
  await page.getByTestId('otp-lock').click();
  await expect(page.getByTestId('otp-unlock')).toBeVisible();
  await expect(page.getByTestId('otp-row')).toHaveCount(0);
  await page.reload();
  await page.getByTestId('otp-unlock-password').fill('correct horse');
  await page.getByTestId('otp-unlock-submit').click();
  await expect(page.getByTestId('otp-row')).toHaveCount(2);

  for (const request of requests) expect(request).not.toContain('correct horse');
});

test.describe('auto-lock', () => {
  test('an unlocked vault locks itself after 5 idle minutes', async ({ page }) => {
    await page.clock.install({ time: new Date(AT_SECONDS * 1000) });
    await page.goto('/otp');
    await paste(page, `otpauth://totp/Idle?secret=${SHA1_SECRET}`);
    await page.getByTestId('otp-vault-toggle').click();
    await page.getByTestId('otp-set-password-password').fill('correct horse');
    await page.getByTestId('otp-set-password-repeat').fill('correct horse');
    await page.getByTestId('otp-set-password-submit').click();
    await expect(page.getByTestId('otp-encrypted')).toBeVisible();
    await page.clock.fastForward('04:00');
    await expect(page.getByTestId('otp-row')).toHaveCount(1);
    await page.clock.fastForward('01:05');
    await expect(page.getByTestId('otp-unlock')).toBeVisible();
    await expect(page.getByTestId('otp-row')).toHaveCount(0);
  });
});
