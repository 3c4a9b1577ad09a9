import { expect, test } from '@playwright/test';

test('image-watermark opens with its title', async ({ page }) => {
  await page.goto('/image/watermark');
  await expect(page).toHaveTitle('图片加水印 - 百宝箱');
});
