import { expect, test } from '../../../e2e/privacy';

test('screen-on opens with its title', async ({ page }) => {
  await page.goto('/screen/on');
  await expect(page).toHaveTitle('屏幕常亮 - 百宝箱');
});
