import { chromiumArgs } from '../../../playwright.config';
import { expect, test } from '../../../e2e/privacy';

// No fake devices: a machine without a microphone, the permission granted.
test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: chromiumArgs }, permissions: ['microphone'] });

test('without a microphone the page says so and the record button works again', async ({ page }) => {
  await page.goto('/en/voice/recorder');
  await page.getByTestId('voice-record').click();
  await expect(page.getByTestId('voice-problem')).toContainText('No microphone was found');
  await expect(page.getByTestId('voice-recorder-panel')).toHaveAttribute('data-phase', 'idle');
  await expect(page.getByTestId('voice-record')).toBeEnabled();
  await expect(page.getByTestId('voice-row')).toHaveCount(0);
});
