import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CFB, utils as sheetJsUtils, write as writeSheetJs } from '@e965/xlsx';
import { strFromU8, unzipSync } from 'fflate';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { WorkbookSession } from './excel.service';
import { bigWorkbook, bigWorkbookByExcelJs, encryptedWorkbook, macroWorkbook, styledWorkbook, wordDocument } from './fixtures.test-helper';
import { PREVIEW_ROWS, openPreview, openWorkbook } from './open';

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));

async function sheetsOf(bytes: Uint8Array, name: string) {
  const opened = await openWorkbook(bytes, name);
  if (!opened.ok) throw new Error(JSON.stringify(opened.failure));
  return {
    format: opened.format,
    names: opened.workbook.worksheets.map((sheet) => sheet.name),
    session: new WorkbookSession(opened.workbook, opened.format),
  };
}

describe('opening spreadsheets', () => {
  it('opens xlsx with exceljs', async () => {
    const { format, names } = await sheetsOf(await styledWorkbook(), '报表.xlsx');
    expect(format).toBe('xlsx');
    expect(names).toEqual(['销售', 'Notes']);
  });

  it('opens GBK and Big5 CSVs right, numbers as numbers and long digit strings as text', async () => {
    const csv = '姓名,身份证号,分数\r\n张三,110101199003071234,90\r\n李四,00123,85.5\r\n';
    const { format, session } = await sheetsOf(new Uint8Array(iconv.encode(csv, 'gbk')), '成绩.csv');
    expect(format).toBe('csv');
    const cells = session.window({ sheet: 0, top: 1, bottom: 3, left: 1, right: 3 }).cells;
    expect(cells.map((cell) => cell.text)).toEqual([
      '姓名',
      '身份证号',
      '分数',
      '张三',
      '110101199003071234',
      '90',
      '李四',
      '00123',
      '85.5',
    ]);
    expect(cells.find((cell) => cell.text === '90')?.numeric).toBe(true);
    expect(cells.find((cell) => cell.text === '00123')?.numeric).toBeUndefined();
    const big5 = await sheetsOf(new Uint8Array(iconv.encode('城市\t人口\r\n臺北市\t2602000\r\n高雄市\t2765000\r\n', 'big5')), 'cities.tsv');
    expect(big5.format).toBe('tsv');
    expect(big5.session.cellInput(0, 2, 1)).toBe('臺北市');
    expect(big5.names).toEqual(['cities']);
  });

  it('says encrypted for a password-protected workbook, not damaged', async () => {
    expect(await openWorkbook(encryptedWorkbook(), 'secret.xlsx')).toEqual({ ok: false, failure: { code: 'encrypted' } });
  });

  it('names the tool for other documents', async () => {
    expect(await openWorkbook(wordDocument(), 'letter.xlsx')).toEqual({
      ok: false,
      failure: { code: 'wrongType', label: 'Word', opener: '/doc/preview' },
    });
  });

  it('refuses empty, truncated and noise files with their own reasons', async () => {
    const styled = await styledWorkbook();
    expect(await openWorkbook(new Uint8Array(0), 'a.xlsx')).toEqual({ ok: false, failure: { code: 'empty' } });
    expect(await openWorkbook(styled.subarray(0, styled.length >> 1), 'cut.xlsx')).toMatchObject({
      ok: false,
      failure: { code: 'damaged' },
    });
    const noise = new Uint8Array(4000).map((_, index) => (index * 7919) % 251);
    expect(await openWorkbook(noise, 'noise.xls')).toMatchObject({ ok: false, failure: { code: 'damaged' } });
    expect(await openWorkbook(noise, 'noise.bin')).toMatchObject({ ok: false, failure: { code: 'unsupported' } });
  });
});

describe('what a file has that is not kept', () => {
  const legacy = (bookType: 'xls' | 'biff5' | 'ods') => {
    const book = sheetJsUtils.book_new();
    sheetJsUtils.book_append_sheet(book, sheetJsUtils.aoa_to_sheet([['名称', 1]]), 'Data');
    return new Uint8Array(writeSheetJs(book, { type: 'array', bookType }) as ArrayBuffer);
  };

  it('says an xlsm holds macros, and only when it does', async () => {
    const withMacros = await openWorkbook(await macroWorkbook(), '宏.xlsm');
    expect(withMacros.ok && withMacros.notes).toEqual({ macros: true });
    const opened = await openWorkbook(await styledWorkbook(), 'plain.xlsm');
    expect(opened.ok && opened.notes).toBeUndefined();
    if (!withMacros.ok) return;
    const session = new WorkbookSession(withMacros.workbook, withMacros.format, undefined, withMacros.notes);
    expect(session.info().notes).toEqual({ macros: true });
  });

  it('says an xls holds macros when it has a VBA storage', async () => {
    const container = CFB.read(legacy('xls'), { type: 'array' });
    CFB.utils.cfb_add(container, '_VBA_PROJECT_CUR/VBA/dir', new Uint8Array(64).fill(1));
    CFB.utils.cfb_add(container, '_VBA_PROJECT_CUR/PROJECT', new Uint8Array(16).fill(65));
    const opened = await openWorkbook(new Uint8Array(CFB.write(container, { type: 'array' }) as ArrayBuffer), 'macros.xls');
    expect(opened.ok && opened.notes).toEqual({ macros: true });
  });

  it.each([['biff5', 'fills']] as const)('says which looks of an %s SheetJS cannot read (%s)', async (bookType, styles) => {
    const opened = await openWorkbook(legacy(bookType), `book.${bookType === 'biff5' ? 'xls' : bookType}`);
    expect(opened.ok && opened.notes).toEqual({ styles });
  });
});

