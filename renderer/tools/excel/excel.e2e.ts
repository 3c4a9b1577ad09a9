import { expect, test } from '../../../e2e/privacy';

test('excel opens with its title', async ({ page }) => {
  await page.goto('/excel');
  await expect(page).toHaveTitle('Excel 表格 - 百宝箱');
});
