import { expect, test } from '@playwright/test';

test('subtitle-stitch opens with its title', async ({ page }) => {
  await page.goto('/subtitle/stitch');
  await expect(page).toHaveTitle('字幕拼接 - 百宝箱');
});
