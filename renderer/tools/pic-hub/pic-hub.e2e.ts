import { expect, test } from '../../../e2e/privacy';

test('/pic/hub opens', async ({ page }) => {
  await page.goto('/pic/hub');
  await expect(page.getByRole('heading', { name: '图床' }).first()).toBeVisible();
});
