import { chromiumArgs } from '../../../playwright.config';
import { expect, test } from '../../../e2e/privacy';

// A microphone is there (Chromium's fake one) but the permission is not given: the prompt is refused.
test.use({
  launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: [...chromiumArgs, '--use-fake-device-for-media-stream'] },
  permissions: [],
});

test('a refused permission says how to allow the microphone, and nothing is left recording', async ({ page }) => {
  await page.goto('/voice/recorder');
  await page.getByTestId('voice-record').click();
  await expect(page.getByTestId('voice-problem')).toContainText('没有麦克风权限');
  await expect(page.getByTestId('voice-recorder-panel')).toHaveAttribute('data-phase', 'idle');
  await expect(page.getByTestId('voice-row')).toHaveCount(0);
});
