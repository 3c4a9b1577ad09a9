import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { makeOtpAccount } from '../../../shared/otp/account';
import { planMigrationBatches } from '../../../shared/otp/migration';
import { expect, test } from '../../../e2e/privacy';

// A fixed instant, so the page (Date.now under page.clock) and Debian's oathtool compute the same step.
const AT_SECONDS = 1_800_000_015;
const SECRET = 'JBSWY3DPEHPK3PXP';
const HOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** Reference codes from Debian's oathtool, not from any code under test. */
const oathtotp = (secret: string, digits: number, period: number) =>
  execFileSync('oathtool', ['--totp=sha1', '-d', String(digits), '-s', String(period), '-N', `@${AT_SECONDS}`, '--base32', secret], {
    encoding: 'utf8',
  }).trim();

async function paste(page: Page, links: string) {
  await page.getByTestId('otp-links').fill(links);
  await page.getByTestId('otp-add-submit').click();
}

const code = (page: Page) => page.getByTestId('otp-code').first();

let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-otp-edit-'));
  // A QR picture from Debian's qrencode: an encoder independent of the one under test.
  execFileSync('qrencode', ['-o', join(dir, 'scan.png'), '-s', '6', `otpauth://totp/Pasted:frank?secret=${SECRET}&issuer=Pasted`]);
  // A Google Authenticator export in three QR codes (one account each: a small size limit forces the split).
  const accounts = ['AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC'].map((secret, n) =>
    makeOtpAccount({ secret, issuer: `Batch ${n + 1}`, account: 'x' }),
  );
  const links = planMigrationBatches(accounts, 7, 120);
  expect(links).toHaveLength(3);
  links.forEach((link, n) => execFileSync('qrencode', ['-o', join(dir, `batch-${n + 1}.png`), '-s', '6', link]));
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date(AT_SECONDS * 1000));
});

test('the edit drawer changes digits and period, and the code is the one oathtool computes for them', async ({ page }) => {
  await page.goto('/otp');
  await paste(page, `otpauth://totp/ACME:carol?secret=${SECRET}&issuer=ACME`);
  await expect(code(page)).toHaveAttribute('data-code', oathtotp(SECRET, 6, 30));

  await page.getByTestId('otp-edit').click();
  const drawer = page.getByTestId('otp-edit-drawer');
  await expect(page.getByRole('dialog')).toContainText('编辑账户');
  await expect(drawer.getByTestId('otp-secret')).toHaveValue(SECRET);
  await drawer.getByLabel('位数').selectOption({ label: '8' });
  await drawer.getByTestId('otp-edit-period').fill('60');
  await drawer.getByTestId('otp-edit-issuer').fill('ACME Corp');
  await drawer.getByTestId('otp-edit-group').fill('work');
  await drawer.getByTestId('otp-edit-icon').fill('AC');
  await page.getByTestId('otp-edit-save').click();
  await expect(drawer).toHaveCount(0);

  const expected = oathtotp(SECRET, 8, 60);
  expect(expected).not.toBe(oathtotp(SECRET, 6, 30));
  await expect(code(page)).toHaveAttribute('data-code', expected);
  await expect(page.locator('.otp-row__issuer')).toHaveText('ACME Corp');
  await expect(page.locator('.otp-row__group')).toHaveText('work');
  await expect(page.locator('.otp-row__icon')).toHaveText('AC');
  await expect(page.getByTestId('otp-ring')).toHaveAttribute('aria-label', `还剩 ${60 - (AT_SECONDS % 60)} 秒`);

  // Kept: a reload shows the edited account.
  await page.reload();
  await expect(code(page)).toHaveAttribute('data-code', expected);
  await expect(page.locator('.otp-row__issuer')).toHaveText('ACME Corp');
});

