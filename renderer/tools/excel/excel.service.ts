/**
 * One open workbook: the grid's windows of cells, edits with undo/redo, find and export. Runs in
 * the tool's worker (and under Node in tests); the page only ever sees small windows of cells.
 */
import ExcelJS from 'exceljs';
import { editorText, formatValue, parseInput, scalarOf } from './cell-text';
import { cellValue, setCellValue } from './cell-value';
import { parseThemePalette } from './colors';
import { gbk, toDelimited, utf8WithBom } from './csv';
import { renameSheetIn, shiftFormula } from './formula-shift';
import type { LineChange } from './formula-shift';
import type { LineRefs } from './line-refs';
import { captureRefs, restoreRefs, rewriteRefs, shiftRefs } from './line-refs';
import { shiftMerges } from './merges';
import { Recalc } from './recalc';
import type { BookInfo, BookNotes, CellView, CellWindow, CsvEncoding, Merge, SheetInfo, WindowRequest } from './model';
import { StyleTable, mapStyle, showsWhenBlank } from './style-map';
import { columnStyle, keepStyledEmptyRows, lineStyleAt, rowStyle } from './line-styles';
import type { StyledRow } from './line-styles';
import type { ExcelStyleLike } from './style-map';

const PT_TO_PX = 96 / 72;
const DEFAULT_ROW_PT = 15;
const DEFAULT_COL_CHARS = 8.43;
/** Blank rows and columns shown past the used range, so there is somewhere to type. */
const SPARE_ROWS = 50;
const SPARE_COLS = 5;
const MIN_ROWS = 100;
const MIN_COLS = 26;
const MAX_UNDO = 200;
const MAX_ROW = 1_048_576;
const MAX_COLUMN = 16_384;

const widthPx = (chars: number) => Math.round(chars * 7 + 5);

interface Step {
  undo: () => void;
  redo: () => void;
}

interface Snapshot {
  value: ExcelJS.CellValue;
  style: Partial<ExcelJS.Style>;
}

interface LineCapture {
  size?: number;
  hidden: boolean;
  /** The row's or column's own format. */
  style?: Partial<ExcelJS.Style>;
  cells: Array<{ at: number } & Snapshot>;
}

/** A formula as it stood before a row or column change, so undo puts its text and cached value back. */
interface FormulaAt {
  sheet: number;
  r: number;
  c: number;
  value: ExcelJS.CellFormulaValue;
}

const formulaOf = (value: ExcelJS.CellValue): ExcelJS.CellFormulaValue | undefined =>
  value && typeof value === 'object' && 'formula' in value && typeof value.formula === 'string'
    ? (value as ExcelJS.CellFormulaValue)
    : undefined;

type Sheet = ExcelJS.Worksheet & {
  _merges: Record<string, { model: Merge }>;
  _columns?: Array<ExcelJS.Column | undefined>;
};

export class WorkbookSession {
  private readonly theme: string[];
  private readonly date1904: boolean;
  private readonly styles: StyleTable;
  private readonly styleIds = new WeakMap<object, number | undefined>();
  private readonly undoStack: Step[] = [];
  private readonly redoStack: Step[] = [];
  private version: number;
  private sharedFormulasExpanded = false;
  private readonly calc: Recalc;

  /**
   * `replacing` is the quick preview this session takes over from: the new session's version is
   * past the preview's, so the grid fetches its cells again, and it shares the preview's style ids,
   * so the preview's cells the grid still shows meanwhile keep their looks. `notes` say what the
   * file had that is not kept (styles SheetJS cannot read, macros).
   */
  constructor(
    private readonly workbook: ExcelJS.Workbook,
    readonly format: string,
    replacing?: WorkbookSession,
    private readonly notes?: BookNotes,
  ) {
    this.styles = replacing?.styles ?? new StyleTable();
    this.version = replacing ? replacing.version + 1 : 0;
    const themes = (workbook as unknown as { _themes?: Record<string, string> })._themes;
    this.theme = parseThemePalette(themes?.theme1);
    this.date1904 = Boolean(workbook.properties?.date1904);
    this.calc = new Recalc(workbook, this.date1904);
  }

  private sheet(index: number): Sheet {
    const sheet = this.workbook.worksheets[index];
    if (!sheet) throw new Error(`no sheet ${index}`);
    return sheet as Sheet;
  }

