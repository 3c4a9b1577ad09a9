import { expect, test } from '../../../e2e/privacy';

test('chatgpt opens with its title', async ({ page }) => {
  await page.goto('/chatgpt');
  await expect(page).toHaveTitle('聊天助手 - 百宝箱');
});
