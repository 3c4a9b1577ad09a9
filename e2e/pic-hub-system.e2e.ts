import { expect, test } from './privacy';
import { BRANCH, OWNER, REPO, TOKEN, gitAdded, logIn, openUpload, pasteFiles, photo, setUpPicHubWorld } from './pic-hub-kit';

/**
 * The system hub (issue 16, beyond the spec: docs/api.md): the admin sets a GitHub repository in the
 * back office; a visitor without a hub of their own uploads a picture to it through our API, which
 * commits it with its own (guarded, loopback allowed for this test only) call; the public answer
 * never carries the token. The visitor's picture may go to that one API call and nowhere else.
 */

const world = setUpPicHubWorld({ allow: 'system' });

test('the admin sets the system hub and a visitor uploads to it: one commit in its repository', async ({ browser, page, context }) => {
  test.setTimeout(120_000);
  await logIn(context, world());
  await page.goto(`${world().api.url}/admin/pic-hub`);
  await expect(page.getByTestId('admin-pic-hub-none')).toBeVisible();
  await page.getByTestId('admin-pic-hub-owner').fill(OWNER);
  await page.getByTestId('admin-pic-hub-repo').fill(REPO);
  await page.getByTestId('admin-pic-hub-branch').fill(BRANCH);
  await page.getByTestId('admin-pic-hub-path').fill('/visitors/');
  await page.getByTestId('admin-pic-hub-token').fill(TOKEN);
  await page.getByText('高级：API 地址（GitHub Enterprise）').click();
  await page.getByTestId('admin-pic-hub-api').fill(world().github.url);
  await expect(page.getByTestId('admin-pic-hub-api')).toHaveValue(world().github.url);
  await page.getByTestId('admin-pic-hub-save').click();
  // The token check (browser → test server) and the save: either the hub shows or the reason does.
  await expect(page.getByTestId('admin-pic-hub-current').or(page.getByTestId('admin-pic-hub-failure'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('admin-pic-hub-current')).toContainText(`${OWNER}/${REPO}`);

  const offered = await (await fetch(`${world().api.url}/api/busi/pic-hub/sys/default`)).text();
  expect(offered).toContain(REPO);
  expect(offered).not.toContain(TOKEN);

  const visitor = await browser.newContext();
  try {
    const other = await visitor.newPage();
    await openUpload(other, world());
    await expect(other.getByTestId('pic-hub-system-hub')).toBeVisible();
    const before = world().github.log();
    await pasteFiles(other, [{ name: '访客.jpg', mimeType: 'image/jpeg', buffer: await photo(480, 360, 31) }]);
    await expect(other.getByTestId('pic-hub-upload-item')).toHaveAttribute('data-state', 'success', { timeout: 30_000 });
    const after = world().github.log();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]!.message).toBe('upload by pichub');
    const added = gitAdded(world().github, after[0]!.sha);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^visitors\/[^/]+\.(jpe?g|webp|png)$/);
  } finally {
    await visitor.close();
  }
});
