import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test } from './privacy';
import {
  OWNER,
  READ_ONLY_TOKEN,
  WRONG_TOKEN,
  configureHub,
  fillHubDrawer,
  photo,
  openUpload,
  pasteFiles,
  pichubUrl,
  setUpPicHubWorld,
  uploadItem,
} from './pic-hub-kit';

/**
 * Bad input never crashes PicHub and never reaches the repository (issue 16): a file that is no
 * picture and a 50 MB picture are refused on their item with a message, nothing is committed; a
 * wrong token, a token without write access, a repository or branch that does not exist are each
 * refused by the token check with their own message, and the hub is not saved.
 */

const world = setUpPicHubWorld();

test('the token check refuses a wrong token, a read-only token, a missing repository and a missing branch, each in its words', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const cases = [
    { hub: { token: WRONG_TOKEN }, message: '认证失败：令牌无效或已过期' },
    { hub: { token: READ_ONLY_TOKEN }, message: '令牌没有这个仓库的写入权限' },
    { hub: { repo: 'no-such-repo' }, message: `找不到仓库 ${OWNER}/no-such-repo（或令牌无权访问）` },
    { hub: { branch: 'no-such-branch' }, message: '仓库中没有分支 no-such-branch' },
  ];
  for (const { hub, message } of cases) {
    const drawer = await fillHubDrawer(page, world(), hub);
    await expect(drawer.getByText(message)).toBeVisible();
    await expect(drawer).toBeVisible();
  }
  await page.goto(pichubUrl(world(), 'storage'));
  await expect(page.getByText('还没有图床：添加一个 GitHub 仓库即可开始上传。')).toBeVisible();
  expect(world().github.log()).toHaveLength(1);
});

test('a file that is no picture and a 50 MB picture are refused on their items, and nothing is committed', async ({ page }) => {
  test.setTimeout(90_000);
  await configureHub(page, world(), { path: 'bad' });
  const commits = world().github.log().length;
  await openUpload(page, world());

  await pasteFiles(page, [{ name: '不是图片.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('这只是一段文字，不是图片。'.repeat(20)) }]);
  const notImage = uploadItem(page, '不是图片.jpg');
  await expect(notImage).toHaveAttribute('data-state', 'error');
  await expect(notImage.getByTestId('pic-hub-upload-error')).toHaveText('不是图片文件，只能上传图片');

  // A real JPEG followed by 50 MB: over the 25 MB cap, refused before it is read.
  const big = join(world().dir, '大图.jpg');
  const head = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
  writeFileSync(big, Buffer.concat([head, Buffer.alloc(50 * 1024 * 1024 - head.length)]));
  await page.getByTestId('pic-hub-upload-drop').locator('input[type=file]').first().setInputFiles(big);
  const tooBig = uploadItem(page, '大图.jpg');
  await expect(tooBig).toHaveAttribute('data-state', 'error');
  await expect(tooBig.getByTestId('pic-hub-upload-error')).toHaveText(/^图片超过 25\s?MB，请先压缩或缩小后再上传$/);

  await page.waitForTimeout(500);
  expect(world().github.log()).toHaveLength(commits);
  expect(world().github.requests.filter((request) => request.method !== 'GET' && request.method !== 'OPTIONS')).toEqual([]);
});

test("GitHub's refusals during an upload, in the spec's words: 创建commit失败, 上传失败, 网络不通 — and nothing committed", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const github = world().github;
  await configureHub(page, world(), { path: 'refused' });
  const commits = github.log().length;
  const picture = async (name: string, seed: number) => ({ name, mimeType: 'image/jpeg', buffer: await photo(320, 240, seed) });

  // A batch whose commit GitHub refuses: every item of it failed at the commit step.
  github.intercept({ status: 422, method: 'POST', path: /\/git\/commits$/ });
  await openUpload(page, world());
  await pasteFiles(page, [await picture('一.jpg', 51), await picture('二.jpg', 52)]);
  for (const name of ['一.jpg', '二.jpg']) {
    const row = uploadItem(page, name);
    await expect(row).toHaveAttribute('data-state', 'error', { timeout: 30_000 });
    await expect(row.getByTestId('pic-hub-upload-error')).toHaveText('创建commit失败');
  }

  // One file answered with a message instead of its sha (spec §5): that file failed.
  github.intercept({ status: 200, method: 'PUT', path: /\/contents\//, body: { message: 'Something went wrong' } });
  await openUpload(page, world());
  await pasteFiles(page, [await picture('三.jpg', 53)]);
  const third = uploadItem(page, '三.jpg');
  await expect(third).toHaveAttribute('data-state', 'error', { timeout: 30_000 });
  await expect(third.getByTestId('pic-hub-upload-error')).toHaveText('上传失败');

  // No answer at all from GitHub.
  await page.route(`${github.url}/**`, (route) => route.abort('internetdisconnected'));
  await openUpload(page, world());
  await pasteFiles(page, [await picture('四.jpg', 54)]);
  const fourth = uploadItem(page, '四.jpg');
  await expect(fourth).toHaveAttribute('data-state', 'error', { timeout: 30_000 });
  await expect(fourth.getByTestId('pic-hub-upload-error')).toHaveText('网络不通');

  expect(github.log()).toHaveLength(commits);
});
