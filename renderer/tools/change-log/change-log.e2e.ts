import { CHANGELOG } from '@shared/changelog';
import { expect, test } from '../../../e2e/privacy';

test('the change log shows every release as a timeline, newest first, in both languages', async ({ page }) => {
  await page.goto('/changeLog');
  await expect(page).toHaveTitle('更新日志 - 百宝箱');
  const releases = page.getByTestId('change-log-timeline').locator('> li');
  await expect(releases).toHaveCount(CHANGELOG.length);
  const newest = CHANGELOG[0]!;
  await expect(releases.first().locator('h2')).toContainText(newest.version);
  await expect(releases.first()).toContainText(newest.items[0]!.cn);

  await page.goto('/en/changeLog');
  await expect(page).toHaveTitle('Change log - Baibao');
  await expect(page.getByTestId('change-log-timeline').locator('> li').first()).toContainText(newest.items[0]!.en);
  await page.getByRole('link', { name: 'An idea, or something wrong? Tell us' }).click();
  await expect(page).toHaveURL(/\/en\/user\/suggest$/);
});
