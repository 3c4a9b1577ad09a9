import { expect, test } from '../../../e2e/privacy';

test('feedback opens with its title', async ({ page }) => {
  await page.goto('/user/suggest');
  await expect(page).toHaveTitle('意见反馈 - 百宝箱');
});
