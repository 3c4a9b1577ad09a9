/**
 * Bytes → an exceljs Workbook, whatever the spreadsheet format: xlsx/xlsm through exceljs (styles
 * and all), xls/xlsb/ods through SheetJS converted into exceljs, csv/tsv through the project's
 * encoding detection. What is not a spreadsheet is named, with the tool that opens it.
 */
import { read as readSheetJs, utils as sheetJsUtils } from '@e965/xlsx';
import type { CellObject, WorkBook as SheetJsBook } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { identify } from '@shared/file-type/identify';
import { decodeCsvBytes, guessDelimiter, parseDelimited } from './csv';
import { parseInput } from './cell-text';
import { applyOdsStyles } from './ods-styles';
import { applyLegacyStyles } from './legacy-styles';
import { readXlsStyles } from './xls-styles';
import { readXlsbStyles } from './xlsb-styles';
import type { BookNotes, OpenFailure } from './model';

export type Opened = { ok: true; workbook: ExcelJS.Workbook; format: string; notes?: BookNotes } | { ok: false; failure: OpenFailure };

const EXCELJS_FORMATS = new Set(['xlsx', 'xlsm', 'xltx', 'xltm']);
const SHEETJS_FORMATS = new Set(['xls', 'xlsb', 'ods']);
const SPREADSHEET_EXTENSIONS = new Set([...EXCELJS_FORMATS, ...SHEETJS_FORMATS, 'xlt', 'csv', 'tsv', 'tab']);

/** Which of our tools opens a format we do not (a route), by identified format, then by kind. */
const OPENERS: Record<string, string> = {
  docx: '/doc/preview',
  docm: '/doc/preview',
  dotx: '/doc/preview',
  doc: '/doc/preview',
  pptx: '/ppt/preview',
  pptm: '/ppt/preview',
  ppsx: '/ppt/preview',
  ppt: '/ppt/preview',
  psd: '/psd',
  psb: '/psd',
  sketch: '/sketch',
};
const OPENERS_BY_KIND: Record<string, string> = { archive: '/compress', image: '/image/convert' };

const extensionOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

function looksEncrypted(error: unknown): boolean {
  return /password|encrypt/i.test(error instanceof Error ? error.message : String(error));
}

function damaged(error: unknown): Opened {
  return { ok: false, failure: { code: 'damaged', detail: error instanceof Error ? error.message : String(error) } };
}

async function viaExcelJs(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  if (workbook.worksheets.length === 0) throw new Error('no worksheets');
  return workbook;
}

const CHAR_PX = 7;

/**
 * SheetJS copies an ODS cell repeated across columns (`number-columns-repeated`, which LibreOffice
 * writes for equal neighbours) into every column, but its range ends at the first copy, so the
 * last column's copies were dropped.
 */
function widenOdsColumns(range: { e: { c: number } }, source: SheetJsBook['Sheets'][string]): void {
  for (const key of Object.keys(source)) {
    if (key.startsWith('!')) continue;
    const { c } = sheetJsUtils.decode_cell(key);
    if (c > range.e.c) range.e.c = c;
  }
}

