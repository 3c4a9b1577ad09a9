import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { utils as sheetJsUtils, write as writeSheetJs } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { WorkbookSession } from './excel.service';
import type { StyledRow } from './line-styles';
import { openWorkbook } from './open';
import {
  binColor,
  binRecords,
  parseBinBorder,
  parseBinFill,
  parseBinFont,
  parseStylesBin,
  readBinCells,
  readXlsbStyles,
  sstHasRuns,
} from './xlsb-styles';

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));

const varint = (value: number, max: number) => {
  const out: number[] = [];
  for (let i = 0; i < max; i += 1) {
    const more = value >= 0x80;
    out.push((value & 0x7f) | (more ? 0x80 : 0));
    value >>>= 7;
    if (!more) break;
  }
  return out;
};
/** A BIFF12 record: 7-bit varint type and length, then the body. */
const rec = (type: number, body: number[] = []) => [...varint(type, 2), ...varint(body.length, 4), ...body];
const u16 = (value: number) => [value & 0xff, (value >> 8) & 0xff];
const u32 = (value: number) => [...u16(value & 0xffff), ...u16(value >>> 16)];
const wide = (text: string) => [...u32(text.length), ...[...text].flatMap((char) => u16(char.charCodeAt(0)))];

/** BrtColor: auto, indexed, rgb or theme, with a tint in 1/32767ths. */
const color = (kind: 'auto' | 'indexed' | 'rgb' | 'theme', value = 0, tint = 0) => {
  const shade = u16(Math.round(tint * (tint > 0 ? 32767 : 32768)) & 0xffff);
  if (kind === 'rgb') return [0x05, 0, ...shade, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff, 0xff];
  return [{ auto: 0, indexed: 1, theme: 3 }[kind] << 1, value, ...shade, 0, 0, 0, 0];
};
const font = (name: string, { height = 220, flags = 0, weight = 400, underline = 0, fontColor = color('auto') } = {}) =>
  rec(0x2b, [...u16(height), ...u16(flags), ...u16(weight), ...u16(0), underline, 0, 0, 0, ...fontColor, 0, ...wide(name)]);
const fill = (pattern: number, fore = color('auto'), back = color('auto')) =>
  rec(0x2d, [...u32(pattern), ...fore, ...back, ...u32(0), ...new Array(40).fill(0), ...u32(0)]);
type Side = [number, number[]];
const border = (top?: Side, bottom?: Side, left?: Side, right?: Side) =>
  rec(0x2e, [0, ...[top, bottom, left, right, undefined].flatMap((side) => [side?.[0] ?? 0, 0, ...(side?.[1] ?? color('auto'))])]);
const xf = (fontIndex: number, fillIndex: number, borderIndex: number, flags = 0x10, trot = 0, indent = 0) =>
  rec(0x2f, [...u16(0), ...u16(0), ...u16(fontIndex), ...u16(fillIndex), ...u16(borderIndex), trot, indent, ...u16(flags), 0, 0]);

/** styles.bin: 2 fonts, 3 fills, 2 borders; a named-style XF (not counted), then 4 cell XFs. */
const stylesBin = () =>
  new Uint8Array([
    ...font('Calibri'),
    ...font('微软雅黑', { height: 280, flags: 0x0a, weight: 700, underline: 1, fontColor: color('rgb', 0xc00000) }),
    ...fill(0),
    ...fill(17),
    ...fill(1, color('rgb', 0xffff00)),
    ...border(),
    ...border([1, color('indexed', 10)], [6, color('rgb', 0x0000ff)], [2, color('auto')], [4, color('auto')]),
    ...rec(0x272, u32(1)),
    ...xf(1, 2, 1),
    ...rec(0x273),
    ...rec(0x269, u32(4)),
    ...xf(0, 0, 0),
    ...xf(1, 2, 1, 0x02 | 0x40),
    ...xf(0, 2, 0, 0x10, 90, 3),
    ...xf(0, 0, 1),
    ...rec(0x26a),
  ]);

/**
 * An xlsb SheetJS writes (values, sheet names) with our styles.bin and each cell's style index set
 * as a real writer would: SheetJS's own writer gives every cell style 0.
 */
