import { expect, test } from '../../../e2e/privacy';

test('ppt-preview opens with its title', async ({ page }) => {
  await page.goto('/ppt/preview');
  await expect(page).toHaveTitle('PPT 演示文稿预览 - 百宝箱');
});
