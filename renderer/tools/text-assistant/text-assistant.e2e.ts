import { expect, test } from '@playwright/test';

test('text-assistant opens with its title', async ({ page }) => {
  await page.goto('/text/assistant');
  await expect(page).toHaveTitle('文本助手 - 百宝箱');
});
