import { expect, test } from '../../../e2e/privacy';

test('doc-preview opens with its title', async ({ page }) => {
  await page.goto('/doc/preview');
  await expect(page).toHaveTitle('Word 文档预览 - 百宝箱');
});
