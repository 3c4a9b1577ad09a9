/**
 * Evaluates one formula as Excel would: @borgar/fx parses it (the same tokenizer that shifts
 * references), @formulajs/formulajs supplies the functions, and this file is the small part in
 * between: references, operators and Excel's coercions. Pure; cells are read through `Sheets`.
 */
import { parse, parseA1Ref, tokenize } from '@borgar/fx/xlsx';
import type { AstExpression } from '@borgar/fx/xlsx';
import type * as FormulaJsModule from '@formulajs/formulajs';

/** A cell's value in a calculation: null is an empty cell; errors are formulajs's own singletons. */
export type Value = number | string | boolean | null | Error;
export type Result = Value | Value[][];

/** A rectangle of cells, 1-based and inclusive, on the sheet with this id. */
export interface Area {
  sheet: number;
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** What the evaluator needs of the workbook. */
export interface Sheets {
  /** The id of a sheet by name (ignoring case); undefined when there is none. */
  sheetId(name: string): number | undefined;
  /** The last used row and column of a sheet, for whole-column and whole-row references. */
  extent(sheet: number): { rows: number; cols: number };
  value(sheet: number, r: number, c: number): Value;
  /** The reference a defined name stands for (`'Sheet 1'!$A$1:$B$3`), undefined when unknown. */
  definedName(name: string): string | undefined;
}

type FormulaJs = typeof FormulaJsModule;
let formulajs: FormulaJs | undefined;
let byCode = new Map<string, Error>();

/**
 * formulajs (with jStat, about 220 KB) is loaded with the first edit, not with the worker, so
 * opening a file never waits for it. Evaluating before it is loaded throws; nothing is guessed.
 */
export async function loadFunctions(): Promise<void> {
  if (formulajs) return;
  const loaded = await import('@formulajs/formulajs');
  byCode = new Map(Object.values(loaded.utils.errors).map((error) => [error.message, error]));
  formulajs = loaded;
}

function library(): FormulaJs {
  if (!formulajs) throw new Error('formula functions are not loaded');
  return formulajs;
}

/** Excel's error values, as formulajs's own singletons (its functions compare them by identity). */
export const errors = {
  get nil() {
    return library().utils.errors.nil;
  },
  get div0() {
    return library().utils.errors.div0;
  },
  get value() {
    return library().utils.errors.value;
  },
  get ref() {
    return library().utils.errors.ref;
  },
  get name() {
    return library().utils.errors.name;
  },
  get num() {
    return library().utils.errors.num;
  },
  get na() {
    return library().utils.errors.na;
  },
};

export function errorOf(code: string): Error {
  return byCode.get(code.toUpperCase()) ?? errors.value;
}

/** Formulas parsed once per text; the same text recurs down a column. */
const parsed = new Map<string, AstExpression | Error>();

export function parseFormula(formula: string): AstExpression | Error {
  let tree = parsed.get(formula);
  if (!tree) {
    try {
      tree = parse(tokenize(formula, { mergeRefs: true }), {}) as AstExpression;
    } catch {
      tree = errors.name;
    }
    if (parsed.size > 20_000) parsed.clear();
    parsed.set(formula, tree);
  }
  return tree;
}

/** A reference's text → the area it covers, or an error (other workbooks, unknown sheets). */
export function areaOf(text: string, hostSheet: number, sheets: Sheets, depth = 0): Area | Error {
  const ref = parseA1Ref(text, { allowNamed: true });
  if (!ref) return errors.ref;
  if ('name' in ref) {
    const target = depth < 4 ? sheets.definedName(ref.name) : undefined;
    return target ? areaOf(target, hostSheet, sheets, depth + 1) : errors.name;
  }
  if (ref.workbookName) return errors.ref;
  const sheet = ref.sheetName ? sheets.sheetId(ref.sheetName) : hostSheet;
  if (sheet === undefined || !('range' in ref) || !ref.range) return errors.ref;
  const { top, left, bottom, right } = ref.range;
  const extent = top === null || left === null || bottom === null || right === null ? sheets.extent(sheet) : undefined;
  return {
    sheet,
    top: (top ?? 0) + 1,
    left: (left ?? 0) + 1,
    bottom: bottom === null || bottom === undefined ? (top === null ? extent!.rows : (top ?? 0) + 1) : bottom + 1,
    right: right === null || right === undefined ? (left === null ? extent!.cols : (left ?? 0) + 1) : right + 1,
  };
}

/** Every area a formula reads (its precedents), for the dependency index. */
export function precedentsOf(formula: string, hostSheet: number, sheets: Sheets): Area[] {
  const out: Area[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const record = node as { type?: string; value?: unknown; arguments?: unknown; elements?: unknown };
    if (record.type === 'ReferenceIdentifier' && typeof record.value === 'string') {
      const area = areaOf(record.value, hostSheet, sheets);
      if (!(area instanceof Error)) out.push(area);
      return;
    }
    walk(record.arguments);
    walk(record.elements);
  };
  const tree = parseFormula(formula);
  if (!(tree instanceof Error)) walk(tree);
  return out;
}

const isError = (value: unknown): value is Error => value instanceof Error;

function toNumber(value: Value): number | Error {
  if (value === null) return 0;
  if (typeof value === 'number' || isError(value)) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const trimmed = value.trim();
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  return errors.value;
}

function toText(value: Value): string | Error {
  if (value === null) return '';
  if (isError(value)) return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/** Excel's ordering: numbers < text < logicals; text ignores case; an empty cell is 0, "" or FALSE. */
function compare(a: Value, b: Value): number {
  const rank = (value: Value) => (typeof value === 'number' ? 0 : typeof value === 'string' ? 1 : 2);
  const left = a === null ? (typeof b === 'string' ? '' : typeof b === 'boolean' ? false : 0) : a;
  const right = b === null ? (typeof a === 'string' ? '' : typeof a === 'boolean' ? false : 0) : b;
  if (rank(left) !== rank(right)) return rank(left) - rank(right);
  if (typeof left === 'string') return left.toLowerCase().localeCompare(String(right).toLowerCase());
  return Number(left) - Number(right);
}

function finite(value: number): number | Error {
  return Number.isFinite(value) ? value : errors.num;
}

function binary(operator: string, a: Value, b: Value): Value {
  if (isError(a)) return a;
  if (isError(b)) return b;
  if (operator === '&') return `${toText(a) as string}${toText(b) as string}`;
  if (['=', '<>', '<', '>', '<=', '>='].includes(operator)) {
    const order = compare(a, b);
    return { '=': order === 0, '<>': order !== 0, '<': order < 0, '>': order > 0, '<=': order <= 0, '>=': order >= 0 }[operator]!;
  }
  const x = toNumber(a);
  const y = toNumber(b);
  if (isError(x)) return x;
  if (isError(y)) return y;
  switch (operator) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      return y === 0 ? errors.div0 : x / y;
    case '^':
      return finite(x ** y);
    default:
      return errors.value;
  }
}

/** Applies an operator cell by cell when either side is an array, as Excel's array maths does. */
function broadcast(a: Result, b: Result, apply: (x: Value, y: Value) => Value): Result {
  if (!Array.isArray(a) && !Array.isArray(b)) return apply(a, b);
  const rows = Math.max(Array.isArray(a) ? a.length : 1, Array.isArray(b) ? b.length : 1);
  const cols = Math.max(Array.isArray(a) ? (a[0]?.length ?? 0) : 1, Array.isArray(b) ? (b[0]?.length ?? 0) : 1);
  const at = (side: Result, r: number, c: number): Value =>
    Array.isArray(side) ? (side[side.length === 1 ? 0 : r]?.[side[0]!.length === 1 ? 0 : c] ?? errors.na) : side;
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => apply(at(a, r, c), at(b, r, c))));
}

