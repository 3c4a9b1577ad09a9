import { expect, test } from '@playwright/test';

test('icon-marker opens with its title', async ({ page }) => {
  await page.goto('/icon/marker');
  await expect(page).toHaveTitle('网站图标生成 - 百宝箱');
});
