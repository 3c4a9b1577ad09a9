import { expect, test } from '../../../e2e/privacy';

test('book-library opens with its title', async ({ page }) => {
  await page.goto('/book/library');
  await expect(page).toHaveTitle('电子书书架 - 百宝箱');
});
