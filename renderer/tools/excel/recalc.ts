/**
 * Recalculation of an exceljs workbook after edits: which formulas depend on a changed cell (an
 * index of every formula's precedents, by column and block of rows), their order (dependencies
 * first, without recursion, so a 50,000-row chain cannot overflow the stack), and their new cached
 * values. Formulas nothing changed under keep the values the file had. A cycle is not iterated:
 * its cells (and what depends on them) become 0, as Excel shows them, and are reported.
 */
import ExcelJS from 'exceljs';
import { dateToSerial } from './cell-text';
import { cellValue, setFormulaResult } from './cell-value';
import { Evaluator, errorOf, precedentsOf } from './formula-eval';
import { cellAddress } from './model';
import type { Area, Sheets, Value } from './formula-eval';

/** Rows per index block: a changed cell is checked against the formulas reading its column's block. */
const BLOCK_ROWS = 128;
/** Areas wider than this many columns or taller than this many blocks are checked against every change on their sheet. */
const WIDE_COLS = 64;
const TALL_BLOCKS = 1024;

type Key = string;
const keyOf = (sheet: number, r: number, c: number): Key => `${sheet}:${r}:${c}`;

interface Node {
  sheet: number;
  r: number;
  c: number;
  areas: Area[];
}

export interface Changed {
  /** Worksheet id. */
  sheet: number;
  r: number;
  c: number;
  /** Compute this cell's own formula too (false for a cell whose value undo just put back). */
  self: boolean;
}

const formulaText = (cell: ExcelJS.Cell | undefined): string | undefined => {
  const value = (cell ? cellValue(cell) : undefined) as
    { formula?: unknown; sharedFormula?: unknown; shareType?: string } | null | undefined;
  if (!value || typeof value !== 'object' || !('formula' in value || 'sharedFormula' in value)) return undefined;
  // Array formulas keep the values the file has: their spill is Excel's to compute.
  if (value.shareType === 'array') return undefined;
  return cell!.formula || undefined;
};

export class Recalc implements Sheets {
  private nodes: Map<Key, Node> | undefined;
  private readonly buckets = new Map<string, Set<Key>>();
  private readonly wide = new Map<number, Set<Key>>();
  private readonly circular = new Set<Key>();
  private readonly evaluator = new Evaluator(this);

  constructor(
    private readonly workbook: ExcelJS.Workbook,
    private readonly date1904: boolean,
  ) {}

  /** Drops the index after a change that moves cells or sheets; it is rebuilt at the next edit. */
  invalidate(): void {
    this.nodes = undefined;
    this.buckets.clear();
    this.wide.clear();
    this.circular.clear();
  }

  /** The first cell of a reference cycle the last calculations met, as `Sheet!A1`. */
  get circularCell(): string | undefined {
    const first = this.circular.values().next().value;
    if (!first) return undefined;
    const [sheet, r, c] = first.split(':').map(Number) as [number, number, number];
    return `${this.workbook.getWorksheet(sheet)?.name ?? ''}!${cellAddress(r, c)}`;
  }

  // Sheets, for the evaluator.
  sheetId(name: string): number | undefined {
    const lower = name.toLowerCase();
    return this.workbook.worksheets.find((sheet) => sheet.name.toLowerCase() === lower)?.id;
  }

  extent(sheet: number): { rows: number; cols: number } {
    const found = this.workbook.getWorksheet(sheet);
    return { rows: Math.max(1, found?.rowCount ?? 1), cols: Math.max(1, found?.columnCount ?? 1) };
  }

  value(sheet: number, r: number, c: number): Value {
    const cell = this.workbook.getWorksheet(sheet)?.findCell(r, c);
    if (!cell || cell.type === ExcelJS.ValueType.Merge) return null;
    return this.plain(cellValue(cell));
  }

  definedName(name: string): string | undefined {
    const ranges = (this.workbook.definedNames as unknown as { getRanges(name: string): { ranges: string[] } }).getRanges(name);
    return ranges.ranges.length === 1 ? ranges.ranges[0] : undefined;
  }

  private plain(value: ExcelJS.CellValue | undefined): Value {
    if (value === null || value === undefined) return null;
    if (value instanceof Date) return dateToSerial(value, this.date1904);
    if (typeof value !== 'object') return value;
    const object = value as unknown as Record<string, unknown>;
    if ('formula' in object || 'sharedFormula' in object) return this.plain(object.result as ExcelJS.CellValue);
    if ('error' in object) return errorOf(String(object.error));
    if (Array.isArray(object.richText)) return (object.richText as Array<{ text?: string }>).map((run) => run.text ?? '').join('');
    if ('text' in object) return this.plain(object.text as ExcelJS.CellValue);
    return null;
  }

  private bucketKeys(area: Area): string[] | undefined {
    const firstBlock = Math.floor(area.top / BLOCK_ROWS);
    const lastBlock = Math.floor(area.bottom / BLOCK_ROWS);
    if (area.right - area.left >= WIDE_COLS || lastBlock - firstBlock >= TALL_BLOCKS) return undefined;
    const keys: string[] = [];
    for (let c = area.left; c <= area.right; c += 1)
      for (let block = firstBlock; block <= lastBlock; block += 1) keys.push(`${area.sheet}:${c}:${block}`);
    return keys;
  }