  private merges(sheet: Sheet): Merge[] {
    return Object.values(sheet._merges ?? {}).map(({ model }) => ({
      top: model.top,
      left: model.left,
      bottom: model.bottom,
      right: model.right,
    }));
  }

  sheetInfo(index: number): SheetInfo {
    const sheet = this.sheet(index);
    const merges = this.merges(sheet);
    const usedRows = Math.max(sheet.rowCount, ...merges.map((merge) => merge.bottom), 0);
    const usedCols = Math.max(sheet.columnCount, ...merges.map((merge) => merge.right), 0);
    const rows = Math.max(usedRows + SPARE_ROWS, MIN_ROWS);
    const cols = Math.max(usedCols + SPARE_COLS, MIN_COLS);
    const defaultRow = Math.round((sheet.properties.defaultRowHeight || DEFAULT_ROW_PT) * PT_TO_PX);
    const defaultCol = widthPx(sheet.properties.defaultColWidth || DEFAULT_COL_CHARS);
    const rowHeights = new Array<number>(rows).fill(defaultRow);
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      if (number > rows) return;
      if (row.hidden) rowHeights[number - 1] = 0;
      else if (row.height) rowHeights[number - 1] = Math.round(row.height * PT_TO_PX);
    });
    const colWidths = new Array<number>(cols).fill(defaultCol);
    (sheet._columns ?? []).forEach((column, index) => {
      if (!column || index >= cols) return;
      if (column.hidden) colWidths[index] = 0;
      else if (column.width) colWidths[index] = widthPx(column.width);
    });
    const view = sheet.views?.[0] as (Partial<ExcelJS.WorksheetViewFrozen> & { state?: string }) | undefined;
    const frozen = view?.state === 'frozen';
    return {
      name: sheet.name,
      rows,
      cols,
      colWidths,
      rowHeights,
      frozenRows: frozen ? (view.ySplit ?? 0) : 0,
      frozenCols: frozen ? (view.xSplit ?? 0) : 0,
      merges,
    };
  }

  info(): BookInfo {
    return {
      format: this.format,
      sheets: this.workbook.worksheets.map((_sheet, index) => this.sheetInfo(index)),
      version: this.version,
      canUndo: this.undoStack.length > 0,
      canRedo: this.redoStack.length > 0,
      circular: this.calc.circularCell,
      ...(this.notes ? { notes: this.notes } : {}),
    };
  }

  private styleId(style: object | undefined): number | undefined {
    if (!style) return undefined;
    if (this.styleIds.has(style)) return this.styleIds.get(style);
    const id = this.styles.idOf(mapStyle(style as ExcelStyleLike, this.theme));
    this.styleIds.set(style, id);
    return id;
  }

  private view(cell: ExcelJS.Cell, r: number, c: number): CellView | undefined {
    const text = formatValue(cellValue(cell), cell.numFmt, this.date1904);
    const style = this.styleId(cell.style);
    if (!text && style === undefined) return undefined;
    const scalar = scalarOf(cellValue(cell));
    const out: CellView = { r, c, text };
    if (style !== undefined) out.style = style;
    if (typeof scalar === 'number' || scalar instanceof Date) out.numeric = true;
    return out;
  }

  /** The cells of a rectangle, plus the top-left cell of every merge that reaches into it. */
  window({ sheet: index, top, bottom, left, right }: WindowRequest): CellWindow {
    const sheet = this.sheet(index);
    const covered = new Set<string>();
    const cells: CellView[] = [];
    for (const merge of this.merges(sheet)) {
      if (merge.bottom < top || merge.top > bottom || merge.right < left || merge.left > right) continue;
      for (let r = Math.max(merge.top, top); r <= Math.min(merge.bottom, bottom); r += 1)
        for (let c = Math.max(merge.left, left); c <= Math.min(merge.right, right); c += 1) covered.add(`${r},${c}`);
      const anchor = this.view(sheet.getCell(merge.top, merge.left), merge.top, merge.left) ?? { r: merge.top, c: merge.left, text: '' };
      cells.push({ ...anchor, rowSpan: merge.bottom - merge.top + 1, colSpan: merge.right - merge.left + 1 });
    }
    // Empty cells show their row's format, else their column's, when it has a fill or lines.
    const shown = (style: object | undefined) => {
      const id = this.styleId(style);
      return id !== undefined && showsWhenBlank(this.styles.get(id)) ? id : undefined;
    };
    const columnIds: Array<number | undefined> = [];
    for (let c = left; c <= right; c += 1) columnIds[c - left] = shown(columnStyle(sheet, c));
    const anyColumn = columnIds.some((id) => id !== undefined);
    for (let r = top; r <= bottom; r += 1) {
      const row = sheet.findRow(r);
      const own = rowStyle(sheet, r);
      const rowId = own ? shown(own) : undefined;
      if (!row && !anyColumn) continue;
      for (let c = left; c <= right; c += 1) {
        if (covered.has(`${r},${c}`)) continue;
        const cell = row?.findCell(c);
        if (cell) {
          const view = this.view(cell, r, c);
          if (view) cells.push(view);
          continue;
        }
        const blank = own ? rowId : columnIds[c - left];
        if (blank !== undefined) cells.push({ r, c, text: '', style: blank });
      }
    }
    const styles: CellWindow['styles'] = {};
    for (const cell of cells) if (cell.style !== undefined) styles[cell.style] = this.styles.get(cell.style);
    return { cells, styles };
  }

  /** What the formula bar shows for a cell. */
  cellInput(index: number, r: number, c: number): string {
    const cell = this.sheet(index).findCell(r, c);
    if (!cell) return '';
    return editorText(cellValue(cell), cell.type === ExcelJS.ValueType.Formula ? cell.formula : undefined, cell.numFmt, this.date1904);
  }

  private record(step: Step): BookInfo {
    step.redo();
    this.undoStack.push(step);
    if (this.undoStack.length > MAX_UNDO) this.undoStack.shift();
    this.redoStack.length = 0;
    this.version += 1;
    return this.info();
  }

  /**
   * exceljs writes a shared formula's copies relative to its first cell; once that cell is edited
   * the copies would break, so every copy becomes a formula of its own before the first edit.
   */
  private expandSharedFormulas(): void {
    if (this.sharedFormulasExpanded) return;
    this.sharedFormulasExpanded = true;
    for (const sheet of this.workbook.worksheets) {
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          const value = cellValue(cell) as { sharedFormula?: string; result?: unknown } | null;
          if (value && typeof value === 'object' && 'sharedFormula' in value) {
            setCellValue(cell, { formula: cell.formula, result: value.result } as ExcelJS.CellFormulaValue);
          }
        }),
      );
    }
  }

  /**
   * Sets a cell from what was typed (`=…` is a formula) and computes again what depends on it; a
   * new formula gets its value here too. Undo puts the old value back as it was (a formula with the
   * file's cached value) and computes its dependents again.
   */
  setCell(index: number, r: number, c: number, input: string): BookInfo {
    this.expandSharedFormulas();
    const sheet = this.sheet(index);
    const existed = sheet.findCell(r, c) !== undefined;
    const cell = sheet.getCell(r, c);
    // A new cell takes its row's or column's format, as in Excel (exceljs would mix the two).
    const lineStyle = existed ? undefined : lineStyleAt(sheet, r, c);
    if (lineStyle) cell.style = lineStyle;
    const before = cellValue(cell);
    const parsed = parseInput(input);
    const after: ExcelJS.CellValue = 'formula' in parsed ? ({ formula: parsed.formula } as ExcelJS.CellFormulaValue) : parsed.value;
    // Excel recalculates on load too, for what this engine does not compute (array formulas, functions it lacks).
    if ('formula' in parsed) this.workbook.calcProperties.fullCalcOnLoad = true;
    return this.record({
      redo: () => {
        setCellValue(sheet.getCell(r, c), after);
        this.calc.recalc([{ sheet: sheet.id, r, c, self: true }]);
      },
      undo: () => {
        setCellValue(sheet.getCell(r, c), before);
        this.calc.recalc([{ sheet: sheet.id, r, c, self: false }]);
      },
    });
  }

  private captureRows(sheet: Sheet, at: number, count: number): LineCapture[] {
    return Array.from({ length: count }, (_, offset) => {
      const row = sheet.findRow(at + offset);
      const cells: LineCapture['cells'] = [];
      row?.eachCell({ includeEmpty: true }, (cell, column) => {
        if (cell.type === ExcelJS.ValueType.Merge) return;
        cells.push({ at: column, value: cellValue(cell), style: structuredClone(cell.style) });
      });
      return { size: row?.height, hidden: Boolean(row?.hidden), style: rowStyle(sheet, at + offset), cells };
    });
  }

  private captureCols(sheet: Sheet, at: number, count: number): LineCapture[] {
    return Array.from({ length: count }, (_, offset) => {
      const column = sheet._columns?.[at + offset - 1];
      const cells: LineCapture['cells'] = [];
      sheet.eachRow((row, r) => {
        const cell = row.findCell(at + offset);
        if (cell && cell.type !== ExcelJS.ValueType.Merge)
          cells.push({ at: r, value: cellValue(cell), style: structuredClone(cell.style) });
      });
      return { size: column?.width, hidden: Boolean(column?.hidden), style: columnStyle(sheet, at + offset), cells };
    });
  }

  private remerge(sheet: Sheet, next: Merge[]): void {
    for (const merge of this.merges(sheet)) sheet.unMergeCells(merge.top, merge.left, merge.bottom, merge.right);
    for (const merge of next) sheet.mergeCells(merge.top, merge.left, merge.bottom, merge.right);
  }

  private spliceLines(index: number, axis: 'row' | 'col', at: number, delta: number, restore?: LineCapture[]): void {
    const sheet = this.sheet(index);
    const next = shiftMerges(this.merges(sheet), axis, at, delta);
    for (const merge of this.merges(sheet)) sheet.unMergeCells(merge.top, merge.left, merge.bottom, merge.right);
    const blanks = delta > 0 ? Array.from({ length: delta }, () => [] as ExcelJS.CellValue[]) : [];
    if (axis === 'row') sheet.spliceRows(at, Math.max(0, -delta), ...blanks);
    else sheet.spliceColumns(at, Math.max(0, -delta), ...blanks);
    restore?.forEach((line, offset) => {
      const position = at + offset;
      if (axis === 'row') {
        const row = sheet.getRow(position);
        if (line.size) row.height = line.size;
        row.hidden = line.hidden;
        if (line.style) (row as StyledRow).style = line.style;
      } else {
        const column = sheet.getColumn(position);
        if (line.size) column.width = line.size;
        column.hidden = line.hidden;
        if (line.style) column.style = line.style;
      }
      for (const cell of line.cells) {
        const target = axis === 'row' ? sheet.getCell(position, cell.at) : sheet.getCell(cell.at, position);
        setCellValue(target, cell.value);
        target.style = structuredClone(cell.style);
      }
    });
    this.remerge(sheet, next);
  }

  private formulas(): FormulaAt[] {
    const out: FormulaAt[] = [];
    this.workbook.worksheets.forEach((sheet, index) =>
      sheet.eachRow((row, r) =>
        row.eachCell((cell, c) => {
          const value = formulaOf(cellValue(cell));
          if (value) out.push({ sheet: index, r, c, value });
        }),
      ),
    );
    return out;
  }

  /**
   * Every formula in the book, on any sheet, rewritten for rows or columns that moved. A reference
   * that lost its cells becomes #REF!, and so does the formula's cached value, as in Excel.
   */
  private shiftFormulas(change: LineChange): void {
    this.workbook.worksheets.forEach((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          const value = formulaOf(cellValue(cell));
          if (!value) return;
          const formula = shiftFormula(value.formula, sheet.name, change);
          if (formula === value.formula) return;
          const broken = formula.includes('#REF!') && !value.formula.includes('#REF!');
          setCellValue(cell, { ...value, formula, ...(broken ? { result: { error: '#REF!' } } : {}) } as ExcelJS.CellFormulaValue);
          if (broken) this.workbook.calcProperties.fullCalcOnLoad = true;
        }),
      ),
    );
  }

  /** Puts every formula back with the text and cached value it had (dependents may have been computed since). */
  private restoreFormulas(saved: FormulaAt[]): void {
    for (const { sheet, r, c, value } of saved) setCellValue(this.sheet(sheet).getCell(r, c), value);
    this.calc.invalidate();
  }

  /** Inserts `count` blank rows or columns before `at`; formulas everywhere follow the cells they name. */
  insertLines(index: number, axis: 'row' | 'col', at: number, count: number): BookInfo {
    this.expandSharedFormulas();
    const sheet = this.sheet(index);
    const mergesBefore = this.merges(sheet);
    const formulasBefore = this.formulas();
    const refsBefore = captureRefs(this.workbook);
    return this.record({
      redo: () => {
        const change: LineChange = { sheet: this.sheet(index).name, axis, at, delta: count };
        this.spliceLines(index, axis, at, count);
        this.shiftFormulas(change);
        shiftRefs(this.workbook, refsBefore, change);
        // Blank lines change no value: the formulas keep their cached values, only cells moved.
        this.calc.invalidate();
      },
      undo: () => {
        this.spliceLines(index, axis, at, -count);
        this.remerge(this.sheet(index), mergesBefore);
        this.restoreFormulas(formulasBefore);
        restoreRefs(this.workbook, refsBefore);
      },
    });
  }

  deleteLines(index: number, axis: 'row' | 'col', at: number, count: number): BookInfo {
    this.expandSharedFormulas();
    const sheet = this.sheet(index);
    const mergesBefore = this.merges(sheet);
    const formulasBefore = this.formulas();
    const captured = axis === 'row' ? this.captureRows(sheet, at, count) : this.captureCols(sheet, at, count);
    const refsBefore = captureRefs(this.workbook);
    return this.record({
      redo: () => {
        const id = this.sheet(index).id;
        const last = at + count - 1;
        const lost =
          axis === 'row' ? { top: at, bottom: last, left: 1, right: MAX_COLUMN } : { top: 1, bottom: MAX_ROW, left: at, right: last };
        // The formulas that read deleted cells, where they will be once the lines are gone.
        const readers = this.calc
          .readersOfArea({ sheet: id, ...lost })
          .map((cell) => {
            if (cell.sheet !== id) return cell;
            const line = axis === 'row' ? cell.r : cell.c;
            if (line >= at && line <= last) return undefined;
            const moved = line > last ? line - count : line;
            return axis === 'row' ? { ...cell, r: moved } : { ...cell, c: moved };
          })
          .filter((cell) => cell !== undefined);
        const change: LineChange = { sheet: this.sheet(index).name, axis, at, delta: -count };
        this.spliceLines(index, axis, at, -count);
        this.shiftFormulas(change);
        shiftRefs(this.workbook, refsBefore, change);
        this.calc.invalidate();
        this.calc.recalc(readers.map((cell) => ({ ...cell, self: true })));
      },
      undo: () => {
        this.spliceLines(index, axis, at, count, captured);
        this.remerge(this.sheet(index), mergesBefore);
        this.restoreFormulas(formulasBefore);
        restoreRefs(this.workbook, refsBefore);
      },
    });
  }

  /** Excel's rules for a sheet name: 1–31 characters, none of \ / ? * [ ] :, unique ignoring case. */
  nameProblem(name: string, except?: number): 'empty' | 'tooLong' | 'badChar' | 'taken' | undefined {
    const trimmed = name.trim();
    if (!trimmed) return 'empty';
    if (trimmed.length > 31) return 'tooLong';
    if (/[\\/?*[\]:]/.test(trimmed) || trimmed.startsWith("'") || trimmed.endsWith("'")) return 'badChar';
    const lower = trimmed.toLowerCase();
    if (this.workbook.worksheets.some((sheet, index) => index !== except && sheet.name.toLowerCase() === lower)) return 'taken';
    return undefined;
  }

  /**
   * Formulas, names, rule and validation formulas on every sheet that name sheet `from` are
   * pointed at `to`, or made #REF! when the sheet was deleted (`to` null); those formulas are then
   * computed again, and what reads them.
   */
  private renameReferences(from: string, to: string | null, refs: LineRefs): void {
    const changed: Array<{ sheet: number; r: number; c: number; self: boolean }> = [];
    for (const sheet of this.workbook.worksheets)
      sheet.eachRow((row, r) =>
        row.eachCell((cell, c) => {
          const value = formulaOf(cellValue(cell));
          if (!value) return;
          const formula = renameSheetIn(value.formula, from, to);
          if (formula === value.formula) return;
          setCellValue(cell, { ...value, formula } as ExcelJS.CellFormulaValue);
          if (to === null) changed.push({ sheet: sheet.id, r, c, self: true });
        }),
      );
    rewriteRefs(this.workbook, refs, (formula) => renameSheetIn(formula, from, to));
    this.calc.invalidate();
    if (changed.length > 0) {
      this.calc.recalc(changed);
      this.workbook.calcProperties.fullCalcOnLoad = true;
    }
  }

  /** Renames a sheet; references to it everywhere follow, as in Excel. */
  renameSheet(index: number, name: string): BookInfo {
    const sheet = this.sheet(index);
    const before = sheet.name;
    const after = name.trim();
    const formulasBefore = this.formulas();
    const refsBefore = captureRefs(this.workbook);
    return this.record({
      redo: () => {
        sheet.name = after;
        this.renameReferences(before, after, refsBefore);
      },
      undo: () => {
        sheet.name = before;
        this.restoreFormulas(formulasBefore);
        restoreRefs(this.workbook, refsBefore);
      },
    });
  }

  /** Adds a sheet at the end named like Excel would (Sheet2, Sheet3… past the ones taken). */
  addSheet(baseName: string): BookInfo {
    let number = this.workbook.worksheets.length + 1;
    while (this.nameProblem(`${baseName}${number}`)) number += 1;
    const name = `${baseName}${number}`;
    let added: ExcelJS.Worksheet | undefined;
    return this.record({
      redo: () => {
        added = this.workbook.addWorksheet(name);
        this.calc.invalidate();
      },
      undo: () => {
        if (added) this.workbook.removeWorksheet(added.id);
        this.calc.invalidate();
      },
    });
  }

  /**
   * Removes a sheet (never the last one). Undo puts the same worksheet object back in its place:
   * exceljs orders sheets by their own `orderNo`, so its slot and contents come back whole.
   */
  deleteSheet(index: number): BookInfo {
    if (this.workbook.worksheets.length <= 1) return this.info();
    const removed = this.sheet(index);
    const slots = (this.workbook as unknown as { _worksheets: Array<ExcelJS.Worksheet | undefined> })._worksheets;
    const formulasBefore = this.formulas();
    const refsBefore = captureRefs(this.workbook);
    return this.record({
      redo: () => {
        this.workbook.removeWorksheet(removed.id);
        this.renameReferences(removed.name, null, refsBefore);
      },
      undo: () => {
        slots[removed.id] = removed;
        this.restoreFormulas(formulasBefore);
        restoreRefs(this.workbook, refsBefore);
      },
    });
  }

  undo(): BookInfo {
    const step = this.undoStack.pop();
    if (step) {
      step.undo();
      this.redoStack.push(step);
      this.version += 1;
    }
    return this.info();
  }

  redo(): BookInfo {
    const step = this.redoStack.pop();
    if (step) {
      step.redo();
      this.undoStack.push(step);
      this.version += 1;
    }
    return this.info();
  }

  /**
   * The next cell after (r, c), row by row and wrapping round, whose shown text or formula contains
   * `query` (ignoring case); null when none does.
   */
  find(index: number, query: string, fromRow: number, fromCol: number): { r: number; c: number; index: number; count: number } | null {
    const needle = query.toLowerCase();
    if (!needle) return null;
    const sheet = this.sheet(index);
    const hits: Array<{ r: number; c: number }> = [];
    sheet.eachRow((row, r) =>
      row.eachCell((cell, c) => {
        if (cell.type === ExcelJS.ValueType.Merge) return;
        const text = formatValue(cellValue(cell), cell.numFmt, this.date1904).toLowerCase();
        const formula = cell.type === ExcelJS.ValueType.Formula ? cell.formula.toLowerCase() : '';
        if (text.includes(needle) || formula.includes(needle)) hits.push({ r, c });
      }),
    );
    if (hits.length === 0) return null;
    const next = hits.find((hit) => hit.r > fromRow || (hit.r === fromRow && hit.c > fromCol)) ?? hits[0]!;
    return { ...next, index: hits.indexOf(next) + 1, count: hits.length };
  }

  /** The workbook as xlsx: everything read (styles, merges, widths, formats) plus the edits. */
  async exportXlsx(): Promise<Uint8Array> {
    const restore = keepStyledEmptyRows(this.workbook);
    try {
      const buffer = await this.workbook.xlsx.writeBuffer();
      return new Uint8Array(buffer as ArrayBuffer);
    } finally {
      restore();
    }
  }

  /** The shown text of every cell, as Excel's "Save as CSV" writes it. */
  sheetRows(index: number): string[][] {
    const sheet = this.sheet(index);
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, r) => {
      const fields: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, c) => {
        fields[c - 1] = cell.type === ExcelJS.ValueType.Merge ? '' : formatValue(cellValue(cell), cell.numFmt, this.date1904);
      });
      rows[r - 1] = Array.from(fields, (field) => field ?? '');
    });
    return Array.from(rows, (row) => row ?? []);
  }

  async exportCsv(index: number, encoding: CsvEncoding): Promise<Uint8Array> {
    const text = toDelimited(this.sheetRows(index));
    return encoding === 'gbk' ? gbk(text) : utf8WithBom(text);
  }
}
