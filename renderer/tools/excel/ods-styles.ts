/**
 * An ODS file's looks, read by us and put on the exceljs workbook SheetJS's values were copied
 * into: cell fonts, fills, borders and alignment, number formats SheetJS misses (inherited from a
 * parent, a column or a row), column widths, row heights and hidden rows/columns. Runs in the
 * excel worker.
 */
import { read as readSheetJs } from '@e965/xlsx';
import type ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { OdsStyleTable } from './ods-style-table';
import type { OdsCellStyle } from './ods-style-table';
import { walkOdsContent } from './ods-walk';
import { MAX_COLUMNS } from './legacy-styles';
import type { StyledRow } from './line-styles';

/** What the file has that is still not read, for the page's note. */
export type OdsLoss = 'conditional' | 'partialText';

/**
 * A blank cell gets its fill and borders only from a run of at most this many cells: the rest of
 * the sheet, which LibreOffice writes as one run of a million rows, stays unstyled (and the
 * exported xlsx small).
 */
const BLANK_RUN_CELLS = 10_000;
/** Blank styled cells per workbook, so a hostile file cannot make millions of them. */
const BLANK_CELLS = 200_000;
const CJK = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
const PT_TO_PX = 96 / 72;
/** The grid draws a width of `n` characters as `7n + 5` px; this is the inverse. */
const widthChars = (pt: number) => Math.max(0, Math.round(((pt * PT_TO_PX - 5) / 7) * 100) / 100);

/** content.xml's font faces and automatic styles as a document of their own (the body can be huge). */
function contentStylesPart(content: string): string | undefined {
  const root = /<office:document-content\b[^>]*>/.exec(content)?.[0];
  if (!root) return undefined;
  const bodyAt = content.indexOf('<office:body');
  const head = bodyAt === -1 ? content : content.slice(0, bodyAt);
  const parts = ['font-face-decls', 'automatic-styles'].map(
    (name) => new RegExp(`<office:${name}>[\\s\\S]*?</office:${name}>`).exec(head)?.[0] ?? '',
  );
  return `${root}${parts.join('')}</office:document-content>`;
}

/**
 * Excel number formats of the given ODF number styles, converted by SheetJS itself: a flat ODS
 * with one cell per number style (SheetJS only converts the styles a cell names directly).
 */
function numberFormats(content: string, styles: string | undefined, dataStyles: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const root = /<office:document-content\b[^>]*>/.exec(content)?.[0];
  if (!root || dataStyles.length === 0) return out;
  const bodyAt = content.indexOf('<office:body');
  const head = bodyAt === -1 ? content : content.slice(0, bodyAt);
  const automatic = /<office:automatic-styles>([\s\S]*?)<\/office:automatic-styles>/.exec(head)?.[1] ?? '';
  const named = styles ? (/<office:styles>([\s\S]*?)<\/office:styles>/.exec(styles)?.[1] ?? '') : '';
  const escape = (name: string) => name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const cellStyles = dataStyles
    .map((name, index) => `<style:style style:name="__baibao${index}" style:family="table-cell" style:data-style-name="${escape(name)}"/>`)
    .join('');
  const cells = dataStyles
    .map(
      (_, index) =>
        `<table:table-cell table:style-name="__baibao${index}" office:value-type="float" office:value="0"><text:p>0</text:p></table:table-cell>`,
    )
    .join('');
  const flat =
    `<?xml version="1.0" encoding="UTF-8"?>${root.replace('office:document-content', 'office:document')}` +
    `<office:styles>${named}</office:styles><office:automatic-styles>${automatic}${cellStyles}</office:automatic-styles>` +
    `<office:body><office:spreadsheet><table:table table:name="f"><table:table-row>${cells}</table:table-row></table:table></office:spreadsheet></office:body></office:document>`;
  try {
    const sheet = readSheetJs(flat, { type: 'string', cellNF: true }).Sheets.f;
    dataStyles.forEach((name, index) => {
      const format = (sheet?.[cellAddress(index)] as { z?: unknown } | undefined)?.z;
      if (typeof format === 'string' && format !== 'General') out.set(name, format);
    });
  } catch {
    // A number style SheetJS cannot convert leaves those cells as SheetJS read them.
  }
  return out;
}

function cellAddress(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return `${name}1`;
}

function textOf(cell: ExcelJS.Cell): string {
  const value = cell.value as unknown;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'result' in value && typeof value.result === 'string') return value.result;
  return '';
}

/**
 * Reads the styles of the ODS `bytes` onto `workbook` (SheetJS's reading of the same bytes, one
 * worksheet per table in order). Returns what is still not read, or undefined when the styles
 * could not be read at all (then the workbook is left as it was).
 */