function styledXlsb(): Uint8Array {
  const book = sheetJsUtils.book_new();
  sheetJsUtils.book_append_sheet(
    book,
    sheetJsUtils.aoa_to_sheet([
      ['标题', 'B'],
      ['x', 2],
      ['y', 3],
    ]),
    '数据',
  );
  const files = unzipSync(new Uint8Array(writeSheetJs(book, { type: 'array', bookType: 'xlsb' }) as ArrayBuffer));
  files['xl/styles.bin'] = stylesBin();
  const sheetPath = Object.keys(files).find((path) => /^xl\/worksheets\/.*\.bin$/.test(path))!;
  const sheet = files[sheetPath]!;
  const styleOf: Record<string, number> = { '0,0': 1, '0,1': 1, '1,1': 2, '2,0': 3 };
  let row = 0;
  let col = -1;
  for (const { type, body } of binRecords(sheet)) {
    if (type === 0) [row, col] = [body[0]! | (body[1]! << 8), -1];
    else if (type >= 1 && type <= 11) {
      col = body[0]!;
      body[4] = styleOf[`${row},${col}`] ?? 0;
    } else if (type >= 12 && type <= 18) body[0] = styleOf[`${row},${(col += 1)}`] ?? 0;
  }
  return zipSync(files);
}