describe('quick preview of a big workbook', () => {
  // The e2e's 50,000-row workbook is written without ExcelJS's row model; it must be what ExcelJS writes.
  it.each([
    [50, 20],
    [3, 30],
  ])('is tested with the workbook ExcelJS would write (%i × %i)', async (rows, cols) => {
    const parts = (bytes: Uint8Array) => {
      const { 'docProps/core.xml': stamped, ...rest } = unzipSync(bytes, { filter: (file) => !file.name.endsWith('/') });
      expect(stamped).toBeDefined();
      return Object.fromEntries(Object.entries(rest).map(([name, data]) => [name, strFromU8(data)]));
    };
    expect(parts(await bigWorkbook(rows, cols))).toEqual(parts(await bigWorkbookByExcelJs(rows, cols)));
  });

  it('reads only the first rows of each sheet, with their values', async () => {
    const preview = await openPreview(await bigWorkbook(3000, 4), 'big.xlsx');
    expect(preview?.ok).toBe(true);
    if (!preview?.ok) return;
    const sheet = preview.workbook.worksheets[0]!;
    expect(sheet.name).toBe('Data');
    expect(sheet.rowCount).toBe(PREVIEW_ROWS);
    expect(sheet.getCell('A1').value).toBe('列1');
    expect(sheet.getCell('B2').value).toBe(2001);
    const session = new WorkbookSession(preview.workbook, preview.format);
    expect(session.info().sheets[0]!.rows).toBeLessThan(3000);
  });

  it('leaves what it cannot preview to the full open', async () => {
    expect(await openPreview(iconv.encode('a,b\r\n1,2\r\n', 'gbk'), 'x.csv')).toBeUndefined();
    expect(await openPreview(encryptedWorkbook(), 'secret.xlsx')).toBeUndefined();
    expect(await openPreview(wordDocument(), 'letter.docx')).toBeUndefined();
    const styled = await styledWorkbook();
    expect(await openPreview(styled.subarray(0, styled.length >> 1), 'cut.xlsx')).toBeUndefined();
  });

  it('hands over to the whole workbook under a new version, with the preview’s style ids kept', async () => {
    const bytes = await styledWorkbook();
    const preview = await openPreview(bytes, '报表.xlsx');
    const whole = await openWorkbook(bytes, '报表.xlsx');
    if (!preview?.ok || !whole.ok) throw new Error('not opened');
    const quick = new WorkbookSession(preview.workbook, preview.format);
    const quickWindow = quick.window({ sheet: 0, top: 1, bottom: 4, left: 1, right: 4 });
    const full = new WorkbookSession(whole.workbook, whole.format, quick);
    expect(full.info().version).toBeGreaterThan(quick.info().version);
    const fullWindow = full.window({ sheet: 0, top: 1, bottom: 4, left: 1, right: 4 });
    // The grid keeps one style map for both while the preview's cells stay up: an id means one look.
    const shared = Object.keys(fullWindow.styles).filter((id) => id in quickWindow.styles);
    expect(Object.keys(fullWindow.styles).length).toBeGreaterThan(0);
    for (const id of shared) expect(fullWindow.styles[Number(id)]).toEqual(quickWindow.styles[Number(id)]);
    expect(full.info().sheets[0]!.frozenRows).toBe(2);
  });
});

describe.skipIf(!corpusPresent)('opening corpus spreadsheets', () => {
  const rows = corpusPresent
    ? readFileSync(join(corpusDir, 'MANIFEST.tsv'), 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t'))
        .filter((fields) => /^office\//.test(fields[0] ?? '') && /^(xlsx|xlsm|xls|xlsb|ods|csv)$/.test(fields[6] ?? ''))
    : [];

  it('reads every corpus spreadsheet, with the sheet names the manifest gives', async () => {
    expect(rows.length).toBeGreaterThan(10);
    for (const [path, , , , , , , , , , , , , , , , , , , facts, notes] of rows) {
      const opened = await openWorkbook(new Uint8Array(readFileSync(join(corpusDir, path!))), path!);
      if (/encrypted/.test(notes ?? '')) {
        expect(opened, path).toEqual({ ok: false, failure: { code: 'encrypted' } });
        continue;
      }
      expect(opened.ok, path).toBe(true);
      const names = /sheets=([^;]*)/.exec(facts ?? '')?.[1];
      if (opened.ok && names)
        expect(
          opened.workbook.worksheets.map((sheet) => sheet.name),
          path,
        ).toEqual(names.split('|'));
    }
  }, 60_000);
});
if (!corpusPresent) console.info(`excel open tests: corpus cases skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
