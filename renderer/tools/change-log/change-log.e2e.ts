import { expect, test } from '../../../e2e/privacy';

test('change-log opens with its title', async ({ page }) => {
  await page.goto('/changeLog');
  await expect(page).toHaveTitle('更新日志 - 百宝箱');
});
