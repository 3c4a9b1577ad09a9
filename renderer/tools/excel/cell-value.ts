/**
 * exceljs drops a formula's falsy cached result (0, FALSE, "") from `cell.value` (its copy keeps
 * only truthy fields), although its model holds it and writes it; these read and set it through
 * the model so a formula whose value is 0 does not show empty.
 */
import ExcelJS from 'exceljs';

type FormulaModel = { model?: { result?: unknown } };
const modelOf = (cell: ExcelJS.Cell) => (cell as unknown as { _value?: FormulaModel })._value?.model;

export function cellValue(cell: ExcelJS.Cell): ExcelJS.CellValue {
  const value = cell.value;
  if (cell.type !== ExcelJS.ValueType.Formula || !value || typeof value !== 'object') return value;
  const result = modelOf(cell)?.result;
  return result === undefined || 'result' in value ? value : ({ ...value, result } as ExcelJS.CellValue);
}

/** Gives a formula cell a new cached result (an error as `{ error }`), falsy ones included. */
export function setFormulaResult(cell: ExcelJS.Cell, result: ExcelJS.CellFormulaValue['result']): void {
  cell.value = { formula: cell.formula, result } as ExcelJS.CellFormulaValue;
  const model = modelOf(cell);
  if (model) model.result = result;
}

/** `cell.value = value`, keeping a formula's falsy cached result. */
export function setCellValue(cell: ExcelJS.Cell, value: ExcelJS.CellValue): void {
  cell.value = value;
  if (value && typeof value === 'object' && 'formula' in value && 'result' in value) {
    const model = modelOf(cell);
    if (model) model.result = value.result;
  }
}
