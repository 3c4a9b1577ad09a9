import { expect, test } from '../../../e2e/privacy';

test('md-editor opens with its title', async ({ page }) => {
  await page.goto('/md/editor');
  await expect(page).toHaveTitle('Markdown编辑器 - 百宝箱');
});
