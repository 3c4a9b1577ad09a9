import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { read as readSheetJs } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { WorkbookSession } from './excel.service';
import type { StyledRow } from './line-styles';
import { fromSheetJs, openWorkbook } from './open';
import { applyOdsStyles } from './ods-styles';
import { lengthPt, odsBorder } from './ods-style-table';
import { cellNumber, cellText, odsFile, styledOds } from './ods-fixtures.test-helper';

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));

function opened(bytes: Uint8Array) {
  const workbook = fromSheetJs(readSheetJs(bytes, { type: 'array', cellStyles: true, cellNF: true, cellDates: true, dense: false }));
  const lost = applyOdsStyles(workbook, bytes);
  return { workbook, lost };
}

describe('ODS cell styles', () => {
  it('reads fonts (CJK names for CJK text), fills, borders and alignment, through parent and default styles', () => {
    const { workbook, lost } = opened(styledOds());
    expect(lost).toEqual([]);
    const sheet = workbook.getWorksheet('报表')!;
    const title = sheet.getCell('B1');
    expect(title.value).toBe('季度销售报表');
    // 黑体 is the style's Asian font; bold comes from its parent "Heading", the size is its own.
    expect(title.font).toEqual({ name: '黑体', size: 16, bold: true });
    expect(title.alignment).toEqual({ horizontal: 'center', vertical: 'middle' });
    const header = sheet.getCell('A2');
    expect(header.font).toEqual({ name: '宋体', size: 10, bold: true, color: { argb: 'FFFFFFFF' } });
    expect(header.fill).toEqual({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF4472C4' } });
    expect(header.border).toEqual({
      top: { style: 'thin', color: { argb: 'FF000000' } },
      right: { style: 'thin', color: { argb: 'FF000000' } },
      bottom: { style: 'thick', color: { argb: 'FFFF0000' } },
      left: { style: 'thin', color: { argb: 'FF000000' } },
    });
    expect(header.alignment).toEqual({ horizontal: 'center', wrapText: true });
    const note = sheet.getCell('D1');
    expect(note.font).toEqual({ name: 'Georgia', size: 12, italic: true, underline: 'double', strike: true });
    expect(note.alignment).toEqual({ textRotation: 45 });
    expect(note.border).toEqual({ left: { style: 'dashed', color: { argb: 'FF00FF00' } } });
    // Latin text in the default style takes the Western font.
    expect(sheet.getCell('A3').font).toEqual({ name: 'Liberation Sans', size: 10 });
  });

  it('puts styles and values on the same cells across repeated rows, repeated columns and merges', () => {
    const { workbook } = opened(styledOds());
    const sheet = workbook.getWorksheet('报表')!;
    expect(sheet.getCell('B1').isMerged).toBe(true);
    expect(sheet.getCell('C1').master.address).toBe('B1');
    // D1 comes after a covered cell: it keeps its own (italic) style, not the title's.
    expect(sheet.getCell('D1').value).toBe('Note');
    for (const row of [3, 4]) {
      expect(sheet.getCell(row, 2).value).toBe(1200);
      expect(sheet.getCell(row, 4).value).toBe(1111);
    }
    // The blank yellow block (3 rows × 3 columns) is drawn; the million-row run after it is not.
    for (const address of ['A5', 'C7']) expect(sheet.getCell(address).fill).toMatchObject({ fgColor: { argb: 'FFFFFF00' } });
    expect(sheet.getCell('D5').fill).toBeUndefined();
    expect(sheet.rowCount).toBe(7);
  });

  it('gives number formats SheetJS misses: inherited from the column’s default cell style', () => {
    const { workbook } = opened(styledOds());
    const sheet = workbook.getWorksheet('报表')!;
    expect(sheet.getCell('D3').numFmt).toBe('00000');
    expect(sheet.getCell('B3').numFmt).toBeUndefined();
  });

  it('keeps the copies of a repeated cell in the last column (SheetJS’s range ended at the first)', () => {
    const bytes = odsFile({
      tables: `<table:table table:name="S"><table:table-row>${cellText('a')}${cellNumber(0, undefined, ' table:number-columns-repeated="3"')}</table:table-row></table:table>`,
    });
    const sheet = opened(bytes).workbook.worksheets[0]!;
    expect([1, 2, 3, 4].map((c) => sheet.getCell(1, c).value)).toEqual(['a', 0, 0, 0]);
  });

  it('keeps "General" numbers general (SheetJS reads the N0 style Excel and LibreOffice write as "0")', () => {
    const bytes = odsFile({
      named:
        '<number:number-style style:name="N0"><number:number number:min-integer-digits="1"/></number:number-style>' +
        '<number:number-style style:name="N2"><number:number number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1"/></number:number-style>' +
        '<style:style style:name="Default" style:family="table-cell" style:data-style-name="N0"/>',
      automatic:
        '<style:style style:name="ce1" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N0"/>' +
        '<style:style style:name="ce2" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N2"/>',
      tables: `<table:table table:name="S"><table:table-row>${cellNumber(1.5, 'ce1')}${cellNumber(1.5)}${cellNumber(1.5, 'ce2')}</table:table-row></table:table>`,
    });
    const sheet = opened(bytes).workbook.worksheets[0]!;
    expect(sheet.getCell('A1').numFmt).toBeUndefined();
    expect(sheet.getCell('B1').numFmt).toBeUndefined();
    expect(sheet.getCell('C1').numFmt).toBe('0.00');
  });

  it('reads column widths, row heights and what the rest of the sheet uses', () => {
    const { workbook } = opened(styledOds());
    const sheet = workbook.getWorksheet('报表')!;
    // 0.889 in = 64 pt = 85.3 px → (85.3 − 5) / 7 characters.
    expect(sheet.getColumn(1).width).toBeCloseTo(11.48, 1);
    expect(sheet.getColumn(2).width).toBeCloseTo(((5.08 / 2.54) * 96 - 5) / 7, 1);
    expect(sheet.getColumn(3).width).toBe(sheet.getColumn(2).width);
    expect(sheet.getRow(1).height).toBe(30);
    expect(sheet.getRow(2).height).toBeCloseTo(12.82, 1);
    expect(sheet.properties.defaultRowHeight).toBeCloseTo(12.82, 1);
    expect(sheet.properties.defaultColWidth).toBeCloseTo(11.48, 1);
  });

  it('hides collapsed rows and columns and uses a row’s default cell style', () => {
    const bytes = odsFile({
      automatic:
        '<style:style style:name="ce1" style:family="table-cell"><style:text-properties fo:font-weight="bold"/></style:style>' +
        '<style:style style:name="ce2" style:family="table-cell"><style:text-properties fo:font-weight="700"/></style:style>',
      tables:
        '<table:table table:name="S"><table:table-column table:visibility="collapse"/><table:table-column table:number-columns-repeated="3" table:default-cell-style-name="ce2"/>' +
        `<table:table-row table:default-cell-style-name="ce1">${cellText('a')}${cellText('b')}</table:table-row>` +
        `<table:table-row table:visibility="collapse">${cellText('c')}${cellText('d')}${cellText('e', undefined, ' table:number-columns-repeated="2"')}${cellText('f')}</table:table-row></table:table>`,
    });
    const sheet = opened(bytes).workbook.worksheets[0]!;
    expect(sheet.getColumn(1).hidden).toBe(true);
    expect(sheet.getRow(2).hidden).toBe(true);
    expect(sheet.getCell('A1').font).toEqual({ bold: true });
    expect(sheet.getCell('B2').font).toEqual({ bold: true });
    expect(sheet.getCell('C2').value).toBe('e');
    expect(sheet.getCell('D2').value).toBe('e');
    expect(sheet.getCell('D2').font).toEqual({ bold: true });
    expect(sheet.getCell('A2').font).toBeUndefined();
  });

  it('names what is still not read: conditional formats and formatting of part of a cell', () => {
    const bytes = odsFile({
      automatic:
        '<style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>' +
        '<style:style style:name="ce1" style:family="table-cell"><style:map style:condition="cell-content()&gt;1" style:apply-style-name="Default" style:base-cell-address="S.A1"/></style:style>',
      tables: `<table:table table:name="S"><table:table-row>${cellNumber(3, 'ce1')}<table:table-cell office:value-type="string"><text:p>a<text:span text:style-name="T1">b</text:span></text:p></table:table-cell></table:table-row></table:table>`,
    });
    expect(opened(bytes).lost).toEqual(['conditional', 'partialText']);
  });

  it('drops the styles, not the file, when the styles are malformed or missing', () => {
    const values = { tables: `<table:table table:name="S"><table:table-row>${cellText('a', 'ce1')}</table:table-row></table:table>` };
    const broken = opened(odsFile({ ...values, stylesXml: '<office:document-styles><office:styles><style:style' }));
    expect(broken.lost).toBeUndefined();
    expect(broken.workbook.worksheets[0]!.getCell('A1').value).toBe('a');
    const unknownStyle = opened(odsFile(values));
    expect(unknownStyle.lost).toEqual([]);
    expect(unknownStyle.workbook.worksheets[0]!.getCell('A1').font).toBeUndefined();
    const workbook = fromSheetJs(readSheetJs(styledOds(), { type: 'array' }));
    expect(applyOdsStyles(workbook, new Uint8Array([80, 75, 3, 4, 1, 2, 3]))).toBeUndefined();
  });

  it('opens an ODS whose content.xml is cut short as far as it goes, or says it is damaged, without throwing', async () => {
    const whole = new TextDecoder().decode(unzipSync(styledOds())['content.xml']);
    for (const cut of [0.3, 0.6, 0.9]) {
      const files = unzipSync(styledOds());
      files['content.xml'] = strToU8(whole.slice(0, Math.floor(whole.length * cut)));
      const result = await openWorkbook(zipSync(files), 'cut.ods');
      if (result.ok) expect(result.workbook.worksheets[0]!.name).toBe('报表');
      else expect(result.failure.code).toBe('damaged');
    }
    // Cut inside the second table: SheetJS keeps the first sheet, and the styles are read for it.
    const files = unzipSync(styledOds());
    files['content.xml'] = strToU8(whole.slice(0, whole.indexOf('<table:table-row', whole.indexOf('table:name="Notes"'))));
    const { workbook, lost } = opened(zipSync(files));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['报表']);
    expect(lost).toEqual([]);
    expect(workbook.worksheets[0]!.getCell('A2').fill).toMatchObject({ fgColor: { argb: 'FF4472C4' } });
    expect(workbook.worksheets[0]!.getColumn(2).width).toBeGreaterThan(20);
  });

  it('survives a parent-style loop and absurd lengths', () => {
    const bytes = odsFile({
      automatic:
        '<style:style style:name="a" style:family="table-cell" style:parent-style-name="b"><style:text-properties fo:font-size="huge"/></style:style>' +
        '<style:style style:name="b" style:family="table-cell" style:parent-style-name="a"><style:text-properties fo:font-weight="bold"/></style:style>',
      tables: `<table:table table:name="S"><table:table-row>${cellText('x', 'a')}</table:table-row></table:table>`,
    });
    expect(opened(bytes).workbook.worksheets[0]!.getCell('A1').font).toEqual({ bold: true });
  });
});

describe('an ODS opened in /excel', () => {
  it('shows its styles with no note, and exports them to xlsx (read back by exceljs)', async () => {
    const opened = await openWorkbook(styledOds(), '报表.ods');
    if (!opened.ok) throw new Error(JSON.stringify(opened.failure));
    expect(opened.format).toBe('ods');
    expect(opened.notes?.styles).toBeUndefined();
    expect(opened.notes?.unread).toBeUndefined();
    const session = new WorkbookSession(opened.workbook, opened.format, undefined, opened.notes);
    const window = session.window({ sheet: 0, top: 1, bottom: 3, left: 1, right: 4 });
    const header = window.cells.find((cell) => cell.r === 2 && cell.c === 1)!;
    expect(window.styles[header.style!]).toMatchObject({ bold: true, color: '#FFFFFF', fill: '#4472C4', hAlign: 'center', wrap: true });
    expect(window.cells.find((cell) => cell.r === 3 && cell.c === 4)?.text).toBe('01111');

    const back = new ExcelJS.Workbook();
    await back.xlsx.load((await session.exportXlsx()).buffer as ArrayBuffer);
    const sheet = back.getWorksheet('报表')!;
    expect(sheet.getCell('A2').font).toMatchObject({ name: '宋体', bold: true, color: { argb: 'FFFFFFFF' } });
    expect(sheet.getCell('A2').fill).toMatchObject({ pattern: 'solid', fgColor: { argb: 'FF4472C4' } });
    expect(sheet.getCell('A2').border.bottom).toEqual({ style: 'thick', color: { argb: 'FFFF0000' } });
    expect(sheet.getCell('B1').font).toMatchObject({ name: '黑体', size: 16, bold: true });
    expect(sheet.getCell('C1').master.address).toBe('B1');
    expect(sheet.getCell('D3').numFmt).toBe('00000');
    expect(sheet.getCell('A6').fill).toMatchObject({ fgColor: { argb: 'FFFFFF00' } });
    expect(sheet.getColumn(2).width).toBeCloseTo(opened.workbook.worksheets[0]!.getColumn(2).width!, 2);
    expect(sheet.getRow(1).height).toBe(30);
  });

  it('says what is still not read, and falls back to the old note when the styles cannot be read', async () => {
    const partial = odsFile({
      automatic: '<style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>',
      tables: `<table:table table:name="S"><table:table-row><table:table-cell office:value-type="string"><text:p>a<text:span text:style-name="T1">b</text:span></text:p></table:table-cell></table:table-row></table:table>`,
    });
    const opened = await openWorkbook(partial, 'partial.ods');
    expect(opened.ok && opened.notes).toEqual({ unread: ['partialText'] });
    const broken = odsFile({
      tables: `<table:table table:name="S"><table:table-row>${cellText('a')}</table:table-row></table:table>`,
      stylesXml: '<office:document-styles><office:styles><style:style',
    });
    const fallback = await openWorkbook(broken, 'broken.ods');
    expect(fallback.ok && fallback.notes).toEqual({ styles: 'none' });
    expect(fallback.ok && fallback.workbook.worksheets[0]!.getCell('A1').value).toBe('a');
  });
});

describe('an ODS’s row and column default cell styles and diagonal lines', () => {
  const linesOds = () =>
    odsFile({
      automatic:
        '<style:style style:name="ce1" style:family="table-cell"><style:table-cell-properties fo:background-color="#ffff00"/></style:style>' +
        '<number:number-style style:name="N2"><number:number number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1"/></number:number-style>' +
        '<style:style style:name="ce2" style:family="table-cell" style:data-style-name="N2"><style:table-cell-properties fo:border-left="0.74pt solid #000000" fo:border-right="0.74pt solid #000000"/>' +
        '<style:text-properties fo:font-weight="bold"/></style:style>' +
        '<style:style style:name="ce3" style:family="table-cell"><style:table-cell-properties style:diagonal-bl-tr="0.74pt solid #ff0000" style:diagonal-tl-br="0.74pt solid #ff0000"/></style:style>' +
        '<style:style style:name="ce4" style:family="table-cell"><style:table-cell-properties style:diagonal-tl-br="1.5pt dashed #0000ff"/></style:style>',
      tables:
        '<table:table table:name="线"><table:table-column table:number-columns-repeated="2"/>' +
        '<table:table-column table:default-cell-style-name="ce2"/><table:table-column table:number-columns-repeated="1021"/>' +
        `<table:table-row>${cellText('标题')}<table:table-cell table:number-columns-repeated="1023"/></table:table-row>` +
        '<table:table-row table:default-cell-style-name="ce1"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>' +
        `<table:table-row table:default-cell-style-name="ce1">${cellText('plain', 'Default')}<table:table-cell table:number-columns-repeated="1023"/></table:table-row>` +
        `<table:table-row>${cellText('x', 'ce3')}<table:table-cell table:style-name="ce4"/><table:table-cell table:number-columns-repeated="1022"/></table:table-row>` +
        '<table:table-row table:number-rows-repeated="1048572"><table:table-cell table:number-columns-repeated="1024"/></table:table-row></table:table>',
    });

  it('shows them on empty cells (a row’s over a column’s, a cell’s own over both) and exports them to xlsx', async () => {
    const result = await openWorkbook(linesOds(), 'lines.ods');
    if (!result.ok) throw new Error(JSON.stringify(result.failure));
    const session = new WorkbookSession(result.workbook, result.format, undefined, result.notes);
    const look = (r: number, c: number) => {
      const { cells, styles } = session.window({ sheet: 0, top: 1, bottom: 12, left: 1, right: 8 });
      const cell = cells.find((entry) => entry.r === r && entry.c === c);
      return cell?.style === undefined ? undefined : styles[cell.style];
    };
    // LibreOffice's 1,024 blank cells of a styled row are the row's format, not 1,024 cells.
    expect(session.info().sheets[0]!.cols).toBeLessThan(100);
    for (const c of [1, 3, 8]) expect(look(2, c)).toMatchObject({ fill: '#FFFF00' });
    expect(look(3, 2)).toMatchObject({ fill: '#FFFF00' });
    expect(look(3, 1)?.fill).toBeUndefined();
    for (const r of [1, 10]) expect(look(r, 3)).toMatchObject({ bold: true, borderLeft: '1px solid #000000' });
    expect(look(4, 1)).toMatchObject({ diagonalUp: '1px solid #FF0000', diagonalDown: '1px solid #FF0000' });
    expect(look(4, 2)).toEqual({ diagonalDown: '2px dashed #0000FF' });
    // The column's number style reaches a value typed into it.
    session.setCell(0, 9, 3, '1.5');
    expect(session.window({ sheet: 0, top: 9, bottom: 9, left: 3, right: 3 }).cells[0]?.text).toBe('1.50');

    const back = new ExcelJS.Workbook();
    const bytes = await session.exportXlsx();
    await back.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = back.worksheets[0]!;
    expect((sheet.getRow(2) as StyledRow).style.fill).toMatchObject({ fgColor: { argb: 'FFFFFF00' } });
    expect(sheet.getColumn(3).style.font).toMatchObject({ bold: true });
    expect(sheet.getCell('A4').border.diagonal).toMatchObject({ up: true, down: true, style: 'thin' });
  });
});

describe('ODS lengths and borders', () => {
  it('converts lengths to points', () => {
    expect(lengthPt('1in')).toBe(72);
    expect(lengthPt('2.54cm')).toBeCloseTo(72);
    expect(lengthPt('10mm')).toBeCloseTo(28.35, 2);
    expect(lengthPt('12pt')).toBe(12);
    expect(lengthPt('4px')).toBe(3);
    expect(lengthPt('110%')).toBeUndefined();
    expect(lengthPt('')).toBeUndefined();
  });

  it('maps border widths and styles to the nearest Excel border', () => {
    expect(odsBorder('0.05pt solid #000000')).toEqual({ style: 'hair', color: { argb: 'FF000000' } });
    expect(odsBorder('0.74pt solid #000000')?.style).toBe('thin');
    expect(odsBorder('1.75pt solid #000000')?.style).toBe('medium');
    expect(odsBorder('#123456 solid 2.5pt')).toEqual({ style: 'thick', color: { argb: 'FF123456' } });
    expect(odsBorder('0.5pt dotted #000000')?.style).toBe('dotted');
    expect(odsBorder('1.5pt dashed #000000')?.style).toBe('mediumDashed');
    expect(odsBorder('2pt double #000000')?.style).toBe('double');
    expect(odsBorder('thin solid')).toEqual({ style: 'thin' });
    expect(odsBorder('none')).toBeUndefined();
    expect(odsBorder('0pt solid #000000')).toBeUndefined();
  });
});

describe.skipIf(!corpusPresent)('corpus ODS files', () => {
  it('fixture.ods: centred headers, and the zip codes keep their leading zero from the column’s style', () => {
    const { workbook, lost } = opened(new Uint8Array(readFileSync(join(corpusDir, 'office/file-type/fixture.ods'))));
    expect(lost).toEqual([]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').alignment).toEqual({ horizontal: 'center' });
    expect(sheet.getCell('F1').alignment).toEqual({ horizontal: 'center' });
    expect(sheet.getCell('A2').alignment).toBeUndefined();
    expect(sheet.getCell('F2').value).toBe(1111);
    expect(sheet.getCell('F2').numFmt).toBe('00000');
    // The file names no size (LibreOffice then uses its own default): none is made up.
    expect(sheet.getCell('A1').font).toEqual({ name: 'Arial' });
    expect(sheet.getColumn(2).width).toBeCloseTo(((3.785 / 2.54) * 96 - 5) / 7, 1);
    expect(sheet.rowCount).toBe(51);
  });

  it('sushi.ods: the 🍣 cell in 12 pt Calibri, on 15.75 pt rows', () => {
    const { workbook } = opened(new Uint8Array(readFileSync(join(corpusDir, 'office/sheetjs/sushi.ods'))));
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('🍣');
    expect(sheet.getCell('A1').font).toEqual({ name: 'Calibri', size: 12, color: { argb: 'FF000000' } });
    expect(sheet.getRow(1).height).toBe(15.75);
    expect(sheet.rowCount).toBe(1);
  });
});
if (!corpusPresent) console.info(`ODS style tests: corpus cases skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
