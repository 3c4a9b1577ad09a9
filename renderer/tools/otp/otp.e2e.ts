import { expect, test } from '../../../e2e/privacy';

test('otp opens with its title', async ({ page }) => {
  await page.goto('/otp');
  await expect(page).toHaveTitle('动态口令 - 百宝箱');
});
