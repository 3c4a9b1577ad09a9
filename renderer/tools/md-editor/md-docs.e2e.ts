import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../../../e2e/privacy';

const DOCUMENT = [
  '# 季度报告 Quarterly',
  '',
  '质能方程：$E = mc^2$',
  '',
  '| 产品 | 销量 |',
  '| --- | --- |',
  '| 苹果 | 42 |',
  '',
  '```mermaid',
  'graph TD',
  '  Start[开始] --> Finish[结束]',
  '```',
  '',
].join('\n');

// GBK bytes of "# 标题\r\n中文内容，测试。": written out, so the test needs no encoder.
const GBK_BYTES = Buffer.from([
  0x23, 0x20, 0xb1, 0xea, 0xcc, 0xe2, 0x0d, 0x0a, 0xd6, 0xd0, 0xce, 0xc4, 0xc4, 0xda, 0xc8, 0xdd, 0xa3, 0xac, 0xb2, 0xe2, 0xca, 0xd4, 0xa1,
  0xa3,
]);

const importFile = (page: Page, name: string, buffer: Buffer) =>
  page.getByTestId('md-import-input').setInputFiles({ name, mimeType: 'text/markdown', buffer });

async function openEditor(page: Page) {
  await page.goto('/md/editor');
  await expect(page.locator('[data-testid="md-editor"] .cm-content')).toBeVisible({ timeout: 20_000 });
}

async function expectRendered(page: Page) {
  const preview = page.getByTestId('md-preview');
  await expect(preview.locator('table')).toContainText('苹果');
  await expect(preview.locator('.katex').first()).toBeVisible({ timeout: 20_000 });
  await expect(preview.locator('svg').filter({ hasText: '开始' })).toBeVisible({ timeout: 30_000 });
}

test('a document with math, a table and a diagram renders, survives a reload and exports HTML and a PDF', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openEditor(page);
  await importFile(page, '季度报告.md', Buffer.from(DOCUMENT, 'utf8'));
  await expect(page.getByTestId('md-doc-title')).toHaveValue('季度报告');
  await expectRendered(page);

  await page.reload();
  await expect(page.getByTestId('md-doc-title')).toHaveValue('季度报告');
  await expectRendered(page);

  await page.getByTestId('md-export-toggle').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('md-export-html').click()]);
  expect(download.suggestedFilename()).toBe('季度报告.html');
  const htmlPath = testInfo.outputPath('export.html');
  await download.saveAs(htmlPath);
  const html = readFileSync(htmlPath, 'utf8');
  expect(html).toContain('<title>季度报告</title>');
  expect(html).toMatch(/<table[\s\S]*苹果[\s\S]*<\/table>/);
  expect(html).toContain('class="katex');
  expect(html).not.toMatch(/<script|<link /);
  // Standalone: the formula fonts are in the file, nothing points back at the site.
  expect(html).toContain('url(data:font/woff2;base64,');
  expect(html).not.toMatch(/url\(["']?\/assets\//);

  // The website's PDF is the browser printing this HTML; Chromium's page.pdf() prints the same way.
  const print = await page.context().newPage();
  await print.setContent(html);
  const pdfPath = testInfo.outputPath('export.pdf');
  writeFileSync(pdfPath, await print.pdf({ format: 'A4' }));
  await print.close();
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' });
  expect(text).toContain('Quarterly');
  expect(text).toContain('苹果');
});

test('text typed just before a reload is there after it', async ({ page }) => {
  await openEditor(page);
  await page.getByTestId('md-new').click();
  const editor = page.locator('[data-testid="md-editor"] .cm-content');
  await editor.click();
  await page.keyboard.insertText('刚刚输入的文字 typed just now');
  await page.reload();
  await expect(page.locator('[data-testid="md-editor"] .cm-content')).toContainText('刚刚输入的文字 typed just now', { timeout: 20_000 });
});

test('import: a GBK file shows its Chinese, a file over 5 MB is refused with a message', async ({ page }) => {
  await openEditor(page);
  await importFile(page, '笔记.md', GBK_BYTES);
  await expect(page.getByTestId('md-doc-title')).toHaveValue('笔记');
  await expect(page.locator('[data-testid="md-editor"] .cm-content')).toContainText('中文内容，测试。');
  await expect(page.getByTestId('md-preview').locator('h1')).toHaveText('标题');

  await importFile(page, 'big.md', Buffer.alloc(5 * 1024 * 1024 + 1, 0x61));
  await expect(page.getByText('文件超过 5 MB，无法导入：big.md')).toBeVisible();
  await expect(page.getByTestId('md-doc-title')).toHaveValue('笔记');
});

test('documents list: search, rename and delete with a confirm', async ({ page }) => {
  await openEditor(page);
  await importFile(page, '甲.md', Buffer.from('# A', 'utf8'));
  await importFile(page, '乙.md', Buffer.from('# B', 'utf8'));
  await page.getByTestId('md-list-toggle').click();
  const list = page.getByTestId('md-list');
  await list.getByTestId('md-list-search').fill('甲');
  await expect(list.getByTestId('md-list-row')).toHaveCount(1);
  await list.getByTestId('md-list-rename').click();
  await list.getByTestId('md-list-rename-input').fill('甲改');
  await list.getByTestId('md-list-rename-input').press('Enter');
  await list.getByTestId('md-list-search').fill('');
  await expect(list.getByTestId('md-list-row').filter({ hasText: '甲改' })).toHaveCount(1);
  await list.getByTestId('md-list-row').filter({ hasText: '乙' }).getByTestId('md-list-delete').click();
  await expect(list.getByText('删除“乙”？')).toBeVisible();
  await list.getByTestId('md-list-delete-confirm').click();
  await expect(list.getByTestId('md-list-row').filter({ hasText: '乙' })).toHaveCount(0);
  await page.reload();
  await page.getByTestId('md-list-toggle').click();
  await expect(page.getByTestId('md-list').getByTestId('md-list-row').filter({ hasText: '乙' })).toHaveCount(0);
});

// The export's copy of the preview was detached, and the diagram drawer skips detached blocks: the
// HTML carried the Mermaid text in <pre class="md-mermaid"> instead of the SVG the preview shows.
test('the exported HTML carries the diagram as the SVG the preview shows', async ({ page }, testInfo) => {
  await openEditor(page);
  await importFile(page, '图.md', Buffer.from(DOCUMENT, 'utf8'));
  await expectRendered(page);
  await page.getByTestId('md-export-toggle').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('md-export-html').click()]);
  const htmlPath = testInfo.outputPath('diagram.html');
  await download.saveAs(htmlPath);
  expect(readFileSync(htmlPath, 'utf8')).toMatch(/<svg[\s\S]*开始/);
});