describe('xlsb records', () => {
  const theme = ['FFFFFF', '000000', 'E7E6E6', '44546A', '4472C4'];

  it('reads record headers of one and two bytes, and stops at a record that runs past the end', () => {
    const data = new Uint8Array([...rec(0x2b, [1, 2]), ...rec(0x269, new Array(200).fill(7)), ...rec(0x2f, [1, 2, 3])]);
    expect([...binRecords(data)].map(({ type, body }) => [type, body.length])).toEqual([
      [0x2b, 2],
      [0x269, 200],
      [0x2f, 3],
    ]);
    expect([...binRecords(data.subarray(0, data.length - 1))].length).toBe(2);
    expect([...binRecords(new Uint8Array([0x80]))].length).toBe(0);
  });

  it('resolves colours: automatic, indexed, RGB, theme with a tint', () => {
    expect(binColor(new Uint8Array(color('auto')), 0, theme)).toBeUndefined();
    expect(binColor(new Uint8Array(color('indexed', 10)), 0, theme)).toEqual({ argb: 'FFFF0000' });
    expect(binColor(new Uint8Array(color('indexed', 64)), 0, theme)).toBeUndefined();
    expect(binColor(new Uint8Array(color('rgb', 0x123456)), 0, theme)).toEqual({ argb: 'FF123456' });
    expect(binColor(new Uint8Array(color('theme', 4)), 0, theme)).toEqual({ argb: 'FF4472C4' });
    expect(binColor(new Uint8Array(color('theme', 1, 0.5)), 0, theme)).toEqual({ argb: 'FF808080' });
  });

  it('reads a font, a fill and a border', () => {
    const fontBody = [
      ...binRecords(new Uint8Array(font('宋体', { height: 240, flags: 0x0a, weight: 700, underline: 2, fontColor: color('theme', 4) }))),
    ][0]!.body;
    expect(parseBinFont(fontBody, theme)).toEqual({
      name: '宋体',
      size: 12,
      bold: true,
      italic: true,
      strike: true,
      underline: 'double',
      color: { argb: 'FF4472C4' },
    });
    const body = (bytes: number[]) => [...binRecords(new Uint8Array(bytes))][0]!.body;
    expect(parseBinFill(body(fill(0)), theme)).toBeUndefined();
    expect(parseBinFill(body(fill(1, color('rgb', 0xffff00))), theme)).toEqual({
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: 'FFFFFF00' },
    });
    const gradient = [
      ...u32(0x28),
      ...color('auto'),
      ...color('auto'),
      ...u32(0),
      ...new Array(40).fill(0),
      ...u32(2),
      ...color('rgb', 0x00ff00),
      ...new Array(8).fill(0),
    ];
    expect(parseBinFill(new Uint8Array(gradient), theme)).toEqual({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF00FF00' } });
    expect(parseBinBorder(body(border([1, color('indexed', 10)], [6, color('rgb', 0x0000ff)], [2, color('auto')])), theme)).toEqual({
      top: { style: 'thin', color: { argb: 'FFFF0000' } },
      bottom: { style: 'double', color: { argb: 'FF0000FF' } },
      left: { style: 'medium' },
    });
  });

  it('indexes cell XFs only (not named styles’), with their font, fill, border and alignment', () => {
    const xfs = parseStylesBin(stylesBin(), theme);
    expect(xfs).toHaveLength(4);
    expect(xfs[0]).toEqual({ font: { name: 'Calibri', size: 11 } });
    expect(xfs[1]).toEqual({
      font: { name: '微软雅黑', size: 14, bold: true, italic: true, strike: true, underline: true, color: { argb: 'FFC00000' } },
      fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } },
      border: {
        top: { style: 'thin', color: { argb: 'FFFF0000' } },
        bottom: { style: 'double', color: { argb: 'FF0000FF' } },
        left: { style: 'medium' },
        right: { style: 'dotted' },
      },
      alignment: { horizontal: 'center', vertical: 'top', wrapText: true },
    });
    expect(xfs[2]?.alignment).toEqual({ textRotation: 90, indent: 3 });
  });

  it('maps cells to styles: cells with a column, short cells (the next column), rows', () => {
    const cell = (type: number, col: number, style: number, extra: number[] = []) => rec(type, [...u32(col), style, 0, 0, 0, ...extra]);
    const short = (type: number, style: number, extra: number[] = []) => rec(type, [style, 0, 0, 0, ...extra]);
    const data = new Uint8Array([
      ...rec(0x00, [...u32(2), ...new Array(13).fill(0)]),
      ...cell(0x01, 3, 5),
      ...short(0x0c, 6),
      ...short(0x10, 7, new Array(8).fill(0)),
      ...rec(0x00, [...u32(70000), ...new Array(13).fill(0)]),
      ...cell(0x07, 0, 9, u32(0)),
      ...rec(0x94), // not a cell
    ]);
    const cells: number[] = [];
    readBinCells(data, cells, { left: 100 });
    expect(cells).toEqual([2, 3, 5, 2, 4, 6, 2, 5, 7, 70000, 0, 9]);
    expect(() => readBinCells(data, [], { left: 2 })).toThrow('too many cells');
  });

  it('keeps the heights rows were fitted to, against the sheet default, and leaves hidden rows alone', () => {
    const row = (index: number, twips: number, flags11 = 0) =>
      rec(0x00, [...u32(index), ...u32(0), ...u16(twips), 0, flags11, 0, ...u32(0)]);
    const heights: number[] = [];
    const data = new Uint8Array([
      ...rec(0x1e5, [...u32(0xffffffff), ...u16(8), ...u16(320), 0, 0, 0, 0]), // BrtWsFmtInfo: default 16 pt
      ...row(0, 320),
      ...row(1, 560),
      ...row(2, 560, 0x10), // hidden
      ...row(3, 200, 0x20), // set by hand: SheetJS has it, kept too
    ]);
    readBinCells(data, [], { left: 100 }, undefined, heights);
    expect(heights).toEqual([1, 28, 3, 10]);
    const standard: number[] = [];
    readBinCells(new Uint8Array([...row(0, 300), ...row(1, 405)]), [], { left: 100 }, undefined, standard);
    expect(standard).toEqual([1, 20.25]);
  });

  it('names what it leaves out: conditional formats, and shared strings styled in parts', () => {
    const found = new Set<string>();
    readBinCells(new Uint8Array([...rec(0x1cd, u32(1)), ...rec(0x1ce)]), [], { left: 10 }, found as Set<'conditional'>);
    expect([...found]).toEqual(['conditional']);
    const item = (runs?: Array<[number, number]>) =>
      rec(0x13, [
        runs ? 1 : 0,
        ...wide('ab'),
        ...(runs ? [...u32(runs.length), ...runs.flatMap(([ich, font]) => [...u16(ich), ...u16(font)])] : []),
      ]);
    expect(sstHasRuns(new Uint8Array([...item(), ...item([[0, 0]])]))).toBe(false);
    expect(
      sstHasRuns(
        new Uint8Array([
          ...item(),
          ...item([
            [0, 0],
            [1, 2],
          ]),
        ]),
      ),
    ).toBe(true);
    expect(sstHasRuns(new Uint8Array(item([[1, 2]])))).toBe(true);
  });

  it('reads nothing from what is not an xlsb package, and never throws on cut records', () => {
    expect(readXlsbStyles(new Uint8Array([1, 2, 3]))).toBeUndefined();
    const whole = stylesBin();
    for (let cut = 0; cut < whole.length; cut += 3) expect(() => parseStylesBin(whole.subarray(0, cut), theme)).not.toThrow();
    const noise = new Uint8Array(4000).map((_, index) => (index * 7919) % 251);
    expect(() => parseStylesBin(noise, theme)).not.toThrow();
    expect(() => readBinCells(noise, [], { left: 10_000 })).not.toThrow();
  });
});

