import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { WorkbookSession } from './excel.service';
import { loadFunctions } from './formula-eval';
import { lineStyledWorkbook } from './line-fixtures.test-helper';
import type { StyledRow } from './line-styles';
import type { CellStyle } from './model';
import { openWorkbook } from './open';

beforeAll(loadFunctions);

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
if (!corpusPresent) console.info(`excel row/column format tests: corpus case skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);

async function session(bytes: Uint8Array, name = 'lines.xlsx'): Promise<WorkbookSession> {
  const opened = await openWorkbook(bytes, name);
  if (!opened.ok) throw new Error(JSON.stringify(opened.failure));
  return new WorkbookSession(opened.workbook, opened.format);
}

/** What the grid gets for one cell: its text and resolved look (undefined when it draws nothing). */
function cellAt(book: WorkbookSession, r: number, c: number): { text: string; style?: CellStyle } | undefined {
  const window = book.window({ sheet: 0, top: 1, bottom: 20, left: 1, right: 10 });
  const cell = window.cells.find((entry) => entry.r === r && entry.c === c);
  if (!cell) return undefined;
  // Every format of the file names Calibri 11, the sheet's own font: left out to compare what differs.
  const { fontFamily: _family, fontSize: _size, ...style } = cell.style === undefined ? {} : window.styles[cell.style]!;
  return { text: cell.text, ...(Object.keys(style).length ? { style } : {}) };
}

const YELLOW = { fill: '#FFFF00' };

describe('row and column formats', () => {
  it('show on the empty cells of a row and a column; a row wins over a column, a cell over both', async () => {
    const book = await session(lineStyledWorkbook());
    // Row 6 has no cells at all, row 3 only A3.
    for (const c of [1, 2, 5, 10]) expect(cellAt(book, 6, c)?.style).toEqual(YELLOW);
    expect(cellAt(book, 3, 2)?.style).toEqual(YELLOW);
    expect(cellAt(book, 3, 3)?.style).toEqual(YELLOW);
    expect(cellAt(book, 3, 1)).toEqual({ text: 'plain' });
    // Column C's borders on rows that are not in the file, and on rows that are.
    for (const r of [2, 4, 15])
      expect(cellAt(book, r, 3)?.style).toMatchObject({ borderLeft: '1px solid #000000', borderRight: '1px solid #000000' });
    expect(cellAt(book, 4, 4)).toBeUndefined();
  });

  it('give a value typed into an empty cell their format, the row’s whole when the row has one', async () => {
    const book = await session(lineStyledWorkbook());
    book.setCell(0, 4, 3, '1.5');
    expect(cellAt(book, 4, 3)).toMatchObject({ text: '1.50', style: { bold: true, color: '#0000FF', borderLeft: '1px solid #000000' } });
    book.setCell(0, 6, 3, '1.5');
    expect(cellAt(book, 6, 3)).toEqual({ text: '1.5', style: YELLOW });
    // A cell that was in the file keeps its own (plain) format.
    book.setCell(0, 3, 1, '2.5');
    expect(cellAt(book, 3, 1)).toEqual({ text: '2.5' });
  });

  it('are written back to xlsx and read again the same (an empty formatted row too)', async () => {
    const book = await session(lineStyledWorkbook());
    book.setCell(0, 4, 3, '1.5');
    const exported = await book.exportXlsx();
    const sheetXml = strFromU8(unzipSync(exported)['xl/worksheets/sheet1.xml']!);
    expect(sheetXml).toMatch(/<row r="6"[^>]* s="\d+" customFormat="1"/);
    expect(sheetXml).toMatch(/<col min="3" max="3"[^>]* style="\d+"/);

    const again = await session(exported);
    for (const c of [1, 4]) expect(cellAt(again, 6, c)?.style).toEqual(YELLOW);
    expect(cellAt(again, 3, 1)).toEqual({ text: 'plain' });
    expect(cellAt(again, 9, 3)?.style).toMatchObject({ borderLeft: '1px solid #000000' });
    expect(cellAt(again, 4, 3)?.text).toBe('1.50');
    expect(cellAt(again, 5, 2)?.style).toEqual({ diagonalUp: '1px solid #FF0000', diagonalDown: '1px solid #FF0000' });

    // A second reader of the exported bytes: exceljs straight, not through the tool.
    const plain = new ExcelJS.Workbook();
    await plain.xlsx.load(exported.buffer as ArrayBuffer);
    const sheet = plain.worksheets[0]!;
    expect((sheet.getRow(6) as StyledRow).style.fill).toMatchObject({ pattern: 'solid', fgColor: { argb: 'FFFFFF00' } });
    expect(sheet.getColumn(3).style.numFmt).toBe('0.00');
    expect(sheet.getCell('B5').border.diagonal).toMatchObject({ up: true, down: true, style: 'thin' });
  });

  it('move with inserted rows and columns, and come back when a deleted row or column is undone', async () => {
    const book = await session(lineStyledWorkbook());
    book.insertLines(0, 'row', 1, 1);
    expect(cellAt(book, 7, 2)?.style).toEqual(YELLOW);
    expect(cellAt(book, 6, 1)).toBeUndefined();
    book.insertLines(0, 'col', 1, 1);
    expect(cellAt(book, 12, 4)?.style).toMatchObject({ borderLeft: '1px solid #000000' });
    book.undo();
    book.undo();
    book.deleteLines(0, 'row', 6, 1);
    expect(cellAt(book, 6, 2)).toBeUndefined();
    book.undo();
    expect(cellAt(book, 6, 2)?.style).toEqual(YELLOW);
    book.deleteLines(0, 'col', 3, 1);
    expect(cellAt(book, 12, 3)).toBeUndefined();
    book.undo();
    expect(cellAt(book, 12, 3)?.style).toMatchObject({ borderLeft: '1px solid #000000' });
  });
});

describe.skipIf(!corpusPresent)('corpus row and column formats', () => {
  it('office/sheetjs/Attendance.xlsx: a value typed past the data takes its columns’ format (top, wrapped), kept on export', async () => {
    const book = await session(new Uint8Array(readFileSync(join(corpusDir, 'office/sheetjs/Attendance.xlsx'))));
    book.setCell(0, 60, 20, 'new');
    const window = book.window({ sheet: 0, top: 60, bottom: 60, left: 20, right: 20 });
    expect(window.styles[window.cells[0]!.style!]).toMatchObject({
      vAlign: 'top',
      wrap: true,
      fontFamily: expect.stringContaining('Founders Grotesk'),
    });
    const sheetXml = strFromU8(unzipSync(await book.exportXlsx())['xl/worksheets/sheet1.xml']!);
    expect(sheetXml).toMatch(/<col min="10" max="16384"[^>]* style="\d+"/);
  });
});

describe('diagonal borders', () => {
  it('are mapped with their direction, line and colour', async () => {
    const book = await session(lineStyledWorkbook());
    expect(cellAt(book, 5, 2)?.style).toEqual({ diagonalUp: '1px solid #FF0000', diagonalDown: '1px solid #FF0000' });
    expect(cellAt(book, 8, 4)).toEqual({ text: '', style: { diagonalUp: '2px dashed #0000FF' } });
  });
});
