import { expect, test } from '../../../e2e/privacy';

test('file-samples opens with its title', async ({ page }) => {
  await page.goto('/file/samples');
  await expect(page).toHaveTitle('示例文件 - 百宝箱');
});
