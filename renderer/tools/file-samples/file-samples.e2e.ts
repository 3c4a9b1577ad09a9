import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../../../e2e/shell-kit';

// Not the privacy fixture: uploading a sample (multipart) is the admin page's purpose.

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

test('an admin uploads a sample that a visitor downloads with the SHA-256 the page shows', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(4).toString('hex');
  const admin = await browser.newContext();
  await signInAsAdmin(admin, request, baseURL);
  const page = await admin.newPage();
  await page.goto('/file/samples/edit');
  // The first read of the catalogue seeds it (a few seconds of sharp and ffmpeg on a busy machine).
  await expect(page.getByTestId('category-Images')).toBeVisible({ timeout: 60_000 });

  const nameEn = `E2E ${tag}`;
  const form = page.getByTestId('sample-new-category');
  await form.getByLabel('中文名').fill(`测试 ${tag}`);
  await form.getByLabel('英文名').fill(nameEn);
  await form.getByRole('button', { name: /^添\s*加$/ }).click();
  const category = page.getByTestId(`category-${nameEn}`);
  await expect(category).toBeVisible();

  // Bytes that are not what the name says: refused with the server's translated reason, nothing listed.
  const upload = category.getByTestId('sample-upload-form');
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201f1a8e6b70000000049454e44ae426082',
    'hex',
  );
  await upload.getByTestId('sample-upload-input').setInputFiles({ name: `report-${tag}.pdf`, mimeType: 'application/pdf', buffer: png });
  await upload.getByTestId('sample-upload').click();
  await expect(upload.getByTestId('sample-form-error')).toContainText(/文件内容是 PNG，与文件名的扩展名 \.pdf 不符/);
  await expect(category.getByText('这个分类还没有文件')).toBeVisible();

  const name = `数据-${tag}.csv`;
  const bytes = Buffer.from(`id,名称 name\n1,${tag}\n2,百宝箱\n`);
  await upload.getByTestId('sample-upload-input').setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
  await upload.getByLabel('英文说明').fill(`CSV made by the e2e test ${tag}`);
  await upload.getByTestId('sample-upload').click();
  await expect(category.getByTestId(`sample-row-${name}`)).toBeVisible();
  await admin.close();

  const visitor = await browser.newContext({ acceptDownloads: true });
  const shown = await visitor.newPage();
  await shown.goto('/en/file/samples');
  await shown.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: nameEn }).click();
  const card = shown.getByTestId(`sample-${name}`);
  await expect(card.getByText(`CSV made by the e2e test ${tag}`)).toBeVisible();
  await expect(card.getByText('CSV', { exact: true })).toBeVisible();
  const shownSha = (await card.getByTestId('sample-sha256').textContent()) ?? '';
  expect(shownSha).toBe(sha256(bytes));

  const downloading = shown.waitForEvent('download');
  await card.getByTestId('sample-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(name);
  const saved = await readFile((await download.path())!);
  expect(sha256(saved)).toBe(shownSha);
  await visitor.close();
});

test('a visitor cannot open /file/samples/edit and sees no link to it', async ({ page }) => {
  await page.goto('/file/samples');
  await expect(page.getByTestId('file-samples-page')).toBeVisible();
  await expect(page.getByRole('link', { name: '编辑示例文件' })).toHaveCount(0);
  await page.goto('/file/samples/edit');
  await expect(page).toHaveURL(/\/user\/login\?redirect=[^&]*%2Ffile%2Fsamples%2Fedit/);
  await expect(page.getByTestId('samples-edit-page')).toHaveCount(0);
});