/** SheetJS's reading of a legacy workbook, rebuilt as an exceljs workbook so one model serves all formats. */
export function fromSheetJs(book: SheetJsBook): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  if (book.Workbook?.WBProps?.date1904) workbook.properties.date1904 = true;
  for (const name of book.SheetNames) {
    const source = book.Sheets[name]!;
    const sheet = workbook.addWorksheet(name);
    const range = source['!ref'] ? sheetJsUtils.decode_range(source['!ref']) : undefined;
    if (range && book.bookType === 'ods') widenOdsColumns(range, source);
    if (range) {
      for (let r = range.s.r; r <= range.e.r; r += 1) {
        for (let c = range.s.c; c <= range.e.c; c += 1) {
          const cell = source[sheetJsUtils.encode_cell({ r, c })] as CellObject | undefined;
          if (!cell) continue;
          const target = sheet.getCell(r + 1, c + 1);
          const value =
            cell.t === 'e' ? { error: (cell.w ?? '#N/A') as ExcelJS.CellErrorValue['error'] } : cell.t === 'z' ? null : (cell.v ?? null);
          if (cell.f) target.value = { formula: cell.f, result: value as ExcelJS.CellFormulaValue['result'] } as ExcelJS.CellFormulaValue;
          else target.value = value as ExcelJS.CellValue;
          if (cell.z && cell.z !== 'General') target.numFmt = String(cell.z);
          const style = cell.s as { patternType?: string; fgColor?: { rgb?: string } } | undefined;
          if (style?.patternType === 'solid' && style.fgColor?.rgb) {
            target.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${style.fgColor.rgb.slice(-6)}` } };
          }
        }
      }
    }
    for (const merge of source['!merges'] ?? []) sheet.mergeCells(merge.s.r + 1, merge.s.c + 1, merge.e.r + 1, merge.e.c + 1);
    (source['!cols'] ?? []).forEach((column, index) => {
      if (!column) return;
      const width = column.wch ?? column.width ?? (column.wpx ? column.wpx / CHAR_PX : undefined);
      const target = sheet.getColumn(index + 1);
      if (width) target.width = width;
      if (column.hidden) target.hidden = true;
    });
    (source['!rows'] ?? []).forEach((row, index) => {
      if (!row) return;
      const height = row.hpt ?? (row.hpx ? (row.hpx * 72) / 96 : undefined);
      const target = sheet.getRow(index + 1);
      if (height) target.height = height;
      if (row.hidden) target.hidden = true;
    });
  }
  return workbook;
}

/**
 * A workbook SheetJS reads, with what it loses: SheetJS Community reads only a cell's fill of an
 * xls (or of an xlsx exceljs refused), and no fonts, borders or alignment of any format; nothing
 * of an xlsb's or ods's looks, so an ods's styles are read by `applyOdsStyles`, which says what
 * it still does not read. `bookVBA` only tells whether there are macros.
 */
function viaSheetJs(bytes: Uint8Array, format: string): { workbook: ExcelJS.Workbook; notes: BookNotes } {
  const book = readSheetJs(bytes, { type: 'array', cellStyles: true, cellNF: true, cellDates: true, dense: false, bookVBA: true });
  if (book.SheetNames.length === 0) throw new Error('no worksheets');
  const workbook = fromSheetJs(book);
  const unread = format === 'ods' ? applyOdsStyles(workbook, bytes) : withOwnStyles(workbook, bytes, format);
  const notes: BookNotes = unread ? {} : { styles: format === 'xlsb' || format === 'ods' ? 'none' : 'fills' };
  if (unread?.length) notes.unread = unread;
  if (book.vbaraw) notes.macros = true;
  return { workbook, notes };
}

/**
 * Styles we read ourselves where SheetJS reads few (xls) or none (xlsb), put on the workbook: what
 * the file has that they still leave out, or undefined when there were none to read.
 */
function withOwnStyles(workbook: ExcelJS.Workbook, bytes: Uint8Array, format: string): BookNotes['unread'] {
  const styles = format === 'xls' || format === 'xlt' ? readXlsStyles(bytes) : format === 'xlsb' ? readXlsbStyles(bytes) : undefined;
  if (!styles) return undefined;
  applyLegacyStyles(workbook, styles);
  return styles.unread ?? [];
}

const VBA_PART = new TextEncoder().encode('xl/vbaProject.bin');

/** Whether an xlsx/xlsm package holds a VBA project (zip entry names are stored uncompressed). */
export function hasVbaProject(bytes: Uint8Array): boolean {
  const first = VBA_PART[0]!;
  outer: for (let i = bytes.indexOf(first); i !== -1 && i <= bytes.length - VBA_PART.length; i = bytes.indexOf(first, i + 1)) {
    for (let j = 1; j < VBA_PART.length; j += 1) if (bytes[i + j] !== VBA_PART[j]) continue outer;
    return true;
  }
  return false;
}

/** CSV cells: numbers as numbers where that loses nothing, everything else as the text it was (no formulas). */
export function fromDelimited(rows: string[][], sheetName: string): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  rows.forEach((fields, r) => {
    fields.forEach((field, c) => {
      if (field === '') return;
      const parsed = field.startsWith('=') ? { value: field } : parseInput(field);
      if ('value' in parsed) sheet.getCell(r + 1, c + 1).value = parsed.value;
    });
  });
  return workbook;
}

function sheetNameFromFile(name: string): string {
  return name.replace(/\.[^.]*$/, '').replace(/[\\/?*[\]:]/g, '_') || 'Sheet1';
}

/** Rows per sheet the quick preview of a big workbook reads: more than a screen shows. */
export const PREVIEW_ROWS = 200;

/**
 * The first rows of each sheet of an xlsx, read by SheetJS with `sheetRows` (a 5 MB file: about a
 * tenth of the time exceljs needs for the whole of it), for a first view while exceljs reads the
 * workbook with all its styles. Undefined when the file is not an xlsx this can preview; the full
 * open then reports what is wrong with it.
 */
export async function openPreview(bytes: Uint8Array, fileName: string): Promise<Opened | undefined> {
  const found = await identify(new Blob([bytes as BlobPart]), fileName);
  if (found.flags.includes('encrypted') || !EXCELJS_FORMATS.has(found.format)) return undefined;
  try {
    const book = readSheetJs(bytes, { type: 'array', sheetRows: PREVIEW_ROWS, cellStyles: true, cellNF: true, cellDates: true });
    if (book.SheetNames.length === 0) return undefined;
    return { ok: true, workbook: fromSheetJs(book), format: found.format };
  } catch {
    return undefined;
  }
}

/** Opens any spreadsheet we read; never throws for bad input, only reports why it failed. */
export async function openWorkbook(bytes: Uint8Array, fileName: string): Promise<Opened> {
  if (bytes.length === 0) return { ok: false, failure: { code: 'empty' } };
  const found = await identify(new Blob([bytes as BlobPart]), fileName);
  if (found.flags.includes('encrypted')) return { ok: false, failure: { code: 'encrypted' } };
  const extension = extensionOf(fileName);
  const byName = SPREADSHEET_EXTENSIONS.has(extension);
  const isText = found.kind === 'text' || found.format === 'csv' || found.format === 'tsv';

  if (found.format === 'csv' || found.format === 'tsv' || (isText && byName)) {
    const decoded = decodeCsvBytes(bytes);
    if (!decoded) return { ok: false, failure: { code: 'damaged' } };
    const delimiter = found.format === 'tsv' ? '\t' : guessDelimiter(decoded.text, fileName);
    return {
      ok: true,
      workbook: fromDelimited(parseDelimited(decoded.text, delimiter), sheetNameFromFile(fileName)),
      format: delimiter === '\t' ? 'tsv' : 'csv',
    };
  }

  // Bytes that are not even a zip or OLE2 container cannot be a workbook, whatever the name says
  // (SheetJS would read them as a sheet of text).
  if (found.format === 'unknown' && byName) return { ok: false, failure: { code: 'damaged' } };
  const generic = found.format === 'zip' || found.format === 'cfb';
  const format = EXCELJS_FORMATS.has(found.format) || SHEETJS_FORMATS.has(found.format) ? found.format : generic && byName ? extension : '';
  if (!format) {
    const opener = OPENERS[found.format] ?? OPENERS_BY_KIND[found.kind];
    const label = found.label || found.ext.toUpperCase() || extension.toUpperCase();
    return { ok: false, failure: opener ? { code: 'wrongType', label, opener } : { code: 'unsupported', label } };
  }
  try {
    if (EXCELJS_FORMATS.has(format)) {
      const macros = hasVbaProject(bytes);
      try {
        return { ok: true, workbook: await viaExcelJs(bytes), format, ...(macros ? { notes: { macros } } : {}) };
      } catch (error) {
        // exceljs is stricter than Excel about some writers' output; SheetJS reads more of them.
        try {
          const read = viaSheetJs(bytes, format);
          return { ok: true, workbook: read.workbook, format, notes: { ...read.notes, ...(macros ? { macros } : {}) } };
        } catch {
          throw error;
        }
      }
    }
    const read = viaSheetJs(bytes, format);
    return { ok: true, workbook: read.workbook, format: format === 'xlt' ? 'xls' : format, notes: read.notes };
  } catch (error) {
    if (looksEncrypted(error)) return { ok: false, failure: { code: 'encrypted' } };
    return damaged(error);
  }
}
