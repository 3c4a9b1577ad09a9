import { expect, test } from '@playwright/test';

test('image-compress opens with its title', async ({ page }) => {
  await page.goto('/image/compress');
  await expect(page).toHaveTitle('图片压缩 - 百宝箱');
});