/** A function by Excel name: `_xlfn.` prefixes dropped, `NORM.DIST` found as NORM.DIST or NORMDIST. */
function functionOf(name: string): ((...args: unknown[]) => unknown) | undefined {
  const functions = library() as unknown as Record<string, unknown>;
  const bare = name.toUpperCase().replace(/^(_XLFN\.|_XLWS\.)+/, '');
  let found: unknown = functions;
  for (const part of bare.split('.')) found = (found as Record<string, unknown> | undefined)?.[part];
  if (typeof found !== 'function') found = functions[bare.replace(/\./g, '')];
  return typeof found === 'function' ? (found as (...args: unknown[]) => unknown) : undefined;
}

/** formulajs returns Dates from date functions; a cell holds them as Excel's day numbers, read in local time. */
function fromFunction(result: unknown): Result {
  if (result === undefined || result === null) return 0;
  if (result instanceof Date) {
    const utc = Date.UTC(
      result.getFullYear(),
      result.getMonth(),
      result.getDate(),
      result.getHours(),
      result.getMinutes(),
      result.getSeconds(),
    );
    return utc / 86_400_000 + 25_569;
  }
  if (isError(result)) return byCode.get(result.message) ?? errors.value;
  if (typeof result === 'number') return finite(result);
  if (Array.isArray(result))
    return (Array.isArray(result[0]) ? result : [result]).map((row: unknown[]) => row.map((cell) => fromFunction(cell) as Value));
  if (typeof result === 'string' || typeof result === 'boolean') return result;
  return errors.value;
}

