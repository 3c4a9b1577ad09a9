/**
 * Cell styles we read ourselves from legacy workbooks (xls, xlsb), where SheetJS Community reads
 * few or none, and how they land on the exceljs model SheetJS's values were rebuilt into.
 */
import { SSF } from '@e965/xlsx';
import type ExcelJS from 'exceljs';
import type { StyledRow } from './line-styles';
import type { BookNotes } from './model';

/** A cell format ("XF") as exceljs keeps it; number formats come from SheetJS, per cell. */
export type LegacyStyle = Pick<Partial<ExcelJS.Style>, 'font' | 'fill' | 'border' | 'alignment'>;

export interface LegacySheetStyles {
  name: string;
  /** Flat (row, column, XF index) triples, 0-based, in file order. */
  cells: number[];
  /** Flat (row, points) pairs, 0-based: heights Excel fitted to a row's fonts, which SheetJS keeps only when set by hand. */
  rowHeights?: number[];
  /** Flat (row, XF index) pairs, 0-based: rows with a format of their own, which their empty cells show. */
  rowStyles?: number[];
  /** Flat (first column, last column, XF index) triples, 0-based: columns with a format of their own. */
  columnStyles?: number[];
}

export interface LegacyStyles {
  /** By the XF index cells name; undefined for an XF that could not be read. */
  xfs: Array<LegacyStyle | undefined>;
  sheets: LegacySheetStyles[];
  /** What the file has that these readers leave out, for the page's note. */
  unread: BookNotes['unread'];
  /** Number format codes by XF index, for row and column formats (cells take theirs from SheetJS). */
  formats?: Array<string | undefined>;
}

/** A format id's code: the file's own (FORMAT, BrtFmt), else Excel's built-in one; General is none. */
export function formatCode(id: number, custom: ReadonlyMap<number, string>): string | undefined {
  const code = custom.get(id) ?? (SSF.get_table() as Record<number, string | undefined>)[id];
  return code && code !== 'General' ? code : undefined;
}

/** Caps so a hostile file cannot make the worker build millions of objects (Excel's own limits are far lower). */
export const MAX_XFS = 65_536;
export const MAX_STYLED_CELLS = 4_000_000;
/** Excel's last column is the 16,384th; a column range past it is cut there. */
export const MAX_COLUMNS = 16_384;
/** Rows and column ranges with formats of their own, per sheet, at most (Excel's rows: 1,048,576). */
export const MAX_STYLED_LINES = 1_048_576;

/** Border line styles by their number in BIFF8 and BIFF12 (the same table). */
export const BORDER_STYLES: Array<ExcelJS.BorderStyle | undefined> = [
  undefined,
  'thin',
  'medium',
  'dashed',
  'dotted',
  'thick',
  'double',
  'hair',
  'mediumDashed',
  'dashDot',
  'mediumDashDot',
  'dashDotDot',
  'mediumDashDotDot',
  'slantDashDot',
];

/** Fill patterns by their number in BIFF8 and BIFF12. */
export const FILL_PATTERNS: ExcelJS.FillPatterns[] = [
  'none',
  'solid',
  'mediumGray',
  'darkGray',
  'lightGray',
  'darkHorizontal',
  'darkVertical',
  'darkDown',
  'darkUp',
  'darkGrid',
  'darkTrellis',
  'lightHorizontal',
  'lightVertical',
  'lightDown',
  'lightUp',
  'lightGrid',
  'lightTrellis',
  'gray125',
  'gray0625',
];

export const H_ALIGNS: Array<ExcelJS.Alignment['horizontal'] | undefined> = [
  undefined,
  'left',
  'center',
  'right',
  'fill',
  'justify',
  'centerContinuous',
  'distributed',
];
/** Bottom (2) is every cell's default, so it is left out. */
export const V_ALIGNS: Array<ExcelJS.Alignment['vertical'] | undefined> = ['top', 'middle', undefined, 'justify', 'distributed'];

/** Text rotation as stored (0–90 up, 91–180 down, 255 stacked) → exceljs's degrees. */
export function rotation(trot: number): ExcelJS.Alignment['textRotation'] | undefined {
  if (trot === 255) return 'vertical';
  if (trot > 0 && trot <= 90) return trot;
  if (trot > 90 && trot <= 180) return 90 - trot;
  return undefined;
}

/** A font record's fixed fields, the same in BIFF8's FONT and BIFF12's BrtFont. */
export interface BiffFontFields {
  /** Twips (1/20 pt). */
  height: number;
  flags: number;
  weight: number;
  /** 1 superscript, 2 subscript. */
  script: number;
  underline: number;
}

