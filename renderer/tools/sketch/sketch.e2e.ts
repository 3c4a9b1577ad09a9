import { expect, test } from '../../../e2e/privacy';

test('sketch opens with its title', async ({ page }) => {
  await page.goto('/sketch');
  await expect(page).toHaveTitle('Sketch 文件查看 - 百宝箱');
});
