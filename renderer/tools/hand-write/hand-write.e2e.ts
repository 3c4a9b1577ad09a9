import { expect, test } from '../../../e2e/privacy';

test('hand-write opens with its title', async ({ page }) => {
  await page.goto('/hand-write/generate');
  await expect(page).toHaveTitle('手写体生成 - 百宝箱');
});
