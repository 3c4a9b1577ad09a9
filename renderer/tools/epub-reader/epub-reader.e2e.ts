import { expect, test } from '../../../e2e/privacy';

test('epub-reader opens with its title', async ({ page }) => {
  await page.goto('/epub/reader');
  await expect(page).toHaveTitle('电子书阅读器 - 百宝箱');
});
