import { expect, test } from '@playwright/test';

test('image-resizer opens with its title', async ({ page }) => {
  await page.goto('/image/resizer');
  await expect(page).toHaveTitle('图片尺寸调整与裁剪 - 百宝箱');
});
