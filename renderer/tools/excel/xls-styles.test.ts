import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CFB, utils as sheetJsUtils, write as writeSheetJs } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { WorkbookSession } from './excel.service';
import { applyLegacyStyles } from './legacy-styles';
import type { StyledRow } from './line-styles';
import { openWorkbook } from './open';
import { parseFont, parsePalette, parseWorkbookStream, parseXf, readSheetCells, readXlsStyles, sstHasRuns } from './xls-styles';

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
const fixture = () => new Uint8Array(readFileSync(join(__dirname, 'fixtures/styled.xls')));

/** A BIFF record: type, length, body. */
function record(type: number, body: number[] | Uint8Array): number[] {
  return [type & 0xff, type >> 8, body.length & 0xff, body.length >> 8, ...body];
}
const u16 = (value: number) => [value & 0xff, (value >> 8) & 0xff];
const u32 = (value: number) => [...u16(value & 0xffff), ...u16(value >>> 16)];

/** FONT body: height in twips, flags, colour index, weight, script, underline, and a UTF-16 name. */
function font(name: string, { height = 200, flags = 0, color = 0x7fff, weight = 400, script = 0, underline = 0 } = {}): number[] {
  const chars = [...name].flatMap((char) => u16(char.charCodeAt(0)));
  return [...u16(height), ...u16(flags), ...u16(color), ...u16(weight), ...u16(script), underline, 0, 0, 0, name.length, 1, ...chars];
}

/** XF body from its fields (the bit layout of [MS-XLS] 2.4.353). */
function xf(fields: {
  font?: number;
  h?: number;
  v?: number;
  wrap?: boolean;
  rot?: number;
  indent?: number;
  sides?: [number, number, number, number];
  colors?: [number, number, number, number];
  pattern?: number;
  fore?: number;
  back?: number;
}): number[] {
  const [left, right, top, bottom] = fields.sides ?? [0, 0, 0, 0];
  const [cl, cr, ct, cb] = fields.colors ?? [64, 64, 64, 64];
  const align = (fields.h ?? 0) | (fields.wrap ? 0x08 : 0) | ((fields.v ?? 2) << 4);
  const sides = (left | (right << 4) | (top << 8) | (bottom << 12) | (cl << 16) | (cr << 23)) >>> 0;
  const more = (ct | (cb << 7) | ((fields.pattern ?? 0) << 26)) >>> 0;
  return [
    ...u16(fields.font ?? 0),
    ...u16(0),
    ...u16(0),
    align,
    fields.rot ?? 0,
    fields.indent ?? 0,
    0,
    ...u32(sides),
    ...u32(more),
    ...u16((fields.fore ?? 64) | ((fields.back ?? 65) << 7)),
  ];
}

