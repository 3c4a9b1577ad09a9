/** What crosses between the workbook worker and the page: plain, structured-clone friendly data. */

/** A cell's look, already resolved to CSS values (theme and indexed colours turned into #rrggbb). */
export interface CellStyle {
  fontFamily?: string;
  /** Points. */
  fontSize?: number;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  color?: string;
  fill?: string;
  hAlign?: 'left' | 'center' | 'right' | 'justify';
  vAlign?: 'top' | 'middle' | 'bottom';
  wrap?: boolean;
  indent?: number;
  borderTop?: string;
  borderRight?: string;
  borderBottom?: string;
  borderLeft?: string;
  /** Diagonal lines as CSS-like `2px dashed #rrggbb`: up runs bottom-left to top-right, down top-left to bottom-right. */
  diagonalUp?: string;
  diagonalDown?: string;
}

/** A merged range, 1-based and inclusive like Excel's. */
export interface Merge {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface SheetInfo {
  name: string;
  /** Rows and columns the grid shows (the used range, padded so there is room to type). */
  rows: number;
  cols: number;
  /** Pixel sizes; index 0 is row/column 1. 0 means hidden. */
  colWidths: number[];
  rowHeights: number[];
  frozenRows: number;
  frozenCols: number;
  merges: Merge[];
}

/**
 * What the file had that this tool does not keep: `styles` when it was read by SheetJS ("fills":
 * only cell fills came through; "none": no fonts, fills or borders), `macros` when it holds VBA,
 * which the xlsx export leaves out.
 */
export interface BookNotes {
  styles?: 'fills' | 'none';
  /** What an ODS, xls or xlsb has that is still not read although its cell styles are (said only when it has them). */
  unread?: Array<'conditional' | 'partialText'>;
  macros?: boolean;
}

export interface BookInfo {
  /** What the file was read as: xlsx, xlsm, xls, xlsb, ods, csv, tsv. */
  format: string;
  sheets: SheetInfo[];
  /** Bumped by every change, so the page drops cells it cached from an older state. */
  version: number;
  canUndo: boolean;
  canRedo: boolean;
  notes?: BookNotes;
  /** A cell (`Sheet!A1`) on a reference cycle the last calculation met; such cells show 0, as in Excel. */
  circular?: string;
}

export interface CellView {
  r: number;
  c: number;
  /** The text Excel shows: the value through its number format, a formula's cached result. */
  text: string;
  style?: number;
  rowSpan?: number;
  colSpan?: number;
  /** Numbers and dates align right when the cell says nothing. */
  numeric?: boolean;
}

export interface CellWindow {
  cells: CellView[];
  /** The styles the cells name, by id (ids are stable for the life of the open workbook). */
  styles: Record<number, CellStyle>;
}

export interface WindowRequest {
  sheet: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export type CsvEncoding = 'utf8bom' | 'gbk';

/**
 * Why a file did not open. `wrongType` names the tool that opens it (`opener` is a route) when we
 * know one; `encrypted` is a password-protected workbook, which is not the same as damaged.
 */
export type OpenFailure =
  | { code: 'empty' }
  | { code: 'encrypted' }
  | { code: 'damaged'; detail?: string }
  | { code: 'wrongType'; label: string; opener?: string }
  | { code: 'unsupported'; label: string };

/**
 * `partial`: only the first rows of a big workbook were read, for a quick first view; the page asks
 * the worker to finish, and edits and export wait for the whole workbook.
 */
export type OpenResult = { ok: true; book: BookInfo; partial?: boolean } | { ok: false; failure: OpenFailure };

/** Column letters as Excel writes them: 1 → A, 27 → AA. */
export function columnName(column: number): string {
  let name = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

export function cellAddress(row: number, column: number): string {
  return `${columnName(column)}${row}`;
}
