import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '../../../e2e/privacy';
import type { Locator, Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
let dir: string;
const files: Record<string, string> = {};

/** A minimal valid PDF: header, one empty page, a cross-reference table with real offsets, trailer. */
function minimalPdf(): string {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const at = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  return `${body}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-file-type-e2e-'));
  const write = (name: string, bytes: Uint8Array | string) => {
    files[name] = join(dir, name);
    writeFileSync(files[name], bytes);
  };
  write(
    'photo.png',
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#2f54eb' } })
      .png()
      .toBuffer(),
  );
  write('bundle.zip', zipSync({ 'readme.txt': strToU8('hello'), 'data/a.json': strToU8('{}') }));
  write('data.json', JSON.stringify({ name: '百宝箱', tools: ['file-type', 'hasher'] }, null, 2));
  write('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="4"/></svg>\n');
  write('table.csv', 'name,city,score\n张三,北京,90\n李四,上海,85\n王五,广州,77\n');
  write('deploy', '#!/usr/bin/env bash\nset -e\necho "deploying"\n');
  write('paper.pdf', minimalPdf());
  // Wrong extension: JSON content named as an image.
  write('avatar.jpg', '{"avatar": "not really a jpeg"}\n');
  write('empty.txt', '');
  if (!corpusPresent) console.info(`file-type-identify e2e: corpus files skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const row = (page: Page, name: string): Locator => page.locator(`[data-testid="type-row"][data-file-name="${name}"]`);

async function open(page: Page): Promise<void> {
  await page.goto('/file/type/identify');
  await expect(page).toHaveTitle('文件类型识别 - 百宝箱');
}

async function expectType(page: Page, name: string, mime: string, ext: string): Promise<Locator> {
  const item = row(page, name);
  await expect(item).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(item.getByTestId('type-mime')).toHaveText(mime);
  await expect(item.getByTestId('type-ext')).toHaveText(ext);
  return item;
}

test('identifies generated files by content, flags a wrong extension and exports the result', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  await page.getByTestId('file-input').setInputFiles(Object.values(files));
  await expect(page.getByTestId('summary')).toContainText(
    `共 ${Object.keys(files).length} 个文件，已识别 ${Object.keys(files).length} 个`,
    { timeout: 30_000 },
  );

  await expect((await expectType(page, 'photo.png', 'image/png', '.png')).getByTestId('type-name')).toHaveText('PNG 图片');
  await expectType(page, 'bundle.zip', 'application/zip', '.zip');
  await expect((await expectType(page, 'data.json', 'application/json', '.json')).getByTestId('type-basis')).toHaveText('文本内容分析');
  await expectType(page, 'logo.svg', 'image/svg+xml', '.svg');
  await expectType(page, 'table.csv', 'text/csv', '.csv');
  await expect((await expectType(page, 'deploy', 'text/x-shellscript', '.sh')).getByTestId('name-check')).toHaveAttribute(
    'data-status',
    'missing',
  );
  await expect((await expectType(page, 'paper.pdf', 'application/pdf', '.pdf')).getByTestId('name-check')).toHaveAttribute(
    'data-status',
    'ok',
  );
  await expect(row(page, 'empty.txt').getByTestId('type-name')).toHaveText('空文件');

  const wrong = await expectType(page, 'avatar.jpg', 'application/json', '.json');
  await expect(wrong.getByTestId('name-check')).toHaveAttribute('data-status', 'mismatch');
  await expect(wrong.getByTestId('name-check')).toHaveText('扩展名不符：.jpg');
  await wrong.getByTestId('copy-name').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('avatar.json');

  // Filter: only the names that disagree with their content (wrong or missing extension).
  await page.getByTestId('filter').getByText('仅看扩展名不符').click();
  await expect(page.getByTestId('type-row')).toHaveCount(2);
  await page.getByTestId('filter').getByText('全部').click();

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(csv.suggestedFilename()).toBe('file-types.csv');
  const text = readFileSync(await csv.path(), 'utf8');
  expect(text.startsWith('\uFEFF文件,大小（字节）,类型')).toBe(true);
  // People read the CSV under Chinese headers: the basis and the name check are words, not codes.
  expect(text).toContain('avatar.jpg,32,JSON 数据文件,application/json,json,文本内容分析,ASCII,扩展名不符：.jpg,avatar.json,');
  expect(text).toMatch(/photo\.png,\d+,PNG 图片,image\/png,png,文件头特征,,扩展名正确,,/);
  expect(text).not.toMatch(/,(magic|text|container|mismatch|missing|ok),/);
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  const records = JSON.parse(readFileSync(await json.path(), 'utf8')) as {
    path: string;
    mime: string;
    basis: string;
    nameStatus: string;
  }[];
  expect(records).toHaveLength(Object.keys(files).length);
  expect(records.find((record) => record.path === 'logo.svg')?.mime).toBe('image/svg+xml');
  // The JSON stays machine-readable: codes, whatever the language.
  expect(records.find((record) => record.path === 'avatar.jpg')).toMatchObject({ basis: 'text', nameStatus: 'mismatch' });
});

test('the English page exports the CSV in English', async ({ page }) => {
  await page.goto('/en/file/type/identify');
  await page.getByTestId('file-input').setInputFiles([files['avatar.jpg']!, files['photo.png']!]);
  await expect(page.getByTestId('summary')).toContainText('2 files, 2 identified', { timeout: 30_000 });
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const text = readFileSync(await csv.path(), 'utf8');
  expect(text.startsWith('\uFEFFFile,Size (bytes),Type')).toBe(true);
  expect(text).toContain('avatar.jpg,32,JSON data file,application/json,json,Text analysis,ASCII,Wrong extension: .jpg,avatar.json,');
  expect(text).toMatch(/photo\.png,\d+,PNG image,image\/png,png,Magic bytes,,Extension OK,,/);
  expect(text).not.toMatch(/[\u4e00-\u9fff]/);
});

test('a batch of 300 small files is identified completely, every row patched', async ({ page }) => {
  await open(page);
  // Made in the page: results arrive batched once per frame, and none may be lost on the way.
  await page.getByTestId('file-input').evaluate((element: HTMLInputElement) => {
    const transfer = new DataTransfer();
    for (let index = 0; index < 300; index += 1) {
      const [name, body] =
        index % 3 === 0
          ? [`n${index}.json`, `{"n": ${index}}`]
          : index % 3 === 1
            ? [`n${index}.csv`, `a,b\n${index},2\n3,4\n`]
            : [`n${index}.jpg`, 'not a jpeg at all'];
      transfer.items.add(new File([body], name));
    }
    element.files = transfer.files;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(page.getByTestId('summary')).toContainText('共 300 个文件，已识别 300 个', { timeout: 60_000 });
  await expect(page.getByTestId('summary')).toContainText('100 个扩展名与内容不符');
  await page.getByTestId('filter').getByText('仅看扩展名不符').click();
  await expect(page.getByTestId('type-row').first()).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('type-row').first().getByTestId('name-check')).toHaveAttribute('data-status', 'mismatch');
});

test('works at 375 px: the type, MIME and extension stay readable without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page);
  await page.getByTestId('file-input').setInputFiles([files['avatar.jpg']!, files['photo.png']!]);
  const wrong = row(page, 'avatar.jpg');
  await expect(wrong).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(wrong.getByTestId('type-name')).toHaveText('JSON 数据文件');
  const facts = wrong.getByTestId('type-narrow');
  await expect(facts).toBeVisible();
  await expect(facts).toContainText('application/json');
  await expect(facts).toContainText('.json · 文本内容分析');
  await expect(wrong.getByTestId('suggested-name')).toHaveText('建议改名为 avatar.json');
  await expect(wrong.getByTestId('copy-name')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('identifies real third-party files from the corpus', async ({ page }) => {
  test.skip(!corpusPresent, 'no corpus');
  const cases: [string, string][] = [
    ['office/file-type/fixture.doc', 'application/msword'],
    ['office/sheetjs/ErrorTypes.xlsb', 'application/vnd.ms-excel.sheet.binary.macroEnabled.12'],
    ['ebook/epub3-samples/moby-dick.epub', 'application/epub+zip'],
    ['m3u8/m3u8-parser/master.m3u8', 'application/vnd.apple.mpegurl'],
    ['subtitle/aspasia/gbk.srt', 'application/x-subrip'],
    ['filetype/file-type/fixture-json.webp', 'application/json'],
  ];
  await open(page);
  await page.getByTestId('file-input').setInputFiles(cases.map(([path]) => join(corpusDir, path)));
  for (const [path, mime] of cases) {
    const item = row(page, path.split('/').pop()!);
    await expect(item).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(item.getByTestId('type-mime')).toHaveText(mime);
  }
  await expect(row(page, 'fixture-json.webp').getByTestId('name-check')).toHaveAttribute('data-status', 'mismatch');
});
