/**
 * Row and column formats: the style a whole row or column has of its own (xlsx `<row s
 * customFormat>` and `<col style>`), which Excel shows on every empty cell of it and gives to a
 * value typed there. A cell's own style wins over both, and a row's over a column's.
 */
import type ExcelJS from 'exceljs';

type Style = Partial<ExcelJS.Style>;
/** exceljs keeps a row's format on the row, though its types leave it out. */
export type StyledRow = ExcelJS.Row & { style: Style };
type Lines = ExcelJS.Worksheet & { _rows?: Array<StyledRow | undefined>; _columns?: Array<ExcelJS.Column | undefined> };

const hasStyle = (style: Style | undefined): style is Style => Boolean(style && Object.keys(style).length > 0);

/** The row's own format, undefined when it has none. */
export function rowStyle(sheet: ExcelJS.Worksheet, r: number): Style | undefined {
  const style = (sheet.findRow(r) as StyledRow | undefined)?.style;
  return hasStyle(style) ? style : undefined;
}

/** The column's own format, undefined when it has none (reads, never adds a column). */
export function columnStyle(sheet: ExcelJS.Worksheet, c: number): Style | undefined {
  const style = (sheet as Lines)._columns?.[c - 1]?.style;
  return hasStyle(style) ? style : undefined;
}

/**
 * The format an empty cell shows and a value typed into it takes: the row's whole, else the
 * column's whole. exceljs would mix the two part by part (the row's fill with the column's number
 * format); Excel gives the new cell one format, the row's when there is one.
 */
export function lineStyleAt(sheet: ExcelJS.Worksheet, r: number, c: number): Style | undefined {
  return rowStyle(sheet, r) ?? columnStyle(sheet, c);
}

/**
 * exceljs writes a row only when it has cells or a height, so a formatted row with neither would
 * lose its format on export. Until the returned function is called, such rows give exceljs a model
 * of their own (no cells, the format), which it writes as `<row r s customFormat>`.
 */
export function keepStyledEmptyRows(workbook: ExcelJS.Workbook): () => void {
  const patched: StyledRow[] = [];
  for (const sheet of workbook.worksheets) {
    for (const row of (sheet as Lines)._rows ?? []) {
      if (!row || !hasStyle(row.style) || row.model) continue;
      const model = {
        cells: [],
        number: row.number,
        min: 0,
        max: 0,
        style: row.style,
        hidden: row.hidden,
        outlineLevel: row.outlineLevel,
        collapsed: row.collapsed,
      };
      Object.defineProperty(row, 'model', { configurable: true, get: () => model });
      patched.push(row);
    }
  }
  return () => {
    for (const row of patched) delete (row as { model?: unknown }).model;
  };
}
