import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { read as readSheetJs, utils } from '@e965/xlsx';
import type { WorkBook } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { WorkbookSession } from './excel.service';
import { loadFunctions } from './formula-eval';
import { styledWorkbook } from './fixtures.test-helper';
import { openWorkbook } from './open';

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));

async function session(bytes: Uint8Array, name = 'book.xlsx'): Promise<WorkbookSession> {
  const opened = await openWorkbook(bytes, name);
  if (!opened.ok) throw new Error(JSON.stringify(opened.failure));
  return new WorkbookSession(opened.workbook, opened.format);
}

const text = (book: WorkbookSession, r: number, c: number, sheet = 0) =>
  book.window({ sheet, top: r, bottom: r, left: c, right: c }).cells.find((cell) => cell.r === r && cell.c === c)?.text ?? '';

/**
 * What a second reader (SheetJS, which shares no code with exceljs) sees of a workbook's looks:
 * merges, column widths, number formats, fills and values, per sheet.
 */
function looks(book: WorkBook) {
  return book.SheetNames.map((name) => {
    const sheet = book.Sheets[name]!;
    const cells: Record<string, unknown> = {};
    for (const [address, cell] of Object.entries(sheet)) {
      if (address.startsWith('!')) continue;
      const style = cell.s as { patternType?: string; fgColor?: { rgb?: string } } | undefined;
      cells[address] = {
        v: cell.v instanceof Date ? cell.v.toISOString() : cell.v,
        z: cell.z && cell.z !== 'General' ? cell.z : undefined,
        fill: style?.patternType && style.patternType !== 'none' ? style.fgColor?.rgb : undefined,
        f: cell.f,
      };
    }
    return {
      name,
      // A one-cell "merge" (Book1.xlsx has one) merges nothing; exceljs drops it.
      merges: (sheet['!merges'] ?? [])
        .map((merge) => utils.encode_range(merge))
        .filter((range) => range.includes(':'))
        .sort(),
      widths: (sheet['!cols'] ?? []).map((column) => (column?.wch ? Math.round(column.wch) : undefined)),
      cells,
    };
  });
}

// The worker loads formulajs before the first edit; so do these tests.
beforeAll(loadFunctions);

