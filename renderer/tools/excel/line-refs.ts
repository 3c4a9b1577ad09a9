/**
 * What else points at cells when rows or columns move: defined names, conditional formats (their
 * ranges and rule formulas) and data validations (the cells they cover and their list/limit
 * formulas). They are shifted as Excel does, with the same reference rewriting as formulas.
 * exceljs's own splice handling of names breaks a range around inserted rows into pieces and drops
 * names whose first cell is deleted, so the names are taken from before the splice and set whole.
 */
import type ExcelJS from 'exceljs';
import { cellAddress } from './model';
import { shiftFormula } from './formula-shift';
import type { LineChange } from './formula-shift';

type Validations = Record<string, ExcelJS.DataValidation | undefined>;
type Sheet = ExcelJS.Worksheet & {
  dataValidations: { model: Validations };
  conditionalFormattings: ExcelJS.ConditionalFormattingOptions[];
};

/** The references of a workbook a row or column change must move, as plain data (also for undo). */
export interface LineRefs {
  names: ExcelJS.DefinedNamesModel;
  /** By worksheet id. */
  sheets: Map<number, { formats: ExcelJS.ConditionalFormattingOptions[]; validations: Validations }>;
}

export function captureRefs(workbook: ExcelJS.Workbook): LineRefs {
  const sheets: LineRefs['sheets'] = new Map();
  for (const sheet of workbook.worksheets as Sheet[])
    sheets.set(sheet.id, {
      formats: structuredClone(sheet.conditionalFormattings ?? []),
      validations: structuredClone(sheet.dataValidations.model),
    });
  return { names: structuredClone(workbook.definedNames.model), sheets };
}

export function restoreRefs(workbook: ExcelJS.Workbook, refs: LineRefs): void {
  workbook.definedNames.model = structuredClone(refs.names);
  for (const sheet of workbook.worksheets as Sheet[]) {
    const saved = refs.sheets.get(sheet.id);
    if (!saved) continue;
    sheet.conditionalFormattings = structuredClone(saved.formats);
    sheet.dataValidations.model = structuredClone(saved.validations);
  }
}

const gone = (text: string) => text.includes('#REF!');

/** A formula of a rule or validation; numbers and dates (a validation's limits) are left as they are. */
function shiftText<T>(formula: T, host: string, change: LineChange): T {
  return typeof formula === 'string' ? (shiftFormula(formula, host, change) as T) : formula;
}

function parseAddress(address: string): { row: number; column: number } | undefined {
  const match = /^([A-Z]+)(\d+)$/.exec(address);
  if (!match) return undefined;
  let column = 0;
  for (const letter of match[1]!) column = column * 26 + letter.charCodeAt(0) - 64;
  return { row: Number(match[2]), column };
}

/** One cell's new address after the change, undefined when it was deleted. */
function moveAddress(address: string, change: LineChange): string | undefined {
  const cell = parseAddress(address);
  if (!cell) return address;
  const line = change.axis === 'row' ? cell.row : cell.column;
  let moved = line;
  if (change.delta > 0 && line >= change.at) moved = line + change.delta;
  if (change.delta < 0) {
    const last = change.at - change.delta - 1;
    if (line >= change.at && line <= last) return undefined;
    if (line > last) moved = line + change.delta;
  }
  return change.axis === 'row' ? cellAddress(moved, cell.column) : cellAddress(cell.row, moved);
}

/**
 * Lines inserted inside a validated range are validated too, as Excel stretches the range: the
 * inserted cells take the validation the cells on both sides of them share.
 */
function stretchValidations(before: Validations, after: Validations, change: LineChange): void {
  for (const [address, validation] of Object.entries(before)) {
    const cell = parseAddress(address);
    if (!validation || !cell) continue;
    const line = change.axis === 'row' ? cell.row : cell.column;
    if (line !== change.at || line < 2) continue;
    const previous = change.axis === 'row' ? cellAddress(cell.row - 1, cell.column) : cellAddress(cell.row, cell.column - 1);
    if (JSON.stringify(before[previous]) !== JSON.stringify(validation)) continue;
    const shifted = after[moveAddress(address, change)!];
    for (let offset = 0; offset < change.delta; offset += 1) {
      const target = change.axis === 'row' ? cellAddress(cell.row + offset, cell.column) : cellAddress(cell.row, cell.column + offset);
      after[target] ??= shifted;
    }
  }
}