export function applyOdsStyles(workbook: ExcelJS.Workbook, bytes: Uint8Array): OdsLoss[] | undefined {
  let content: string;
  let stylesXml: string | undefined;
  let table: OdsStyleTable;
  try {
    const files = unzipSync(bytes, { filter: (file) => file.name === 'content.xml' || file.name === 'styles.xml' });
    if (!files['content.xml']) return undefined;
    content = strFromU8(files['content.xml']);
    stylesXml = files['styles.xml'] ? strFromU8(files['styles.xml']) : undefined;
    const ownStyles = contentStylesPart(content);
    if (!ownStyles) return undefined;
    table = new OdsStyleTable(stylesXml ? [stylesXml, ownStyles] : [ownStyles]);
  } catch {
    return undefined;
  }

  const fallback = table.has('Default') ? 'Default' : undefined;
  const dataStyles = new Set<string>();
  /** Cells whose number format comes from an inherited number style, by sheet, converted at the end. */
  const pending: Array<Array<[ExcelJS.Cell, string]>> = [];
  let blankBudget = BLANK_CELLS;
  let conditionalStyles = false;

  let sheet: ExcelJS.Worksheet | undefined;
  let bounds = { rows: 0, cols: 0 };
  let columns: Array<{ start: number; count: number; style?: string; defaultCell?: string; hidden: boolean }> = [];
  let rows: Array<{ start: number; count: number; style?: string; defaultCell?: string; hidden: boolean }> = [];
  let rowDefault: string | undefined;
  let cellsNeedingFormat: Array<[ExcelJS.Cell, string]> = [];

  const columnDefault = (col: number) => {
    for (const run of columns) if (col >= run.start && col < run.start + run.count) return run.defaultCell;
    return undefined;
  };
  const styleAt = (explicit: string | undefined, col: number) => explicit ?? rowDefault ?? columnDefault(col) ?? fallback;

  /** What a style name means for a cell, worked out once per name (a sheet has millions of cells, a few styles). */
  interface NameInfo {
    conditional: boolean;
    dataStyle?: string;
    general: boolean;
    western?: OdsCellStyle;
    asian?: OdsCellStyle;
    merged: Map<string, Partial<ExcelJS.Style>>;
  }
  const infos = new Map<string | undefined, NameInfo>();
  const infoOf = (name: string | undefined): NameInfo => {
    let info = infos.get(name);
    if (!info) {
      const dataStyle = table.dataStyle(name);
      info = {
        conditional: table.conditional(name),
        general: dataStyle !== undefined && table.isGeneral(dataStyle),
        merged: new Map(),
        ...(dataStyle ? { dataStyle } : {}),
      };
      const western = table.cellStyle(name, false);
      const asian = table.cellStyle(name, true);
      if (western) info.western = western;
      if (asian) info.asian = asian;
      infos.set(name, info);
    }
    return info;
  };

  const put = (cell: ExcelJS.Cell, name: string | undefined, cjk: boolean) => {
    const info = infoOf(name);
    if (info.conditional) conditionalStyles = true;
    const read = cell.numFmt as string | undefined;
    const sheetJsDefault = read === 'm/d/yy' || read === 'HH:MM:SS';
    // SheetJS turns LibreOffice's and Excel's "General" number style (N0) into "0", which rounds 1.5 to 2.
    const own = info.general && !sheetJsDefault ? undefined : read;
    if (info.dataStyle && !info.general && (!own || sheetJsDefault)) {
      dataStyles.add(info.dataStyle);
      cellsNeedingFormat.push([cell, info.dataStyle]);
    }
    const style = cjk ? info.asian : info.western;
    if (!style && own === read) return;
    const key = `${cjk ? 'a' : 'w'}${own ?? ''}`;
    let merged = info.merged.get(key);
    if (!merged) {
      merged = own ? { ...style, numFmt: own } : { ...style };
      info.merged.set(key, merged);
    }
    cell.style = merged;
  };

  const finishSheet = () => {
    if (!sheet) return;
    const target = sheet;
    const lastRow = Math.max(target.rowCount, bounds.rows);
    const lastCol = Math.max(target.columnCount, bounds.cols);
    let defaultRowSet = false;
    for (const run of rows) {
      const height = table.rowHeightPt(run.style);
      const end = run.start + run.count;
      for (let r = run.start; r < Math.min(end, lastRow); r += 1) {
        const row = target.getRow(r + 1);
        if (height) row.height = Math.round(height * 100) / 100;
        if (run.hidden) row.hidden = true;
      }
      if (end > lastRow && !defaultRowSet && height) {
        target.properties.defaultRowHeight = Math.round(height * 100) / 100;
        defaultRowSet = true;
      }
    }
    const shownCols = Math.max(lastCol + 5, 26);
    let defaultColSet = false;
    for (const run of columns) {
      const width = table.columnWidthPt(run.style);
      const end = run.start + run.count;
      for (let c = run.start; c < Math.min(end, shownCols); c += 1) {
        const column = target.getColumn(c + 1);
        if (width) column.width = widthChars(width);
        if (run.hidden) column.hidden = true;
      }
      if (end > shownCols && !defaultColSet && width) {
        target.properties.defaultColWidth = widthChars(width);
        defaultColSet = true;
      }
    }
    applyLineStyles(target);
    pending.push(cellsNeedingFormat);
  };

  /**
   * A default cell style other than the sheet's plain one, as exceljs keeps a row's or column's
   * format: one object per name, its number format put on once the number styles are converted.
   */
  const lineStyles = new Map<string, Partial<ExcelJS.Style> | undefined>();
  const linesNeedingFormat: Array<[Partial<ExcelJS.Style>, string]> = [];
  const lineStyle = (name: string | undefined) => {
    if (!name || name === fallback) return undefined;
    if (lineStyles.has(name)) return lineStyles.get(name);
    const info = infoOf(name);
    const numbered = info.dataStyle && !info.general ? info.dataStyle : undefined;
    const style = info.western || numbered ? { ...info.western } : undefined;
    if (style && numbered) {
      dataStyles.add(numbered);
      linesNeedingFormat.push([style, numbered]);
    }
    lineStyles.set(name, style);
    return style;
  };
  // Rows and columns with a default cell style of their own: their empty cells show it, and a value typed there takes it.
  const applyLineStyles = (target: ExcelJS.Worksheet) => {
    for (const run of columns) {
      const style = lineStyle(run.defaultCell);
      if (!style) continue;
      for (let c = run.start; c < Math.min(run.start + run.count, MAX_COLUMNS); c += 1) target.getColumn(c + 1).style = style;
    }
    for (const run of rows) {
      const style = lineStyle(run.defaultCell);
      // The run LibreOffice writes down to the sheet's last row is left out, as for blank cells.
      if (!style || run.count > BLANK_RUN_CELLS) continue;
      for (let r = run.start; r < run.start + run.count; r += 1) (target.getRow(r + 1) as StyledRow).style = style;
    }
  };

  let facts;
  try {
    facts = walkOdsContent(content, {
      table(index) {
        sheet = workbook.worksheets[index];
        // exceljs counts cells, not the repeated empty ones LibreOffice writes to the sheet's end.
        bounds = sheet ? { rows: sheet.rowCount, cols: sheet.columnCount } : { rows: 0, cols: 0 };
        columns = [];
        rows = [];
        cellsNeedingFormat = [];
      },
      column(start, count, style, defaultCell, hidden) {
        columns.push({ start, count, ...(style ? { style } : {}), ...(defaultCell ? { defaultCell } : {}), hidden });
      },
      row(start, count, style, defaultCell, hidden) {
        rowDefault = defaultCell;
        rows.push({ start, count, ...(style ? { style } : {}), ...(defaultCell ? { defaultCell } : {}), hidden });
      },
      cell(row, rowCount, col, colCount, explicit, content) {
        if (!sheet || row < 0 || col < 0) return;
        const target = sheet;
        if (content) {
          const lastRow = Math.min(row + rowCount, bounds.rows);
          const lastCol = Math.min(col + colCount, bounds.cols);
          for (let r = row; r < lastRow; r += 1) {
            const found = target.findRow(r + 1);
            if (!found) continue;
            for (let c = col; c < lastCol; c += 1) {
              const cell = found.findCell(c + 1);
              if (cell && cell.value !== null && cell.value !== undefined) put(cell, styleAt(explicit, c), CJK.test(textOf(cell)));
            }
          }
          return;
        }
        if (rowCount * colCount > BLANK_RUN_CELLS || rowCount * colCount > blankBudget) return;
        for (let c = col; c < col + colCount; c += 1) {
          const name = styleAt(explicit, c);
          // The row's or column's own style draws these (applyLineStyles), with no cells to make.
          if (!explicit && lineStyle(name)) continue;
          if (!table.visibleWhenBlank(name)) continue;
          for (let r = row; r < row + rowCount; r += 1) {
            const cell = target.getCell(r + 1, c + 1);
            if (cell.value === null || cell.value === undefined) put(cell, name, false);
            blankBudget -= 1;
          }
        }
      },
      tableEnd: finishSheet,
    });
  } catch {
    return undefined;
  }

  const formats = numberFormats(content, stylesXml, [...dataStyles]);
  const withFormat = new Map<object, Map<string, Partial<ExcelJS.Style>>>();
  for (const cells of pending) {
    for (const [cell, dataStyle] of cells) {
      const format = formats.get(dataStyle);
      if (!format) continue;
      const byFormat = withFormat.get(cell.style) ?? new Map<string, Partial<ExcelJS.Style>>();
      withFormat.set(cell.style, byFormat);
      const style = byFormat.get(format) ?? { ...cell.style, numFmt: format };
      byFormat.set(format, style);
      cell.style = style;
    }
  }

  for (const [style, dataStyle] of linesNeedingFormat) {
    const format = formats.get(dataStyle);
    if (format) style.numFmt = format;
  }

  const lost: OdsLoss[] = [];
  if (facts.conditional || conditionalStyles) lost.push('conditional');
  if (facts.partialText) lost.push('partialText');
  return lost;
}