describe('workbook session', () => {
  it('edits values and formulas, with undo and redo', async () => {
    const book = await session(await styledWorkbook());
    const info = book.setCell(0, 3, 1, '梨');
    expect(text(book, 3, 1)).toBe('梨');
    expect(info.canUndo).toBe(true);
    book.setCell(0, 3, 2, '=B4*2');
    expect(book.cellInput(0, 3, 2)).toBe('=B4*2');
    book.undo();
    expect(book.cellInput(0, 3, 2)).toBe('1200');
    book.undo();
    expect(text(book, 3, 1)).toBe('苹果');
    expect(book.info().canUndo).toBe(false);
    book.redo();
    expect(text(book, 3, 1)).toBe('梨');
    expect(book.info().canRedo).toBe(true);
    book.setCell(0, 4, 1, '');
    expect(book.info().canRedo).toBe(false);
    expect(text(book, 4, 1)).toBe('');
  });

  it('inserts and deletes rows and columns, moving merges, and undoes a delete whole', async () => {
    const book = await session(await styledWorkbook());
    book.insertLines(0, 'row', 1, 2);
    expect(text(book, 3, 1)).toBe('季度销售报表');
    expect(book.info().sheets[0]!.merges).toEqual([{ top: 3, left: 1, bottom: 3, right: 3 }]);
    book.undo();
    expect(book.info().sheets[0]!.merges).toEqual([{ top: 1, left: 1, bottom: 1, right: 3 }]);
    book.deleteLines(0, 'row', 2, 1);
    expect(text(book, 2, 1)).toBe('苹果');
    book.undo();
    expect(text(book, 2, 2)).toBe('金额');
    const header = book.window({ sheet: 0, top: 2, bottom: 2, left: 2, right: 2 });
    expect(header.styles[header.cells[0]!.style!]).toMatchObject({ bold: true, fill: '#FFFF00' });
    expect(book.info().sheets[0]!.rowHeights[1]).toBe(40);
    book.deleteLines(0, 'col', 1, 1);
    expect(text(book, 2, 1)).toBe('金额');
    expect(book.info().sheets[0]!.merges).toEqual([{ top: 1, left: 1, bottom: 1, right: 2 }]);
    book.undo();
    expect(text(book, 2, 1)).toBe('产品');
    expect(book.info().sheets[0]!.colWidths[1]).toBe(215);
  });

  it('rewrites formulas on every sheet when rows and columns move, #REF! for deleted cells, and undoes exactly', async () => {
    const workbook = new ExcelJS.Workbook();
    const sales = workbook.addWorksheet('Q1 Sales');
    sales.getColumn(1).values = [1, 2, 3];
    sales.getCell('A4').value = { formula: 'SUM(A1:A3)', result: 6 };
    sales.getCell('B1').value = { formula: 'A3*2', result: 6 };
    sales.getCell('C1').value = { formula: '"A1"&$A$2', result: 'A12' };
    const summary = workbook.addWorksheet('Summary');
    summary.getCell('A1').value = { formula: "'Q1 Sales'!A4+'Q1 Sales'!$C$1", result: 6 };
    summary.getCell('A2').value = { formula: "SUM('Q1 Sales'!A:A)+A1", result: 12 };
    const book = await session(new Uint8Array(await workbook.xlsx.writeBuffer()));

    book.insertLines(0, 'row', 2, 1);
    expect(book.cellInput(0, 5, 1)).toBe('=SUM(A1:A4)');
    expect(book.cellInput(0, 1, 2)).toBe('=A4*2');
    expect(book.cellInput(0, 1, 3)).toBe('="A1"&$A$3');
    expect(book.cellInput(1, 1, 1)).toBe("='Q1 Sales'!A5+'Q1 Sales'!$C$1");
    expect(book.cellInput(1, 2, 1)).toBe("=SUM('Q1 Sales'!A:A)+A1");
    book.undo();
    expect(book.cellInput(0, 4, 1)).toBe('=SUM(A1:A3)');
    expect(book.cellInput(1, 1, 1)).toBe("='Q1 Sales'!A4+'Q1 Sales'!$C$1");

    book.deleteLines(0, 'row', 3, 1);
    expect(book.cellInput(0, 3, 1)).toBe('=SUM(A1:A2)');
    expect(book.cellInput(0, 1, 2)).toBe('=#REF!*2');
    expect(text(book, 1, 2)).toBe('#REF!');
    expect(book.cellInput(1, 1, 1)).toBe("='Q1 Sales'!A3+'Q1 Sales'!$C$1");
    book.undo();
    expect(book.cellInput(0, 1, 2)).toBe('=A3*2');
    expect(text(book, 1, 2)).toBe('6');

    book.deleteLines(0, 'col', 1, 1);
    expect(book.cellInput(1, 1, 1)).toBe("='Q1 Sales'!#REF!+'Q1 Sales'!$B$1");
    expect(book.cellInput(1, 2, 1)).toBe("=SUM('Q1 Sales'!#REF!)+A1");
    const written = readSheetJs(await book.exportXlsx(), { cellFormula: true });
    expect(written.Sheets['Summary']!['A1']!.f).toBe("'Q1 Sales'!#REF!+'Q1 Sales'!$B$1");
    expect(written.Sheets['Q1 Sales']!['B1']!.f).toBe('"A1"&#REF!');
  });

  it('adds, renames and deletes sheets by Excel’s naming rules', async () => {
    const book = await session(await styledWorkbook());
    book.addSheet('Sheet');
    expect(book.info().sheets.map((sheet) => sheet.name)).toEqual(['销售', 'Notes', 'Sheet3']);
    expect(book.nameProblem('notes')).toBe('taken');
    expect(book.nameProblem('a/b')).toBe('badChar');
    expect(book.nameProblem('x'.repeat(32))).toBe('tooLong');
    expect(book.nameProblem('  ')).toBe('empty');
    expect(book.nameProblem('Notes', 1)).toBeUndefined();
    book.renameSheet(2, '汇总');
    expect(book.info().sheets[2]!.name).toBe('汇总');
    book.undo();
    expect(book.info().sheets[2]!.name).toBe('Sheet3');
    book.undo();
    expect(book.info().sheets).toHaveLength(2);
    const after = book.deleteSheet(1);
    expect(after.sheets.map((sheet) => sheet.name)).toEqual(['销售']);
    expect(book.deleteSheet(0).sheets).toHaveLength(1);
    expect(after.canUndo).toBe(true);
  });

  it('undoes and redoes a deleted sheet whole, in its place, also after other sheet changes', async () => {
    const book = await session(await styledWorkbook());
    book.addSheet('Sheet');
    book.deleteSheet(0);
    expect(book.info().sheets.map((sheet) => sheet.name)).toEqual(['Notes', 'Sheet3']);
    book.addSheet('Sheet');
    book.undo();
    book.undo();
    expect(book.info().sheets.map((sheet) => sheet.name)).toEqual(['销售', 'Notes', 'Sheet3']);
    expect(text(book, 3, 1)).toBe('苹果');
    expect(book.info().sheets[0]!.merges).toEqual([{ top: 1, left: 1, bottom: 1, right: 3 }]);
    book.redo();
    expect(book.info().sheets.map((sheet) => sheet.name)).toEqual(['Notes', 'Sheet3']);
    book.undo();
    const written = readSheetJs(await book.exportXlsx());
    expect(written.SheetNames).toEqual(['销售', 'Notes', 'Sheet3']);
    expect(written.Sheets['销售']!['A3']!.v).toBe('苹果');
  });

  it('finds shown text and formulas, wrapping round', async () => {
    const book = await session(await styledWorkbook());
    expect(book.find(0, 'sum(', 1, 1)).toEqual({ r: 5, c: 2, index: 1, count: 1 });
    expect(book.find(0, '12.50%', 1, 1)).toMatchObject({ r: 3, c: 3 });
    const first = book.find(0, '行1', 1, 1)!;
    const next = book.find(0, '行1', first.r, first.c)!;
    expect(next.r).toBeGreaterThan(first.r);
    expect(book.find(0, '行1', 200, 1)).toMatchObject({ r: first.r, index: 1 });
    expect(book.find(1, 'NEEDLE', 1, 1)).toMatchObject({ r: 1, c: 1 });
    expect(book.find(0, 'nothing here', 1, 1)).toBeNull();
  });

  it('exports a sheet as CSV, UTF-8 with BOM or GBK, as it is shown', async () => {
    const book = await session(await styledWorkbook());
    const utf8 = await book.exportCsv(0, 'utf8bom');
    expect([...utf8.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(utf8.slice(3)).split('\r\n');
    expect(lines.slice(0, 5)).toEqual([
      '季度销售报表',
      '产品,金额,占比,日期',
      '苹果,1200,12.50%,2024-01-15',
      '香蕉,800,50.00%,2024-02-29',
      '合计,"2,000.00"',
    ]);
    const gbk = await book.exportCsv(0, 'gbk');
    expect(iconv.decode(Buffer.from(gbk), 'gbk').split('\r\n')[1]).toBe('产品,金额,占比,日期');
  });

  it('round trip: an edited workbook written out keeps merges, widths, formats, fills, formulas and the edit', async () => {
    const source = await styledWorkbook();
    const book = await session(source);
    book.setCell(0, 3, 1, '梨');
    const exported = await book.exportXlsx();
    const before = looks(readSheetJs(source, { cellStyles: true }));
    const after = looks(readSheetJs(exported, { cellStyles: true }));
    (before[0]!.cells.A3 as { v: string }).v = '梨';
    expect(after).toEqual(before);
    expect(after[0]!.merges).toEqual(['A1:C1']);
    expect(after[0]!.widths[1]).toBe(29); // SheetJS reports the width without Excel’s padding
    expect(after[0]!.cells.B2).toMatchObject({ fill: 'FFFF00' });
  });
});

describe.skipIf(!corpusPresent)('round trip of corpus workbooks', () => {
  const styled = [
    'office/sheetjs/merge_cells.xlsx',
    'office/excelize/Book1.xlsx',
    'office/excelize/MergeCell.xlsx',
    'office/sheetjs/Attendance.xlsx',
  ];

  it.each(styled)('%s keeps merges, widths, formats and fills as a second reader sees them', async (path) => {
    const source = new Uint8Array(readFileSync(join(corpusDir, path)));
    const book = await session(source, path);
    const exported = await book.exportXlsx();
    expect(looks(readSheetJs(exported, { cellStyles: true }))).toEqual(looks(readSheetJs(source, { cellStyles: true })));
  });
});
if (!corpusPresent) console.info(`excel round-trip tests: corpus cases skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
