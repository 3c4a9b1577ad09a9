import { expect, test } from '@playwright/test';

test('image-convert opens with its title', async ({ page }) => {
  await page.goto('/image/convert');
  await expect(page).toHaveTitle('图片格式转换 - 百宝箱');
});
