import { expect, test } from '@playwright/test';

test('image-steganography opens with its title', async ({ page }) => {
  await page.goto('/image/steganography');
  await expect(page).toHaveTitle('图片隐写 - 百宝箱');
});