  private index(key: Key, node: Node | undefined): void {
    const nodes = this.ensureIndex();
    const old = nodes.get(key);
    for (const area of old?.areas ?? []) {
      const keys = this.bucketKeys(area);
      if (keys) keys.forEach((bucket) => this.buckets.get(bucket)?.delete(key));
      else this.wide.get(area.sheet)?.delete(key);
    }
    if (!node) {
      nodes.delete(key);
      return;
    }
    nodes.set(key, node);
    for (const area of node.areas) {
      const keys = this.bucketKeys(area);
      const sets = keys ? keys.map((bucket) => this.setIn(this.buckets, bucket)) : [this.setIn(this.wide, area.sheet)];
      sets.forEach((set) => set.add(key));
    }
  }

  private setIn<K>(map: Map<K, Set<Key>>, key: K): Set<Key> {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    return set;
  }

  private nodeOf(sheet: number, r: number, c: number, formula: string): Node {
    return { sheet, r, c, areas: precedentsOf(formula, sheet, this) };
  }

  private ensureIndex(): Map<Key, Node> {
    if (this.nodes) return this.nodes;
    this.nodes = new Map();
    for (const sheet of this.workbook.worksheets)
      sheet.eachRow((row, r) =>
        row.eachCell((cell, c) => {
          const formula = formulaText(cell);
          if (formula) this.index(keyOf(sheet.id, r, c), this.nodeOf(sheet.id, r, c, formula));
        }),
      );
    return this.nodes;
  }

  /** The formulas that read (sheet, r, c). */
  private readers(sheet: number, r: number, c: number): Key[] {
    const nodes = this.ensureIndex();
    const out: Key[] = [];
    const check = (key: Key) => {
      if (
        nodes.get(key)!.areas.some((area) => area.sheet === sheet && area.top <= r && r <= area.bottom && area.left <= c && c <= area.right)
      )
        out.push(key);
    };
    this.buckets.get(`${sheet}:${c}:${Math.floor(r / BLOCK_ROWS)}`)?.forEach(check);
    this.wide.get(sheet)?.forEach(check);
    return out;
  }

  /** The formula cells that read any cell of `area` (before a delete removes those cells). */
  readersOfArea(area: Area): Array<{ sheet: number; r: number; c: number }> {
    const out: Array<{ sheet: number; r: number; c: number }> = [];
    for (const node of this.ensureIndex().values())
      if (
        node.areas.some(
          (read) =>
            read.sheet === area.sheet &&
            read.top <= area.bottom &&
            area.top <= read.bottom &&
            read.left <= area.right &&
            area.left <= read.right,
        )
      )
        out.push({ sheet: node.sheet, r: node.r, c: node.c });
    return out;
  }

  /**
   * Cells whose value or formula changed: their index entries are brought up to date, then every
   * formula that depends on them (and the changed formulas themselves, unless `self` is false) is
   * computed again, precedents first.
   */
  recalc(changed: Changed[]): void {
    const nodes = this.ensureIndex();
    const dirty = new Set<Key>();
    const queue: Key[] = [];
    for (const { sheet, r, c, self } of changed) {
      const key = keyOf(sheet, r, c);
      const formula = formulaText(this.workbook.getWorksheet(sheet)?.findCell(r, c));
      this.index(key, formula ? this.nodeOf(sheet, r, c, formula) : undefined);
      this.circular.delete(key);
      if (formula && self) dirty.add(key);
      queue.push(key);
    }
    // Edges among the formulas to compute: precedent → its readers.
    const readersOf = new Map<Key, Key[]>();
    const waiting = new Map<Key, number>();
    const seen = new Set<Key>(queue);
    for (let i = 0; i < queue.length; i += 1) {
      const key = queue[i]!;
      const [sheet, r, c] = key.split(':').map(Number) as [number, number, number];
      const readers = this.readers(sheet, r, c);
      readersOf.set(key, readers);
      for (const reader of readers) {
        dirty.add(reader);
        if (!seen.has(reader)) {
          seen.add(reader);
          queue.push(reader);
        }
      }
    }
    for (const key of dirty) waiting.set(key, 0);
    for (const [from, readers] of readersOf)
      if (dirty.has(from)) for (const reader of readers) waiting.set(reader, waiting.get(reader)! + 1);
    const ready = [...dirty].filter((key) => waiting.get(key) === 0);
    const done = new Set<Key>();
    while (ready.length > 0) {
      const key = ready.pop()!;
      done.add(key);
      this.compute(nodes.get(key)!);
      this.circular.delete(key);
      for (const reader of readersOf.get(key) ?? []) {
        const left = waiting.get(reader)! - 1;
        waiting.set(reader, left);
        if (left === 0) ready.push(reader);
      }
    }
    for (const key of dirty) {
      if (done.has(key)) continue;
      this.circular.add(key);
      const { sheet, r, c } = nodes.get(key)!;
      this.store(sheet, r, c, 0);
    }
  }

  private compute(node: Node): void {
    const formula = formulaText(this.workbook.getWorksheet(node.sheet)?.findCell(node.r, node.c));
    if (!formula) return;
    this.store(node.sheet, node.r, node.c, this.evaluator.cell(formula, node.sheet, node.r, node.c));
  }

  private store(sheet: number, r: number, c: number, value: Value): void {
    const cell = this.workbook.getWorksheet(sheet)!.getCell(r, c);
    setFormulaResult(cell, (value instanceof Error ? { error: value.message } : value) as ExcelJS.CellFormulaValue['result']);
  }
}
