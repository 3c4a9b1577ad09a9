import { expect, test } from '../../../e2e/privacy';

// The suite's server has no CHAT_* settings; the streamed answers are in e2e/chat-assistant.e2e.ts,
// on a server of their own pointed at the fake upstream.
test('chatgpt says clearly when the site has no chat assistant', async ({ page }) => {
  await page.goto('/chatgpt');
  await expect(page).toHaveTitle('聊天助手 - 百宝箱');
  await expect(page.getByTestId('chat-disabled')).toContainText('本站没有配置聊天助手');
  await expect(page.getByTestId('chat-input')).toHaveCount(0);
});
