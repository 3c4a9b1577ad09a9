/** A cell's value as Excel shows it (through its number format) and as its editor shows it. Pure. */
import { SSF } from '@e965/xlsx';

const DAY_MS = 86_400_000;
/** 1899-12-30, Excel's day 0 for the 1900 date system (its 1900-02-29 bug included). */
const EPOCH_1900 = 25_569;
const EPOCH_1904_SHIFT = 1_462;

export function dateToSerial(date: Date, date1904 = false): number {
  const serial = date.getTime() / DAY_MS + EPOCH_1900;
  return date1904 ? serial - EPOCH_1904_SHIFT : serial;
}

export function serialToDate(serial: number, date1904 = false): Date {
  return new Date(Math.round(((date1904 ? serial + EPOCH_1904_SHIFT : serial) - EPOCH_1900) * DAY_MS));
}

type Scalar = string | number | boolean | Date | null | undefined;

/** The value under any wrapper exceljs puts around it (formula, rich text, hyperlink, error). */
export function scalarOf(value: unknown): Scalar {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'object' || value instanceof Date) return value as Scalar;
  const object = value as Record<string, unknown>;
  if ('formula' in object || 'sharedFormula' in object) return scalarOf(object.result);
  if (Array.isArray(object.richText)) return (object.richText as Array<{ text?: string }>).map((run) => run.text ?? '').join('');
  if ('error' in object) return String(object.error);
  if ('text' in object) return scalarOf(object.text);
  return undefined;
}

export function isDateFormat(format: string | undefined): boolean {
  if (!format || format === 'General') return false;
  return SSF.is_date(format);
}

/** The text of a value through an Excel number format; a format SSF cannot read shows the value plain. */
export function formatValue(value: unknown, numFmt: string | undefined, date1904 = false): string {
  const scalar = scalarOf(value);
  if (scalar === undefined || scalar === null) return '';
  if (typeof scalar === 'string') return scalar;
  if (typeof scalar === 'boolean') return scalar ? 'TRUE' : 'FALSE';
  const serial = scalar instanceof Date ? dateToSerial(scalar, date1904) : scalar;
  if (!Number.isFinite(serial)) return String(serial);
  const format = numFmt || (scalar instanceof Date ? 'yyyy-mm-dd' : 'General');
  try {
    return SSF.format(format, serial, { date1904 });
  } catch {
    return scalar instanceof Date ? SSF.format('yyyy-mm-dd', serial) : String(serial);
  }
}

/** What the formula bar shows: `=FORMULA` for formulas, otherwise the value as typed. */
export function editorText(value: unknown, formula: string | undefined, numFmt: string | undefined, date1904 = false): string {
  if (formula) return `=${formula}`;
  const scalar = scalarOf(value);
  if (scalar instanceof Date)
    return formatValue(scalar, isDateFormat(numFmt) ? numFmt : 'yyyy-mm-dd hh:mm:ss', date1904).replace(/ 00:00:00$/, '');
  if (typeof scalar === 'number') return String(scalar);
  return formatValue(scalar, undefined, date1904);
}

/**
 * What typing `input` into a cell stores: a formula for `=…`, numbers and booleans as such (but not
 * long digit strings such as ID or phone numbers, which would lose digits or leading zeros), else text.
 */
export function parseInput(input: string): { formula: string } | { value: string | number | boolean | null } {
  if (input.startsWith('=') && input.length > 1) return { formula: input.slice(1) };
  if (input === '') return { value: null };
  const trimmed = input.trim();
  if (/^[+-]?(\d{1,15}(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(trimmed) && !/^[+-]?0\d/.test(trimmed)) return { value: Number(trimmed) };
  if (/^(true|false)$/i.test(trimmed)) return { value: trimmed.toLowerCase() === 'true' };
  return { value: input };
}