/**
 * `refs` (taken before the change) shifted for `change` and set on the workbook. A defined name
 * whose cells were all deleted is dropped (Excel keeps it as #REF!, which exceljs cannot write),
 * and so is a conditional format with no range left.
 */
export function shiftRefs(workbook: ExcelJS.Workbook, refs: LineRefs, change: LineChange): void {
  const changed = change.sheet.toLowerCase();
  workbook.definedNames.model = refs.names
    .map((name) => ({ ...name, ranges: name.ranges.map((range) => shiftFormula(range, '', change)).filter((range) => !gone(range)) }))
    .filter((name) => name.ranges.length > 0);
  for (const sheet of workbook.worksheets as Sheet[]) {
    const saved = refs.sheets.get(sheet.id);
    if (!saved) continue;
    const own = sheet.name.toLowerCase() === changed;
    sheet.conditionalFormattings = saved.formats
      .map((format) => ({
        ...format,
        ref: own
          ? format.ref
              .split(/\s+/)
              .map((part) => shiftFormula(part, sheet.name, change))
              .filter((part) => part && !gone(part))
              .join(' ')
          : format.ref,
        rules: format.rules.map((rule) => {
          const withFormulae = rule as ExcelJS.ConditionalFormattingRule & { formulae?: unknown[] };
          return withFormulae.formulae
            ? ({ ...rule, formulae: withFormulae.formulae.map((formula) => shiftText(formula, sheet.name, change)) } as typeof rule)
            : rule;
        }),
      }))
      .filter((format) => format.ref !== '');
    const validations: Validations = {};
    for (const [address, validation] of Object.entries(saved.validations)) {
      if (!validation) continue;
      const target = own ? moveAddress(address, change) : address;
      if (!target) continue;
      validations[target] = validation.formulae
        ? { ...validation, formulae: validation.formulae.map((formula) => shiftText(formula, sheet.name, change)) }
        : validation;
    }
    if (own && change.delta > 0) stretchValidations(saved.validations, validations, change);
    sheet.dataValidations.model = validations;
  }
}

/**
 * `refs` with every formula in them (names' ranges, rule and validation formulas) rewritten by
 * `rewrite`, set on the workbook; cells covered stay. For a renamed or deleted sheet.
 */
export function rewriteRefs(workbook: ExcelJS.Workbook, refs: LineRefs, rewrite: (formula: string, host: string) => string): void {
  workbook.definedNames.model = refs.names
    .map((name) => ({ ...name, ranges: name.ranges.map((range) => rewrite(range, '')).filter((range) => !gone(range)) }))
    .filter((name) => name.ranges.length > 0);
  const text = <T>(formula: T, host: string): T => (typeof formula === 'string' ? (rewrite(formula, host) as T) : formula);
  for (const sheet of workbook.worksheets as Sheet[]) {
    const saved = refs.sheets.get(sheet.id);
    if (!saved) continue;
    sheet.conditionalFormattings = saved.formats.map((format) => ({
      ...format,
      rules: format.rules.map((rule) => {
        const withFormulae = rule as ExcelJS.ConditionalFormattingRule & { formulae?: unknown[] };
        return withFormulae.formulae
          ? ({ ...rule, formulae: withFormulae.formulae.map((formula) => text(formula, sheet.name)) } as typeof rule)
          : rule;
      }),
    }));
    const validations: Validations = {};
    for (const [address, validation] of Object.entries(saved.validations))
      if (validation)
        validations[address] = validation.formulae
          ? { ...validation, formulae: validation.formulae.map((formula) => text(formula, sheet.name)) }
          : validation;
    sheet.dataValidations.model = validations;
  }
}