describe('opening a styled xlsb', () => {
  it('shows its cells’ fonts, fills, borders and alignment, without the note', async () => {
    const opened = await openWorkbook(styledXlsb(), 'styled.xlsb');
    if (!opened.ok) throw new Error(JSON.stringify(opened.failure));
    expect(opened.notes).toEqual({});
    const session = new WorkbookSession(opened.workbook, opened.format, undefined, opened.notes);
    const { cells, styles } = session.window({ sheet: 0, top: 1, bottom: 3, left: 1, right: 2 });
    const look = (r: number, c: number) => styles[cells.find((cell) => cell.r === r && cell.c === c)!.style!];
    expect(look(1, 1)).toMatchObject({
      fontFamily: expect.stringContaining('Microsoft YaHei'),
      bold: true,
      color: '#C00000',
      fill: '#FFFF00',
      borderTop: '1px solid #FF0000',
      borderBottom: '3px double #0000FF',
      hAlign: 'center',
      vAlign: 'top',
      wrap: true,
    });
    expect(look(2, 2)).toMatchObject({ fill: '#FFFF00', indent: 3 });
    expect(look(3, 1)).toMatchObject({ borderLeft: '2px solid #000000' });
    expect(look(2, 1)).not.toHaveProperty('bold');
  });

  it('exports those styles to xlsx (read back with exceljs)', async () => {
    const opened = await openWorkbook(styledXlsb(), 'styled.xlsb');
    if (!opened.ok) throw new Error('not opened');
    const bytes = await new WorkbookSession(opened.workbook, opened.format).exportXlsx();
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const cell = back.getWorksheet('数据')!.getCell('A1');
    expect(cell.font).toMatchObject({ name: '微软雅黑', bold: true, color: { argb: 'FFC00000' } });
    expect(cell.fill).toMatchObject({ pattern: 'solid', fgColor: { argb: 'FFFFFF00' } });
    expect(cell.border.bottom).toEqual({ style: 'double', color: { argb: 'FF0000FF' } });
  });

  it('keeps the note when styles.bin has no cell formats', async () => {
    const files = unzipSync(styledXlsb());
    files['xl/styles.bin'] = new Uint8Array(0);
    const opened = await openWorkbook(zipSync(files), 'plain.xlsb');
    expect(opened.ok && opened.notes).toEqual({ styles: 'none' });
  });
});