test('an invalid secret or period in the drawer is refused with its reason, and cancel leaves the account as it was', async ({ page }) => {
  await page.goto('/otp');
  await paste(page, [`otpauth://totp/ACME:carol?secret=${SECRET}&issuer=ACME`, `otpauth://hotp/Other?secret=${HOTP_SECRET}`].join('\n'));
  const before = await code(page).getAttribute('data-code');

  await page.getByTestId('otp-edit').first().click();
  const drawer = page.getByTestId('otp-edit-drawer');
  const error = drawer.getByTestId('otp-edit-error');
  await drawer.getByTestId('otp-edit-issuer').fill('Renamed');
  await drawer.getByTestId('otp-secret').fill('NOT-BASE32-1890');
  await page.getByTestId('otp-edit-save').click();
  await expect(error).toHaveText('密钥不是有效的 Base32（只能包含 A–Z 和 2–7）');
  await expect(drawer.getByTestId('otp-secret')).toHaveAttribute('aria-invalid', 'true');
  // Nothing typed is lost by a refusal.
  await expect(drawer.getByTestId('otp-edit-issuer')).toHaveValue('Renamed');

  await drawer.getByTestId('otp-secret').fill(SECRET);
  await expect(error).toHaveCount(0);
  await drawer.getByTestId('otp-edit-period').fill('0');
  await page.getByTestId('otp-edit-save').click();
  await expect(error).toHaveText('周期必须是 1 到 86400 之间的整数秒');

  // Another account's secret (same type) would make two indistinguishable accounts.
  await drawer.getByTestId('otp-edit-period').fill('30');
  await drawer.getByLabel('类型').selectOption({ label: 'HOTP（按计数器）' });
  await drawer.getByTestId('otp-secret').fill(HOTP_SECRET);
  await page.getByTestId('otp-edit-save').click();
  await expect(error).toHaveText('已有使用相同密钥的账户：Other');

  await page.getByTestId('otp-edit-cancel').click();
  await expect(drawer).toHaveCount(0);
  await expect(page.locator('.otp-row__issuer').first()).toHaveText('ACME');
  await expect(code(page)).toHaveAttribute('data-code', before!);
  await page.reload();
  await expect(page.locator('.otp-row__issuer').first()).toHaveText('ACME');
  await expect(code(page)).toHaveAttribute('data-code', before!);
});

test('the scan drawer imports a qrencode picture, and a screenshot pasted on the page opens it', async ({ page }) => {
  await page.goto('/otp');
  // The page is up and its stored accounts read (no rows yet proves nothing before that): only then
  // does it listen for pastes — the clean-clone CI pasted into a page still loading.
  await expect(page.getByTestId('otp-plain-warning')).toBeVisible();
  await expect(page.getByTestId('otp-row')).toHaveCount(0);
  // A paste (Ctrl+V of a screenshot) anywhere on the page, while no drawer is open.
  const png = readFileSync(join(dir, 'scan.png')).toString('base64');
  await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, png);
  // The first decode compiles zxing's wasm in a Worker: slow on a loaded CI machine.
  await expect(page.getByTestId('otp-row')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('otp-scan-drawer')).toHaveCount(0);
  await expect(page.locator('.otp-row__issuer')).toHaveText('Pasted');
  await expect(code(page)).toHaveAttribute('data-code', oathtotp(SECRET, 6, 30));

  // The same picture chosen in the drawer: a duplicate, skipped and said so.
  await page.getByTestId('otp-scan-open').click();
  await expect(page.getByRole('dialog')).toContainText('扫描二维码');
  await page.getByTestId('otp-qr-file').setInputFiles(join(dir, 'scan.png'));
  await expect(page.getByTestId('otp-import-result')).toContainText('跳过 1 个重复账户');
  await expect(page.getByTestId('otp-row')).toHaveCount(1);
});

