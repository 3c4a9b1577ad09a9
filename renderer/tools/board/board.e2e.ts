import { expect, test } from '../../../e2e/privacy';

test('board opens with its title', async ({ page }) => {
  await page.goto('/comment/board');
  await expect(page).toHaveTitle('留言板 - 百宝箱');
});