describe.skipIf(!corpusPresent)('corpus xlsb styles', () => {
  it('reads ErrorTypes.xlsb’s font (Calibri 12, the theme’s dark text)', async () => {
    const opened = await openWorkbook(new Uint8Array(readFileSync(join(corpusDir, 'office/sheetjs/ErrorTypes.xlsb'))), 'ErrorTypes.xlsb');
    if (!opened.ok) throw new Error('not opened');
    expect(opened.notes?.styles).toBeUndefined();
    const sheet = opened.workbook.getWorksheet('RawErrors')!;
    expect(sheet.getCell('A1').value).toBe('Error');
    expect(sheet.getCell('B2').font).toEqual({ name: 'Calibri', size: 12, color: { argb: 'FF000000' } });
  });
});
if (!corpusPresent) console.info(`xlsb style tests: corpus cases skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);

/**
 * An xlsb with row and column formats and diagonal lines: row 2 (empty) and row 3 yellow (BrtRowHdr
 * ixfe with fGhostDirty), A3 plain; column C (BrtColInfo ixfe) bold with thin left and right
 * borders; D4 with red diagonals both ways.
 */
function linesXlsb(): Uint8Array {
  const book = sheetJsUtils.book_new();
  const sheet = sheetJsUtils.aoa_to_sheet([['标题'], [], ['y'], [null, null, null, 'z']]);
  sheet['!cols'] = [{ wch: 8 }, { wch: 8 }, { wch: 12 }];
  sheetJsUtils.book_append_sheet(book, sheet, '线');
  const files = unzipSync(new Uint8Array(writeSheetJs(book, { type: 'array', bookType: 'xlsb' }) as ArrayBuffer));
  const diagonals = rec(0x2e, [0x03, ...[0, 0, 0, 0].flatMap(() => [0, 0, ...color('auto')]), 1, 0, ...color('rgb', 0xff0000)]);
  files['xl/styles.bin'] = new Uint8Array([
    ...font('Calibri'),
    ...font('Calibri', { weight: 700 }),
    ...fill(0),
    ...fill(17),
    ...fill(1, color('rgb', 0xffff00)),
    ...border(),
    ...border(undefined, undefined, [1, color('rgb', 0)], [1, color('rgb', 0)]),
    ...diagonals,
    ...rec(0x269, u32(4)),
    ...xf(0, 0, 0),
    ...xf(0, 2, 0),
    // Column C's format: built-in number format 2 ("0.00").
    ...rec(0x2f, [...u16(0), ...u16(2), ...u16(1), ...u16(0), ...u16(1), 0, 0, ...u16(0x10), 0, 0]),
    ...xf(0, 0, 2),
    ...rec(0x26a),
  ]);
  const sheetPath = Object.keys(files).find((path) => /^xl\/worksheets\/.*\.bin$/.test(path))!;
  const out: number[] = [];
  let row = 0;
  for (const { type, body } of binRecords(files[sheetPath]!)) {
    if (type === 0) row = body[0]!;
    if (type === 0 && row === 2) {
      // SheetJS writes no header for a row without cells; Excel does for one with a format.
      out.push(...rec(0, [...u32(1), ...u32(1), ...u16(300), 0, 0x40, 0, ...u32(0)]));
      body.set(u32(1), 4);
      body[11]! |= 0x40;
    } else if (type === 0x3c && body[0] === 2) body.set(u32(2), 12);
    else if (type >= 1 && type <= 11 && row === 3 && body[0] === 3) body[4] = 3;
    out.push(...rec(type, [...body]));
  }
  files[sheetPath] = new Uint8Array(out);
  return zipSync(files);
}

describe('an xlsb’s row and column formats and diagonal borders', () => {
  it('shows them on empty cells, the cell’s own first, and exports them to xlsx', async () => {
    const opened = await openWorkbook(linesXlsb(), 'lines.xlsb');
    if (!opened.ok) throw new Error(JSON.stringify(opened.failure));
    const session = new WorkbookSession(opened.workbook, opened.format, undefined, opened.notes);
    const look = (r: number, c: number) => {
      const { cells, styles } = session.window({ sheet: 0, top: 1, bottom: 12, left: 1, right: 8 });
      const cell = cells.find((entry) => entry.r === r && entry.c === c);
      return cell?.style === undefined ? undefined : styles[cell.style];
    };
    for (const c of [1, 3, 8]) expect(look(2, c)).toMatchObject({ fill: '#FFFF00' });
    expect(look(3, 2)).toMatchObject({ fill: '#FFFF00' });
    expect(look(3, 1)?.fill).toBeUndefined();
    for (const r of [1, 10]) expect(look(r, 3)).toMatchObject({ bold: true, borderLeft: '1px solid #000000' });
    expect(look(4, 4)).toMatchObject({ diagonalUp: '1px solid #FF0000', diagonalDown: '1px solid #FF0000' });
    session.setCell(0, 10, 3, '1.5');
    expect(session.window({ sheet: 0, top: 10, bottom: 10, left: 3, right: 3 }).cells[0]?.text).toBe('1.50');

    const back = new ExcelJS.Workbook();
    const bytes = await session.exportXlsx();
    await back.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = back.worksheets[0]!;
    expect((sheet.getRow(2) as StyledRow).style.fill).toMatchObject({ fgColor: { argb: 'FFFFFF00' } });
    expect(sheet.getColumn(3).style.font).toMatchObject({ bold: true });
    expect(sheet.getCell('D4').border.diagonal).toMatchObject({ up: true, down: true, style: 'thin' });
  });
});
