import { expect, test } from '../../../e2e/privacy';

test('psd opens with its title', async ({ page }) => {
  await page.goto('/psd');
  await expect(page).toHaveTitle('PSD 查看与导出 - 百宝箱');
});