test('the scan drawer stays open until every QR code of a Google Authenticator export was read', async ({ page }) => {
  await page.goto('/otp');
  await page.getByTestId('otp-scan-open').click();
  const file = page.getByTestId('otp-qr-file');
  await file.setInputFiles(join(dir, 'batch-1.png'));
  await expect(page.getByTestId('otp-scan-progress')).toHaveText('已读取 1 / 3 个迁移二维码，请继续扫描下一个');
  await expect(page.getByTestId('otp-row')).toHaveCount(1);
  await file.setInputFiles(join(dir, 'batch-3.png'));
  await expect(page.getByTestId('otp-scan-progress')).toHaveText('已读取 2 / 3 个迁移二维码，请继续扫描下一个');
  await file.setInputFiles(join(dir, 'batch-2.png'));
  await expect(page.getByTestId('otp-scan-drawer')).toHaveCount(0);
  await expect(page.locator('.otp-row__issuer')).toHaveText(['Batch 1', 'Batch 3', 'Batch 2']);
  await expect(page.getByTestId('otp-import-result')).toContainText('迁移批次 2 / 3');
});

test('English drawers', async ({ page }) => {
  await page.goto('/en/otp');
  await page.getByTestId('otp-manual-open').click();
  await expect(page.getByRole('dialog')).toContainText('Add an account by hand');
  await page.getByTestId('otp-secret').fill('1');
  await page.getByTestId('otp-edit-save').click();
  await expect(page.getByTestId('otp-edit-error')).toHaveText('The secret is not valid Base32 (only A–Z and 2–7)');
  await page.getByTestId('otp-edit-cancel').click();
  await page.getByTestId('otp-scan-open').click();
  await expect(page.getByRole('dialog')).toContainText('Scan QR code');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

  test('rows fit without sideways scrolling, and the next-code button and row actions are thumb-sized', async ({ page }) => {
    await page.goto('/otp');
    await paste(
      page,
      [
        `otpauth://totp/A%20rather%20long%20issuer%20name:someone.with.a.long.address@example.com?secret=${SECRET}&issuer=A%20rather%20long%20issuer%20name&digits=8`,
        `otpauth://hotp/Counter:bob?secret=${HOTP_SECRET}&issuer=Counter&counter=5&digits=8`,
      ].join('\n'),
    );
    await expect(page.getByTestId('otp-row')).toHaveCount(2);
    const noSideways = () => page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(await noSideways()).toBeLessThanOrEqual(375);

    const fits = async (name: string, box: { x: number; y: number; width: number; height: number } | null) => {
      expect(box, name).not.toBeNull();
      expect(box!.width, name).toBeGreaterThanOrEqual(36);
      expect(box!.height, name).toBeGreaterThanOrEqual(36);
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(375);
    };
    const hotp = page.getByTestId('otp-row').nth(1);
    await fits('next code', await hotp.getByTestId('otp-next').boundingBox());
    await hotp.getByTestId('otp-next').tap();
    await expect(hotp.getByTestId('otp-code')).toHaveAttribute(
      'data-code',
      execFileSync('oathtool', ['--hotp', '-d', '8', '-c', '6', '--base32', HOTP_SECRET], { encoding: 'utf8' }).trim(),
    );

    // The actions wait behind "more" on phones; opened, each is a 36 px target on the screen.
    await expect(hotp.getByTestId('otp-edit')).toBeHidden();
    await fits('more', await hotp.getByTestId('otp-row-more').boundingBox());
    await hotp.getByTestId('otp-row-more').tap();
    for (const action of ['otp-show-qr', 'otp-edit']) await fits(action, await hotp.getByTestId(action).boundingBox());
    expect(await noSideways()).toBeLessThanOrEqual(375);

    // The edit drawer comes up from the bottom, 90% of the screen's height (spec §2).
    await hotp.getByTestId('otp-edit').tap();
    const panel = page.locator('.ant-drawer-content-wrapper');
    await expect(panel).toBeVisible();
    await expect.poll(async () => Math.round((await panel.boundingBox())!.height)).toBe(720);
    expect(await noSideways()).toBeLessThanOrEqual(375);
  });
});