/** The font those fields describe, only what is set; name and colour are read by each format's own way. */
export function biffFont({ height, flags, weight, script, underline }: BiffFontFields): Partial<ExcelJS.Font> {
  const font: Partial<ExcelJS.Font> = {};
  if (height) font.size = height / 20;
  if (weight >= 700) font.bold = true;
  if (flags & 0x02) font.italic = true;
  if (flags & 0x08) font.strike = true;
  if (underline === 1) font.underline = true;
  else if (underline === 2) font.underline = 'double';
  else if (underline === 0x21) font.underline = 'singleAccounting';
  else if (underline === 0x22) font.underline = 'doubleAccounting';
  if (script === 1) font.vertAlign = 'superscript';
  else if (script === 2) font.vertAlign = 'subscript';
  return font;
}

/**
 * A diagonal line, when the XF draws one: `up` runs bottom-left to top-right, `down` top-left to
 * bottom-right (BIFF8 and BIFF12 keep one line style and colour for both).
 */
export function diagonal(
  up: boolean,
  down: boolean,
  lineStyle: ExcelJS.BorderStyle | undefined,
  color: ExcelJS.Color | undefined,
): Partial<ExcelJS.Borders>['diagonal'] | undefined {
  if (!lineStyle || !(up || down)) return undefined;
  return { up, down, style: lineStyle, ...(color ? { color } : {}) } as ExcelJS.BorderDiagonal;
}

/** Only what is set, so a plain XF is an empty style and most cells share a few objects. */
export function compactStyle(style: LegacyStyle): LegacyStyle {
  const out: LegacyStyle = {};
  if (style.font && Object.keys(style.font).length) out.font = style.font;
  if (style.fill) out.fill = style.fill;
  if (style.border && Object.keys(style.border).length) out.border = style.border;
  if (style.alignment && Object.keys(style.alignment).length) out.alignment = style.alignment;
  return out;
}

const visible = (style: LegacyStyle) => Boolean(style.fill || style.border);

/**
 * Puts each read cell's style on the rebuilt workbook, matching sheets by name. Cells SheetJS
 * skipped (blank ones) get one only when it shows (a fill or a border): a blank with a font only
 * would just stretch the used range. Cells with the same XF and number format share one style
 * object, so the grid maps each look once.
 */
export function applyLegacyStyles(workbook: ExcelJS.Workbook, styles: LegacyStyles): void {
  for (const { name, cells, rowHeights = [], rowStyles = [], columnStyles = [] } of styles.sheets) {
    const sheet = workbook.getWorksheet(name);
    if (!sheet) continue;
    // Row and column formats: one style per XF with its number format, shared by every line in it.
    const lineStyles = new Map<number, Partial<ExcelJS.Style> | undefined>();
    const lineStyle = (index: number) => {
      if (lineStyles.has(index)) return lineStyles.get(index);
      const xf = styles.xfs[index];
      const numFmt = styles.formats?.[index];
      const style = xf && (numFmt || Object.keys(xf).length) ? { ...xf, ...(numFmt ? { numFmt } : {}) } : undefined;
      lineStyles.set(index, style);
      return style;
    };
    for (let i = 0; i + 1 < rowStyles.length; i += 2) {
      const style = lineStyle(rowStyles[i + 1]!);
      if (style) (sheet.getRow(rowStyles[i]! + 1) as StyledRow).style = style;
    }
    for (let i = 0; i + 2 < columnStyles.length; i += 3) {
      const style = lineStyle(columnStyles[i + 2]!);
      if (!style) continue;
      const last = Math.min(columnStyles[i + 1]!, MAX_COLUMNS - 1);
      for (let c = columnStyles[i]!; c <= last; c += 1) sheet.getColumn(c + 1).style = style;
    }
    for (let i = 0; i + 1 < rowHeights.length; i += 2) {
      const row = sheet.getRow(rowHeights[i]! + 1);
      if (!row.height && !row.hidden) row.height = rowHeights[i + 1]!;
    }
    const shared = new Map<string, Partial<ExcelJS.Style>>();
    for (let i = 0; i + 2 < cells.length; i += 3) {
      const xf = styles.xfs[cells[i + 2]!];
      if (!xf) continue;
      const r = cells[i]! + 1;
      const c = cells[i + 1]! + 1;
      const existing = sheet.findCell(r, c);
      if (!existing && !visible(xf)) continue;
      const cell = existing ?? sheet.getCell(r, c);
      const numFmt = existing?.style?.numFmt;
      const key = `${cells[i + 2]}|${numFmt ?? ''}`;
      let style = shared.get(key);
      if (!style) {
        style = numFmt ? { ...xf, numFmt } : { ...xf };
        shared.set(key, style);
      }
      cell.style = style;
    }
  }
}
