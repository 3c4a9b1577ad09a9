import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { read as readSheetJs } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { bestOf, bestRun, measureBusiestTask } from '../../../e2e/long-tasks';
import { expect, test } from '../../../e2e/privacy';
import { bigWorkbook, encryptedWorkbook, macroWorkbook, styledWorkbook, wordDocument } from './fixtures.test-helper';
import { lineStyledWorkbook } from './line-fixtures.test-helper';
import { odsFile, styledOds } from './ods-fixtures.test-helper';
import { clickWhenSettled } from '../../../e2e/antd-kit';

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
let dir: string;
const files: Record<string, string> = {};

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-excel-e2e-'));
  const write = (name: string, bytes: Uint8Array | string) => {
    files[name] = join(dir, name);
    writeFileSync(files[name], bytes);
  };
  const styled = await styledWorkbook();
  write('报表.xlsx', styled);
  write('cut.xlsx', styled.subarray(0, styled.length >> 1));
  write('empty.xlsx', new Uint8Array(0));
  write(
    'noise.xls',
    new Uint8Array(4000).map((_, index) => (index * 7919) % 251),
  );
  write('secret.xlsx', encryptedWorkbook());
  write('letter.docx', wordDocument());
  write('gbk.csv', iconv.encode('城市,人口,备注\r\n北京,2189,首都\r\n上海,2487,"直辖市,沿海"\r\n', 'gbk'));
  write('big5.csv', iconv.encode('城市,人口\r\n臺北,2602\r\n高雄,2765\r\n', 'big5'));
  write('宏.xlsm', await macroWorkbook());
  write('styled.xls', readFileSync(join(import.meta.dirname, 'fixtures/styled.xls')));
  write('报表.ods', styledOds());
  write('lines.xlsx', lineStyledWorkbook());
  write(
    'partial.ods',
    odsFile({
      automatic: '<style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>',
      tables:
        '<table:table table:name="S"><table:table-row><table:table-cell office:value-type="string">' +
        '<text:p>半<text:span text:style-name="T1">粗</text:span></text:p></table:table-cell></table:table-row></table:table>',
    }),
  );
  if (!corpusPresent) console.info(`excel e2e: corpus files skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Opens the tool. */
async function openTool(page: Page): Promise<void> {
  await page.goto('/excel');
  await expect(page.getByTestId('excel-drop')).toBeVisible();
}

async function pick(page: Page, path: string): Promise<void> {
  await page.getByTestId('file-input').first().setInputFiles(path);
}

const cell = (page: Page, address: string) => page.locator(`[data-cell="${address}"]`);

test('a styled workbook shows its sheets, merges, styles, formats and formulas', async ({ page }) => {
  await openTool(page);
  await expect(page).toHaveTitle('Excel 表格 - 百宝箱');
  await pick(page, files['报表.xlsx']!);
  await expect(page.getByRole('tab')).toHaveText(['销售', 'Notes']);
  await expect(cell(page, 'A1')).toHaveText('季度销售报表');
  // The merged title spans A1:C1: its width is the three columns' (64 + 215 + 64 px).
  expect((await cell(page, 'A1').boundingBox())?.width).toBeCloseTo(343, 0);
  await expect(cell(page, 'C3')).toHaveText('12.50%');
  await expect(cell(page, 'D4')).toHaveText('2024-02-29');
  await expect(cell(page, 'B5')).toHaveText('2,000.00');
  const header = await cell(page, 'B2').evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      weight: style.fontWeight,
      color: style.color,
      fill: style.backgroundColor,
      border: style.borderBottomStyle,
      height: element.clientHeight,
    };
  });
  expect(header).toEqual({ weight: '700', color: 'rgb(255, 0, 0)', fill: 'rgb(255, 255, 0)', border: 'solid', height: 39 });
  // Real text in the page: the grid is a grid of cells a screen reader and Ctrl+F reach.
  await expect(page.getByRole('gridcell', { name: '香蕉' })).toBeVisible();
  await cell(page, 'B5').click();
  await expect(page.getByTestId('excel-formula')).toHaveValue('=SUM(B3:B4)');
  await expect(page.getByTestId('excel-address')).toHaveValue('B5');
  // Text runs on into empty neighbours, as in Excel: the note in Notes!A1 (a 64 px column) reads whole.
  await page.getByRole('tab', { name: 'Notes' }).click();
  const note = cell(page, 'A1').locator('.xl-spill-text');
  await expect(note).toHaveText('needle in a haystack');
  const noteWidths = await note.evaluate((element) => ({ shown: element.clientWidth, text: element.scrollWidth }));
  expect(noteWidths.shown).toBeGreaterThan(64);
  expect(noteWidths.shown).toBeGreaterThanOrEqual(noteWidths.text);
  await page.getByRole('tab', { name: '销售' }).click();
  await expect(cell(page, 'A1')).toHaveText('季度销售报表');
  // Two frozen rows stay on screen while the sheet scrolls.
  await page.getByTestId('excel-grid').evaluate((element) => (element.scrollTop = 2000));
  await expect(cell(page, 'A120')).toBeVisible();
  await expect(cell(page, 'B2')).toBeInViewport();
});

test('edits, undo and redo, rows and sheets, find, and an xlsx export that keeps styles and edits', async ({ page }) => {
  await openTool(page);
  await pick(page, files['报表.xlsx']!);
  await cell(page, 'A3').click();
  // Typing on a selected cell starts editing it, as in Excel.
  await page.keyboard.press('x');
  const editor = page.getByTestId('excel-cell-editor');
  await expect(editor).toHaveValue('x');
  await editor.fill('梨');
  await editor.press('Enter');
  await expect(cell(page, 'A3')).toHaveText('梨');
  await expect(page.getByTestId('excel-address')).toHaveValue('A4');
  await cell(page, 'B4').dblclick();
  await expect(editor).toHaveValue('800');
  await editor.press('Escape');
  await expect(cell(page, 'B4')).toHaveText('800');
  await page.getByTestId('excel-undo').click();
  await expect(cell(page, 'A3')).toHaveText('苹果');
  await page.getByTestId('excel-redo').click();
  await expect(cell(page, 'A3')).toHaveText('梨');

  await cell(page, 'A4').click();
  await page.getByTestId('excel-insert-row').click();
  await expect(cell(page, 'A5')).toHaveText('香蕉');
  await page.getByTestId('excel-delete-row').click();
  await expect(cell(page, 'A4')).toHaveText('香蕉');

  await page.getByTestId('excel-find').locator('input').fill('合计');
  await page.getByTestId('excel-find').locator('input').press('Enter');
  await expect(page.getByTestId('excel-address')).toHaveValue('A5');
  await expect(page.getByTestId('excel-find-result')).toContainText('1');

  await page.getByTestId('excel-add-sheet').click();
  await expect(page.getByRole('tab')).toHaveText(['销售', 'Notes', 'Sheet3']);
  await expect(page.getByRole('tab', { name: 'Sheet3' })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('excel-rename-sheet').click();
  await page.getByTestId('excel-rename-input').fill('Notes');
  await page.getByTestId('excel-rename-input').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '已有同名的工作表' })).toBeVisible();
  await page.getByTestId('excel-rename-input').fill('汇总');
  await page.getByTestId('excel-rename-input').press('Enter');
  await expect(page.getByRole('tab')).toHaveText(['销售', 'Notes', '汇总']);

  await page.getByRole('tab', { name: '销售' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('excel-export-xlsx').click()]);
  const exported = readFileSync(await download.path());
  // A second, independent reader checks what exceljs wrote.
  const book = readSheetJs(exported, { cellStyles: true });
  expect(book.SheetNames).toEqual(['销售', 'Notes', '汇总']);
  const sales = book.Sheets['销售']!;
  expect(sales['A3']?.v).toBe('梨');
  expect(sales['!merges']).toEqual([{ s: { r: 0, c: 0 }, e: { r: 0, c: 2 } }]);
  expect(sales['C3']?.z).toBe('0.00%');
  expect(sales['B5']?.f).toBe('SUM(B3:B4)');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(exported.buffer.slice(exported.byteOffset, exported.byteOffset + exported.byteLength) as ArrayBuffer);
  const sheet = workbook.getWorksheet('销售')!;
  expect(sheet.getColumn(2).width).toBe(30);
  expect(sheet.getCell('B2').fill).toMatchObject({ pattern: 'solid', fgColor: { argb: 'FFFFFF00' } });
});

test('formulas recalculate, a cycle is named, a deleted sheet comes back with undo', async ({ page }) => {
  await openTool(page);
  await pick(page, files['报表.xlsx']!);
  const editor = page.getByTestId('excel-cell-editor');
  // A key on a selected cell opens its editor (asking the worker first); the rest is filled in.
  const typeInto = async (text: string) => {
    await page.keyboard.press(text[0]!);
    await expect(editor).toBeVisible();
    await editor.fill(text);
    await editor.press('Enter');
  };
  await cell(page, 'B3').click();
  await typeInto('1500');
  // B5 is SUM(B3:B4): its cached 2,000.00 follows the edit.
  await expect(cell(page, 'B5')).toHaveText('2,300.00');
  // Empty cells are not in the DOM until they hold something: walk there from D2.
  await cell(page, 'D2').click();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('excel-address')).toHaveValue('E2');
  await typeInto('=B5*2');
  await expect(cell(page, 'E2')).toHaveText('4600');
  await expect(page.getByTestId('excel-address')).toHaveValue('E3');
  await typeInto('=E3+1');
  await expect(page.getByTestId('excel-circular')).toContainText('销售!E3');
  await page.getByTestId('excel-undo').click();
  await expect(page.getByTestId('excel-circular')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByTestId('excel-delete-sheet').click();
  await page.getByRole('button', { name: /^删\s?除$/ }).click();
  await expect(page.getByRole('tab')).toHaveText(['销售']);
  await page.getByTestId('excel-undo').click();
  await expect(page.getByRole('tab')).toHaveText(['销售', 'Notes']);
});

test('an xlsm’s macros are named before an export leaves them out', async ({ page }) => {
  await openTool(page);
  await pick(page, files['宏.xlsm']!);
  await expect(cell(page, 'A1')).toHaveText('季度销售报表');
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.getByTestId('excel-export-xlsx').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('宏.xlsm 含有宏（VBA）');
  // antd spaces out a two-character Chinese button label.
  await clickWhenSettled(dialog.getByRole('button', { name: /取\s?消/ }));
  await expect(dialog).toHaveCount(0);
  expect(downloads).toBe(0);
  await page.getByTestId('excel-export-xlsx').click();
  const [download] = await Promise.all([page.waitForEvent('download'), clickWhenSettled(page.getByRole('button', { name: '继续导出' }))]);
  expect(download.suggestedFilename()).toBe('宏.xlsx');
  await expect(page.getByTestId('excel-styles-note')).toHaveCount(0);
});

test(
  'an ods shows its fonts, fills, borders, widths and formats with no note, without a long task, and exports them to xlsx',
  { tag: '@main-thread' },
  async ({ page, browser }) => {
    await openTool(page);
    const runs = await bestOf(
      3,
      (run) => run.cpu <= 50,
      async (attempt: number) => {
        if (attempt > 0) {
          await pick(page, files['报表.xlsx']!);
          await expect(page.getByRole('tab')).toHaveText(['销售', 'Notes']);
        }
        return measureBusiestTask(page, browser, async () => {
          await pick(page, files['报表.ods']!);
          await expect(page.getByRole('tab')).toHaveText(['报表', 'Notes']);
          await expect(cell(page, 'A2')).toHaveText('产品');
        });
      },
    );
    const best = bestRun(runs);
    expect(best.cpu, best.description).toBeLessThanOrEqual(50);
    const look = (address: string) =>
      cell(page, address).evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          family: style.fontFamily,
          weight: style.fontWeight,
          italic: style.fontStyle,
          color: style.color,
          fill: style.backgroundColor,
          bottom: `${style.borderBottomWidth} ${style.borderBottomStyle} ${style.borderBottomColor}`,
          align: style.textAlign,
          width: element.getBoundingClientRect().width,
          height: element.getBoundingClientRect().height,
        };
      });
    expect(await look('A2')).toMatchObject({
      weight: '700',
      color: 'rgb(255, 255, 255)',
      fill: 'rgb(68, 114, 196)',
      bottom: '3px solid rgb(255, 0, 0)',
      align: 'center',
    });
    // The merged title: 黑体 (its Asian font) drawn with what the system has, over two 5.08 cm columns, on a 30 pt row.
    const title = await look('B1');
    expect(title.family).toContain('SimHei');
    expect(title.width).toBeCloseTo(384, 0);
    expect(title.height).toBeCloseTo(40, 0);
    expect((await look('D1')).italic).toBe('italic');
    // The zip code's format comes from its column's default cell style.
    await expect(cell(page, 'D3')).toHaveText('01111');
    // A blank yellow block (no values) is drawn.
    expect((await look('B6')).fill).toBe('rgb(255, 255, 0)');
    await expect(page.getByTestId('excel-styles-note')).toHaveCount(0);
    await expect(page.getByTestId('excel-unread-note')).toHaveCount(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('excel-export-xlsx').click()]);
    expect(download.suggestedFilename()).toBe('报表.xlsx');
    const exported = readFileSync(await download.path());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.buffer.slice(exported.byteOffset, exported.byteOffset + exported.byteLength) as ArrayBuffer);
    const sheet = workbook.getWorksheet('报表')!;
    expect(sheet.getCell('A2').font).toMatchObject({ bold: true, color: { argb: 'FFFFFFFF' } });
    expect(sheet.getCell('A2').fill).toMatchObject({ pattern: 'solid', fgColor: { argb: 'FF4472C4' } });
    expect(sheet.getCell('A2').border.bottom).toEqual({ style: 'thick', color: { argb: 'FFFF0000' } });
    expect(sheet.getCell('D3').numFmt).toBe('00000');

    await pick(page, files['partial.ods']!);
    await expect(cell(page, 'A1')).toHaveText('半粗');
    await expect(page.getByTestId('excel-unread-note')).toHaveText(
      'ODS 文件中的单元格内部分文字的格式无法读取：单元格按其自身的样式显示，导出的 xlsx 也不含这些内容。',
    );
  },
);

test('an xls shows its own fonts, fills, borders and alignment, blank cells’ looks too, with no note', async ({ page }) => {
  await openTool(page);
  await pick(page, files['styled.xls']!);
  await expect(page.getByRole('tab')).toHaveText(['样式', 'Plain']);
  await expect(cell(page, 'A1')).toHaveText('产品');
  const look = (address: string) =>
    cell(page, address).evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        weight: style.fontWeight,
        italic: style.fontStyle,
        color: style.color,
        fill: style.backgroundColor,
        bottom: `${style.borderBottomWidth} ${style.borderBottomStyle} ${style.borderBottomColor}`,
        align: style.textAlign,
      };
    });
  expect(await look('A1')).toMatchObject({
    weight: '700',
    color: 'rgb(255, 0, 0)',
    fill: 'rgb(255, 255, 0)',
    bottom: '2px solid rgb(0, 0, 255)',
    align: 'center',
  });
  expect(await look('A2')).toMatchObject({ italic: 'italic', weight: '400' });
  // The custom palette's colour, and the number format SheetJS read.
  await expect(cell(page, 'B2')).toHaveText('1,200.00');
  expect((await look('B2')).fill).toBe('rgb(255, 192, 128)');
  // A blank cell (one of a MULBLANK run) keeps its fill and double border.
  expect(await look('E5')).toMatchObject({ fill: 'rgb(204, 255, 204)', bottom: expect.stringMatching(/double/) });
  await expect(page.getByTestId('excel-styles-note')).toHaveCount(0);
});

test('a row’s fill and a column’s borders show on empty cells, diagonals are drawn, and a typed value takes the column’s format', async ({
  page,
}) => {
  await openTool(page);
  await pick(page, files['lines.xlsx']!);
  await expect(cell(page, 'A1')).toHaveText('标题');
  const look = (address: string) =>
    cell(page, address).evaluate((element) => {
      const style = getComputedStyle(element);
      return { fill: style.backgroundColor, left: `${style.borderLeftWidth} ${style.borderLeftStyle}` };
    });
  // Row 6 has no cells in the file, only its format; A3 has a plain format of its own.
  for (const address of ['A6', 'E6', 'J6', 'B3']) expect((await look(address)).fill).toBe('rgb(255, 255, 0)');
  await expect(cell(page, 'A3')).toHaveText('plain');
  expect((await look('A3')).fill).toBe('rgba(0, 0, 0, 0)');
  expect(await look('C20')).toMatchObject({ left: '1px solid' });
  // Diagonals: both ways in B5, the rising one alone in D8.
  await expect(cell(page, 'B5').locator('.xl-diagonal line')).toHaveCount(2);
  await expect(cell(page, 'D8').locator('.xl-diagonal line')).toHaveCount(1);
  const diagonal = await cell(page, 'D8')
    .locator('.xl-diagonal line')
    .evaluate((line) => ({ stroke: line.getAttribute('stroke'), from: line.getAttribute('y1'), to: line.getAttribute('y2') }));
  expect(diagonal).toEqual({ stroke: '#0000FF', from: '100', to: '0' });
  await cell(page, 'C4').click();
  await page.keyboard.press('1');
  const editor = page.getByTestId('excel-cell-editor');
  await editor.fill('1.5');
  await editor.press('Enter');
  await expect(cell(page, 'C4')).toHaveText('1.50');
  expect(await cell(page, 'C4').evaluate((element) => getComputedStyle(element).fontWeight)).toBe('700');
});

test('GBK and Big5 CSVs open right, and a sheet exports as GBK CSV', async ({ page }) => {
  await openTool(page);
  await pick(page, files['gbk.csv']!);
  await expect(cell(page, 'A2')).toHaveText('北京');
  await expect(cell(page, 'C3')).toHaveText('直辖市,沿海');
  await page.getByTestId('excel-export-csv').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('excel-csv-gbk').click()]);
  const bytes = readFileSync(await download.path());
  expect(iconv.decode(bytes, 'gbk')).toBe('城市,人口,备注\r\n北京,2189,首都\r\n上海,2487,"直辖市,沿海"');
  await pick(page, files['big5.csv']!);
  await expect(cell(page, 'A2')).toHaveText('臺北');
});

test('bad files get a translated message each, and the page keeps working', async ({ page }) => {
  await openTool(page);
  const cases: Array<[string, RegExp]> = [
    ['empty.xlsx', /空文件/],
    ['cut.xlsx', /已损坏或不完整/],
    ['noise.xls', /已损坏或不完整/],
    ['secret.xlsx', /已加密/],
    ['letter.docx', /Word 文件，不是表格/],
  ];
  for (const [name, message] of cases) {
    await pick(page, files[name]!);
    await expect(page.getByTestId('excel-error')).toContainText(message);
  }
  await expect(page.getByTestId('excel-opener')).toHaveAttribute('href', '/doc/preview');
  await pick(page, files['报表.xlsx']!);
  await expect(cell(page, 'A1')).toHaveText('季度销售报表');
  await expect(page.getByTestId('excel-error')).toHaveCount(0);
});

test(
  'a 50,000 × 20 sheet shows its first rows while the rest is read, without a main-thread task over 50 ms, and scrolls',
  { tag: '@main-thread' },
  async ({ page, browser }) => {
    test.setTimeout(360_000);
    const big = join(dir, 'big.xlsx');
    writeFileSync(big, await bigWorkbook(50_000, 20));
    await openTool(page);
    // Judged like every "no long task" e2e (e2e/long-tasks.ts): each main-thread task's own CPU time,
    // best of three opens. Wall time, judged before, failed a full run at load 35 on all three opens.
    const runs = await bestOf(
      3,
      (run) => run.cpu <= 50,
      async (attempt: number) => {
        if (attempt > 0) {
          await pick(page, files['报表.xlsx']!);
          await expect(cell(page, 'A1')).toHaveText('季度销售报表');
        }
        return measureBusiestTask(page, browser, async () => {
          await pick(page, big);
          await expect(cell(page, 'B2')).toHaveText('2001', { timeout: 90_000 });
          // The first view is the quick preview: export waits for the whole workbook, which then replaces
          // it (the swap is inside the measured window too).
          await expect(page.getByTestId('excel-reading')).toBeVisible();
          await expect(page.getByTestId('excel-export-xlsx')).toBeDisabled();
          await expect(page.getByTestId('excel-reading')).toBeHidden({ timeout: 180_000 });
          await expect(page.getByTestId('excel-export-xlsx')).toBeEnabled();
          await expect(cell(page, 'B2')).toHaveText('2001');
        });
      },
    );
    const best = bestRun(runs);
    expect(best.cpu, best.description).toBeLessThanOrEqual(50);
    const grid = page.getByTestId('excel-grid');
    for (const top of [100_000, 500_000, 999_700]) {
      await grid.evaluate((element, value) => (element.scrollTop = value), top);
      await page.waitForTimeout(50);
    }
    await expect(cell(page, 'A50001')).toHaveText('R50000');
  },
);

test.describe('corpus', () => {
  test.skip(!corpusPresent, `no corpus at ${corpusDir} (set CORPUS_DIR)`);
  const manifest = corpusPresent ? readFileSync(join(corpusDir, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1) : [];
  const sheetsOf = manifest
    .map((line) => line.split('\t'))
    .filter(
      (fields) =>
        /^office\//.test(fields[0] ?? '') && /^(xlsx|xlsm|xls|xlsb|ods)$/.test(fields[6] ?? '') && /sheets=/.test(fields[19] ?? ''),
    )
    .map((fields) => ({ path: fields[0]!, sheets: /sheets=([^;]*)/.exec(fields[19]!)![1]!.split('|') }));

  test('corpus workbooks show their sheet names', async ({ page }) => {
    expect(sheetsOf.length).toBeGreaterThan(5);
    await openTool(page);
    for (const { path, sheets } of sheetsOf) {
      await pick(page, join(corpusDir, path));
      await expect(page.getByRole('tab'), path).toHaveText(sheets);
    }
  });

  test('corpus cells, merges and the encrypted workbook', async ({ page }) => {
    await openTool(page);
    await pick(page, join(corpusDir, 'office/sheetjs/merge_cells.xlsx'));
    await expect(cell(page, 'A1')).toHaveText('A1:B2');
    expect((await cell(page, 'A1').boundingBox())?.height).toBeGreaterThan(35);
    await pick(page, join(corpusDir, 'office/sheetjs/number_format.xls'));
    await expect(page.getByRole('tab').first()).toHaveText('Implied');
    await pick(page, join(corpusDir, 'office/sheetjs/sushi.ods'));
    await expect(cell(page, 'A1')).toHaveText('🍣');
    // The zip codes' "00000" comes from their column's default cell style, which SheetJS does not read.
    await pick(page, join(corpusDir, 'office/file-type/fixture.ods'));
    await expect(cell(page, 'F2')).toHaveText('01111');
    expect(await cell(page, 'A1').evaluate((element) => getComputedStyle(element).textAlign)).toBe('center');
    await pick(page, join(corpusDir, 'office/excelize/encryptSHA1.xlsx'));
    await expect(page.getByTestId('excel-error')).toContainText('已加密');
    await pick(page, join(corpusDir, 'office/file-type/fixture-office365.pptx'));
    await expect(page.getByTestId('excel-opener')).toHaveAttribute('href', '/ppt/preview');
  });
});
