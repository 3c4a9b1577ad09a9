import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs } from '../../../playwright.config';
import { expect, test } from '../../../e2e/privacy';

const SECRET = 'KRSXG5CTMVRXEZLU';
const AT_SECONDS = 1_800_000_040;

// Chromium's fake camera plays a Y4M file: a QR from Debian's qrencode, made into video by ffmpeg.
// Made when the file loads, because the browser is launched with the path before any hook runs.
const dir = mkdtempSync(join(tmpdir(), 'baibao-otp-camera-'));
const png = join(dir, 'qr.png');
const video = join(dir, 'qr.y4m');
execFileSync('qrencode', ['-o', png, '-s', '8', '-m', '6', `otpauth://totp/Camera:dave?secret=${SECRET}&issuer=Camera`]);
execFileSync('ffmpeg', [
  '-v',
  'error',
  '-loop',
  '1',
  '-i',
  png,
  '-vf',
  'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2:white',
  '-t',
  '2',
  '-r',
  '10',
  '-pix_fmt',
  'yuv420p',
  video,
]);

test.use({
  // The project's launch options (its Chromium, its flags) plus the fake camera.
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
  permissions: ['camera'],
});

test('the camera reads a QR code and adds the account with the code oathtool computes', async ({ page }) => {
  await page.clock.setFixedTime(new Date(AT_SECONDS * 1000));
  await page.goto('/otp');
  await page.getByTestId('otp-scan-open').click();
  await page.getByTestId('otp-camera-start').click();
  await expect(page.getByTestId('otp-camera')).toBeVisible();
  await expect(page.getByTestId('otp-row')).toHaveCount(1, { timeout: 20_000 });
  // The scanner (and its drawer) closes itself once a code is accepted, so the camera is let go.
  await expect(page.getByTestId('otp-camera')).toHaveCount(0);
  await expect(page.getByTestId('otp-scan-drawer')).toHaveCount(0);
  const expected = execFileSync('oathtool', ['--totp', '-N', `@${AT_SECONDS}`, '--base32', SECRET], { encoding: 'utf8' }).trim();
  await expect(page.getByTestId('otp-code')).toHaveAttribute('data-code', expected);
  await expect(page.locator('.otp-row__issuer')).toHaveText('Camera');
});