export class Evaluator {
  constructor(private readonly sheets: Sheets) {}

  /** The value of `formula` (without "=") in cell (r, c) of `sheet`: one value, as the cell shows it. */
  cell(formula: string, sheet: number, r: number, c: number): Value {
    const tree = parseFormula(formula);
    if (tree instanceof Error) return tree;
    let result: Result;
    try {
      result = this.node(tree, { sheet, r, c });
    } catch {
      result = errors.value;
    }
    const single = Array.isArray(result) ? (result[0]?.[0] ?? errors.value) : result;
    return single === null ? 0 : single;
  }

  private read(area: Area): Result {
    if (area.top === area.bottom && area.left === area.right) return this.sheets.value(area.sheet, area.top, area.left);
    return Array.from({ length: area.bottom - area.top + 1 }, (_, r) =>
      Array.from({ length: area.right - area.left + 1 }, (_, c) => this.sheets.value(area.sheet, area.top + r, area.left + c)),
    );
  }

  private node(node: AstExpression, at: { sheet: number; r: number; c: number }): Result {
    switch (node.type) {
      case 'Literal':
        return node.value as Value;
      case 'ErrorLiteral':
        return errorOf(String(node.value));
      case 'ReferenceIdentifier': {
        const area = areaOf(node.value, at.sheet, this.sheets);
        return area instanceof Error ? area : this.read(area);
      }
      case 'ArrayExpression':
        return node.elements.map((row) => row.map((element) => this.scalar(this.node(element as AstExpression, at))));
      case 'UnaryExpression': {
        const operand = this.node(node.arguments[0] as AstExpression, at);
        const apply = (value: Value): Value => {
          if (node.operator === '%') return binary('/', value, 100);
          if (node.operator === '-') return binary('-', 0, value);
          return value;
        };
        return Array.isArray(operand) ? operand.map((row) => row.map(apply)) : apply(operand);
      }
      case 'BinaryExpression': {
        const [left, right] = node.arguments as AstExpression[];
        if (node.operator === ':' || node.operator === ' ' || node.operator === ',') return errors.value;
        return broadcast(this.node(left!, at), this.node(right!, at), (x, y) => binary(node.operator, x, y));
      }
      case 'CallExpression':
        return this.call(node.callee.name, node.arguments as AstExpression[], at);
      default:
        // LET, LAMBDA and anything newer than this evaluator.
        return errors.name;
    }
  }

  private scalar(result: Result): Value {
    return Array.isArray(result) ? (result[0]?.[0] ?? errors.value) : result;
  }

  private call(name: string, args: AstExpression[], at: { sheet: number; r: number; c: number }): Result {
    const upper = name.toUpperCase();
    // ROW and COLUMN ask where a reference is, not what it holds.
    if ((upper === 'ROW' || upper === 'COLUMN') && args.length <= 1) {
      if (args.length === 0) return upper === 'ROW' ? at.r : at.c;
      const first = args[0]!;
      if (first.type !== 'ReferenceIdentifier') return errors.value;
      const area = areaOf(first.value, at.sheet, this.sheets);
      return area instanceof Error ? area : upper === 'ROW' ? area.top : area.left;
    }
    const fn = functionOf(upper);
    if (!fn) return errors.name;
    const values = args.map((arg) => this.node(arg, at));
    try {
      return fromFunction(fn(...values));
    } catch {
      return errors.value;
    }
  }
}