const BOF8 = record(0x0809, [...u16(0x0600), ...u16(0x0005), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const SHEET_BOF = record(0x0809, [...u16(0x0600), ...u16(0x0010), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const EOF = record(0x000a, []);

/** A Workbook stream: globals with `globals` records and one BOUNDSHEET, then the sheet's records. */
function workbookStream(globals: number[], sheet: number[], name = 'Sheet1'): Uint8Array {
  const chars = [...name].flatMap((char) => u16(char.charCodeAt(0)));
  const boundLength = 4 + 8 + chars.length;
  const offset = BOF8.length + globals.length + boundLength + EOF.length;
  return new Uint8Array([
    ...BOF8,
    ...globals,
    ...record(0x0085, [...u32(offset), 0, 0, name.length, 1, ...chars]),
    ...EOF,
    ...SHEET_BOF,
    ...sheet,
    ...EOF,
  ]);
}

describe('xls records', () => {
  const palette = { custom: [] };

  it('reads a font: CJK name, size, bold, italic, strike, underline, script and colour', () => {
    expect(
      parseFont(new Uint8Array(font('宋体', { height: 280, flags: 0x0a, color: 10, weight: 700, script: 1, underline: 2 })), palette),
    ).toEqual({
      name: '宋体',
      size: 14,
      bold: true,
      italic: true,
      strike: true,
      underline: 'double',
      vertAlign: 'superscript',
      color: { argb: 'FFFF0000' },
    });
    // Automatic colour (0x7FFF) and a one-byte (compressed) name.
    const latin = [...font('', { weight: 400 }).slice(0, 14), 5, 0, ...[...'Arial'].map((char) => char.charCodeAt(0))];
    expect(parseFont(new Uint8Array(latin), palette)).toEqual({ name: 'Arial', size: 10 });
  });

  it('reads a custom palette, and fonts and fills take its colours', () => {
    const custom = parsePalette(new Uint8Array([...u16(2), 0x12, 0x34, 0x56, 0, 0xff, 0xc0, 0x80, 0]));
    expect(custom.custom).toEqual(['123456', 'FFC080']);
    expect(parseFont(new Uint8Array(font('A', { color: 9 })), custom).color).toEqual({ argb: 'FFFFC080' });
    expect(parseXf(new Uint8Array(xf({ pattern: 1, fore: 8 })), [], custom).fill).toEqual({
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: 'FF123456' },
    });
    // Past the custom entries, the default palette.
    expect(parseFont(new Uint8Array(font('A', { color: 12 })), custom).color).toEqual({ argb: 'FF0000FF' });
  });

  it('reads an XF: its font, alignment, each border side with its colour, and the fill pattern', () => {
    const fonts = [{ name: 'Arial' }, { name: '黑体', bold: true }];
    const style = parseXf(
      new Uint8Array(
        xf({
          font: 1,
          h: 2,
          v: 1,
          wrap: true,
          rot: 135,
          indent: 2,
          sides: [1, 2, 6, 13],
          colors: [10, 64, 12, 17],
          pattern: 17,
          fore: 13,
          back: 9,
        }),
      ),
      fonts,
      { custom: [] },
    );
    expect(style).toEqual({
      font: { name: '黑体', bold: true },
      alignment: { horizontal: 'center', vertical: 'middle', wrapText: true, textRotation: -45, indent: 2 },
      border: {
        left: { style: 'thin', color: { argb: 'FFFF0000' } },
        right: { style: 'medium' },
        top: { style: 'double', color: { argb: 'FF0000FF' } },
        bottom: { style: 'slantDashDot', color: { argb: 'FF008000' } },
      },
      fill: { type: 'pattern', pattern: 'gray125', fgColor: { argb: 'FFFFFF00' }, bgColor: { argb: 'FFFFFFFF' } },
    });
    // A plain XF (bottom-aligned, no borders, no fill) is an empty style.
    expect(parseXf(new Uint8Array(xf({})), [], { custom: [] })).toEqual({});
    expect(parseXf(new Uint8Array(xf({ rot: 255 })), [], { custom: [] }).alignment).toEqual({ textRotation: 'vertical' });
  });

  it('maps cells to their XF: single cells, MULRK and MULBLANK runs; skips an embedded chart', () => {
    const stream = new Uint8Array([
      ...record(0x0208, [...u16(0), ...u16(0), ...u16(4), ...u16(300), 0, 0, 0, 0, 0, 0, 0, 0]), // ROW: not a cell
      ...record(0x00fd, [...u16(0), ...u16(0), ...u16(21), ...u32(0)]), // LABELSST
      ...record(0x0203, [...u16(0), ...u16(1), ...u16(22), 0, 0, 0, 0, 0, 0, 0xf0, 0x3f]), // NUMBER
      ...record(0x00bd, [...u16(1), ...u16(2), ...u16(23), ...u32(3), ...u16(24), ...u32(5), ...u16(3)]), // MULRK C..D
      ...record(0x00be, [...u16(2), ...u16(0), ...u16(25), ...u16(26), ...u16(27), ...u16(2)]), // MULBLANK A..C
      ...SHEET_BOF, // an embedded chart's substream: its records are not cells of the sheet
      ...record(0x0203, [...u16(9), ...u16(9), ...u16(99), 0, 0, 0, 0, 0, 0, 0, 0]),
      ...EOF,
      ...record(0x0006, [...u16(3), ...u16(0), ...u16(28), ...new Array(14).fill(0)]), // FORMULA
      ...record(0x0205, [...u16(3), ...u16(1), ...u16(29), 1, 0]), // BOOLERR
      ...EOF,
      ...record(0x0201, [...u16(7), ...u16(7), ...u16(30)]), // after the sheet's EOF: not read
    ]);
    const cells: number[] = [];
    readSheetCells(new Uint8Array([...SHEET_BOF, ...stream]), 0, cells, { left: 1000 });
    expect(cells).toEqual([0, 0, 21, 0, 1, 22, 1, 2, 23, 1, 3, 24, 2, 0, 25, 2, 1, 26, 2, 2, 27, 3, 0, 28, 3, 1, 29]);
    expect(() => readSheetCells(new Uint8Array([...SHEET_BOF, ...stream]), 0, [], { left: 3 })).toThrow('too many cells');
  });

  it('keeps the heights Excel fitted to rows’ fonts (not hidden or hand-set rows, not the sheet’s standard height)', () => {
    const row = (index: number, twips: number, flags = 0) =>
      record(0x0208, [...u16(index), ...u16(0), ...u16(1), ...u16(twips), 0, 0, 0, 0, flags, 1, 0x0f, 0]);
    const sheet = (standard: number[]) =>
      new Uint8Array([...SHEET_BOF, ...standard, ...row(0, 405), ...row(1, 300), ...row(2, 600, 0x20), ...row(3, 500, 0x40), ...EOF]);
    const heights: number[] = [];
    readSheetCells(sheet([]), 0, [], { left: 10 }, undefined, heights);
    expect(heights).toEqual([0, 20.25, 1, 15]);
    heights.length = 0;
    readSheetCells(sheet(record(0x0225, [0, 0, ...u16(300)])), 0, [], { left: 10 }, undefined, heights);
    expect(heights).toEqual([0, 20.25]);
    const workbook = new ExcelJS.Workbook();
    const target = workbook.addWorksheet('S');
    target.getRow(2).height = 30;
    applyLegacyStyles(workbook, { xfs: [], sheets: [{ name: 'S', cells: [], rowHeights: [0, 20.25, 1, 15] }], unread: [] });
    expect([target.getRow(1).height, target.getRow(2).height]).toEqual([20.25, 30]);
  });

  it('reads a whole Workbook stream: fonts (index 4 skipped), XFs and each sheet’s cells', () => {
    const fonts = [0, 1, 2, 3, 4].flatMap((index) => record(0x0031, font(`F${index}`, { weight: index === 4 ? 700 : 400 })));
    const stream = workbookStream(
      [...fonts, ...record(0x00e0, xf({ font: 5 })), ...record(0x00e0, xf({ font: 3 }))],
      [...record(0x0201, [...u16(0), ...u16(0), ...u16(0)]), ...record(0x0201, [...u16(0), ...u16(1), ...u16(1)])],
    );
    const styles = parseWorkbookStream(stream);
    expect(styles?.xfs).toEqual([{ font: { name: 'F4', size: 10, bold: true } }, { font: { name: 'F3', size: 10 } }]);
    expect(styles?.sheets).toEqual([{ name: 'Sheet1', cells: [0, 0, 0, 0, 1, 1], rowHeights: [], rowStyles: [], columnStyles: [] }]);
  });

  it('names what it leaves out: conditional formats, and text runs (RSTRING, or a rich shared string past a CONTINUE)', () => {
    const plain = parseWorkbookStream(workbookStream([], [...record(0x0201, [...u16(0), ...u16(0), ...u16(0)])]));
    expect(plain?.unread).toEqual([]);
    const conditional = parseWorkbookStream(workbookStream([], record(0x01b0, new Array(12).fill(0))));
    expect(conditional?.unread).toEqual(['conditional']);
    const rstring = parseWorkbookStream(workbookStream([], record(0x00d6, [...u16(0), ...u16(0), ...u16(0), ...u16(1), 0, 65])));
    expect(rstring?.unread).toEqual(['partialText']);
    // Shared strings: "abcd" split over a CONTINUE that restarts as UTF-16, then a rich one.
    const header = [...u32(2), ...u32(2)];
    const split = [
      [...header, ...u16(4), 0, 97, 98],
      [1, 99, 0, 100, 0, ...u16(1), 0x08, ...u16(1), 120, 0, 0, 0, 0],
    ];
    expect(sstHasRuns(split.map((piece) => new Uint8Array(piece)))).toBe(true);
    expect(sstHasRuns([new Uint8Array([...header, ...u16(1), 0, 97, ...u16(1), 0x04, ...u32(3), 98, 1, 2, 3])])).toBe(false);
    expect(sstHasRuns([new Uint8Array([...u32(9), ...u32(9), ...u16(300), 1, 0])])).toBe(false);
    const withSst = parseWorkbookStream(
      workbookStream(
        [...record(0x00fc, split[0]!), ...record(0x003c, split[1]!)],
        record(0x00fd, [...u16(0), ...u16(0), ...u16(0), ...u32(1)]),
      ),
    );
    expect(withSst?.unread).toEqual(['partialText']);
  });

  it('reads nothing from BIFF5, an encrypted stream or garbage, and never throws on truncation', () => {
    const biff5 = new Uint8Array(workbookStream([], []));
    biff5[5] = 0x05;
    expect(parseWorkbookStream(biff5)).toBeUndefined();
    expect(parseWorkbookStream(workbookStream(record(0x002f, [0, 0, 1, 0, 1, 0]), []))).toBeUndefined();
    expect(parseWorkbookStream(new Uint8Array(4000).map((_, index) => (index * 7919) % 251))).toBeUndefined();
    expect(parseWorkbookStream(new Uint8Array(0))).toBeUndefined();
    const whole = workbookStream(
      [...record(0x0031, font('宋体')), ...record(0x00e0, xf({ pattern: 1, fore: 10 }))],
      [...record(0x0201, [...u16(0), ...u16(0), ...u16(0)])],
    );
    for (let cut = 0; cut < whole.length; cut += 1) expect(() => parseWorkbookStream(whole.subarray(0, cut))).not.toThrow();
    expect(readXlsStyles(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });
});

describe('opening a styled xls', () => {
  it('shows its fonts, fills (custom palette too), borders and alignment, and blank cells’ looks, without the note', async () => {
    const opened = await openWorkbook(fixture(), 'styled.xls');
    if (!opened.ok) throw new Error(JSON.stringify(opened.failure));
    expect(opened.notes).toEqual({});
    const session = new WorkbookSession(opened.workbook, opened.format, undefined, opened.notes);
    const { cells, styles } = session.window({ sheet: 0, top: 1, bottom: 5, left: 1, right: 6 });
    const look = (r: number, c: number) => styles[cells.find((cell) => cell.r === r && cell.c === c)!.style!];
    expect(look(1, 1)).toMatchObject({
      fontFamily: expect.stringContaining('SimSun'),
      fontSize: 14,
      bold: true,
      color: '#FF0000',
      fill: '#FFFF00',
      hAlign: 'center',
      vAlign: 'middle',
      borderBottom: '2px solid #0000FF',
      borderLeft: '1px solid #000000',
    });
    expect(look(2, 1)).toMatchObject({ italic: true, underline: true, strike: true });
    expect(look(2, 2)).toMatchObject({ fill: '#FFC080' });
    expect(cells.find((cell) => cell.r === 2 && cell.c === 2)?.text).toBe('1,200.00');
    expect(look(3, 1)).toMatchObject({ wrap: true, vAlign: 'top', borderLeft: '1px dashed #000000', borderRight: '1px dotted #000000' });
    expect(look(3, 2)).toMatchObject({ hAlign: 'right', fontSize: 10 });
    // Blank cells written as one MULBLANK keep their fill and double borders.
    for (const c of [3, 4, 5, 6]) expect(look(5, c)).toMatchObject({ fill: '#CCFFCC', borderTop: '3px double #000000' });
  });

  it('exports those styles to xlsx (read back with exceljs)', async () => {
    const opened = await openWorkbook(fixture(), 'styled.xls');
    if (!opened.ok) throw new Error('not opened');
    const bytes = await new WorkbookSession(opened.workbook, opened.format).exportXlsx();
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = back.getWorksheet('样式')!;
    expect(sheet.getCell('A1').font).toMatchObject({ name: '宋体', size: 14, bold: true, color: { argb: 'FFFF0000' } });
    expect(sheet.getCell('A1').fill).toMatchObject({ pattern: 'solid', fgColor: { argb: 'FFFFFF00' } });
    expect(sheet.getCell('A1').border.bottom).toEqual({ style: 'medium', color: { argb: 'FF0000FF' } });
    expect(sheet.getCell('B3').alignment).toMatchObject({ textRotation: 45, horizontal: 'right' });
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('F5').border.top).toEqual({ style: 'double' });
  });

  it('keeps SheetJS’s fills and the note when the styles cannot be read (BIFF5)', async () => {
    const book = sheetJsUtils.book_new();
    sheetJsUtils.book_append_sheet(book, sheetJsUtils.aoa_to_sheet([['名称', 1]]), 'Data');
    const biff5 = new Uint8Array(writeSheetJs(book, { type: 'array', bookType: 'biff5' }) as ArrayBuffer);
    expect(CFB.find(CFB.read(biff5, { type: 'array' }), 'Workbook')).toBeFalsy();
    const opened = await openWorkbook(biff5, 'old.xls');
    expect(opened.ok && opened.notes).toEqual({ styles: 'fills' });
  });
});

describe('an xls’s row and column formats and diagonal borders (lines.xls, written by xlwt)', () => {
  const lines = () => new Uint8Array(readFileSync(join(__dirname, 'fixtures/lines.xls')));

  it('reads ROW’s own XF (fGhostDirty), COLINFO’s XF and the XF’s diagonal lines', () => {
    const styles = readXlsStyles(lines())!;
    const sheet = styles.sheets[0]!;
    const rows = new Map<number, number>();
    for (let i = 0; i < sheet.rowStyles!.length; i += 2) rows.set(sheet.rowStyles![i]!, sheet.rowStyles![i + 1]!);
    expect([...rows.keys()].sort()).toEqual([2, 3]);
    expect(styles.xfs[rows.get(3)!]).toMatchObject({ fill: { pattern: 'solid', fgColor: { argb: 'FFFFFF00' } } });
    expect(sheet.columnStyles?.slice(0, 2)).toEqual([2, 2]);
    expect(styles.xfs[sheet.columnStyles![2]!]).toMatchObject({ font: { bold: true }, border: { left: { style: 'thin' } } });
  });

  it('shows them on empty cells, gives them to a typed value, and exports them to xlsx', async () => {
    const opened = await openWorkbook(lines(), 'lines.xls');
    if (!opened.ok) throw new Error(JSON.stringify(opened.failure));
    const session = new WorkbookSession(opened.workbook, opened.format, undefined, opened.notes);
    const look = (r: number, c: number) => {
      const { cells, styles } = session.window({ sheet: 0, top: 1, bottom: 12, left: 1, right: 8 });
      const cell = cells.find((entry) => entry.r === r && entry.c === c);
      return cell?.style === undefined ? undefined : styles[cell.style];
    };
    for (const c of [1, 3, 8]) expect(look(4, c)).toMatchObject({ fill: '#FFFF00' });
    expect(look(3, 2)).toMatchObject({ fill: '#FFFF00' });
    expect(look(3, 1)?.fill).toBeUndefined();
    for (const r of [2, 10])
      expect(look(r, 3)).toMatchObject({ bold: true, borderLeft: '1px solid #000000', borderRight: '1px solid #000000' });
    expect(look(6, 2)).toMatchObject({ diagonalUp: '1px solid #FF0000', diagonalDown: '1px solid #FF0000' });
    expect(look(8, 4)).toMatchObject({ diagonalUp: '2px dashed #0000FF' });
    expect(look(8, 4)?.diagonalDown).toBeUndefined();
    session.setCell(0, 9, 3, '1.5');
    expect(look(9, 3)).toMatchObject({ bold: true, borderLeft: '1px solid #000000' });
    const typed = session.window({ sheet: 0, top: 9, bottom: 9, left: 3, right: 3 }).cells[0];
    expect(typed?.text).toBe('1.500');

    const back = new ExcelJS.Workbook();
    const bytes = await session.exportXlsx();
    await back.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = back.worksheets[0]!;
    expect((sheet.getRow(4) as StyledRow).style.fill).toMatchObject({ fgColor: { argb: 'FFFFFF00' } });
    expect(sheet.getColumn(3).style.font).toMatchObject({ bold: true });
    expect(sheet.getColumn(3).style.numFmt).toBe('0.000');
    expect(sheet.getCell('B6').border.diagonal).toMatchObject({ up: true, down: true, style: 'thin', color: { argb: 'FFFF0000' } });
  });
});

describe.skipIf(!corpusPresent)('corpus xls styles', () => {
  const open = async (path: string) => {
    const opened = await openWorkbook(new Uint8Array(readFileSync(join(corpusDir, path))), path);
    if (!opened.ok) throw new Error(path);
    expect(opened.notes?.styles, path).toBeUndefined();
    return opened.workbook.worksheets[0]!;
  };

  it('reads the fonts the corpus files set', async () => {
    expect((await open('office/file-type/fixture.xls')).getCell('A1').font).toMatchObject({ name: 'Arial', bold: true });
    expect((await open('office/file-type/fixture.xls')).getCell('A2').font?.bold).toBeUndefined();
    expect((await open('office/sheetjs/AutoFilter.xls')).getCell('A1').font).toMatchObject({ name: 'Calibri', size: 12 });
    expect((await open('office/sheetjs/LONumbers-2010.xls')).getCell('A1').font).toMatchObject({ name: 'Arial', size: 10 });
    expect((await open('office/sheetjs/number_format.xls')).getCell('A1').font).toMatchObject({ name: 'Calibri', size: 12 });
  });
});
if (!corpusPresent) console.info(`xls style tests: corpus cases skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
