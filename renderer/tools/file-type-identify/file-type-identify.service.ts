/**
 * The page's pure parts: which rows a filter shows, the batch summary, and the CSV / JSON exports.
 * Detection itself lives in shared/file-type (it runs in the worker).
 */
import type { Basis, Identification } from '@shared/file-type/identify';
import type { NameCheck } from '@shared/file-type/name-check';

/** Most files one batch takes; a dropped disk beyond this is cut with a warning. */
export const MAX_FILES = 10_000;

export type RowStatus = 'queued' | 'running' | 'done' | 'error';
export type RowError = 'unreadable' | 'unknown';

export interface IdentifyRow {
  readonly id: string;
  readonly file: File;
  /** Name shown and checked; the relative path inside a dropped folder, when there is one. */
  readonly name: string;
  readonly path: string;
  readonly size: number;
  readonly status: RowStatus;
  readonly result?: Identification;
  readonly check?: NameCheck;
  readonly error?: RowError;
  readonly errorMessage?: string;
}

/**
 * The rows with each pending change merged in, in one pass: the store gathers a frame's worth of
 * changes and applies them together. Rows without a change keep their identity; changes for rows
 * no longer in the list are dropped. Returns `rows` itself when nothing applied.
 */
export function applyPatches(rows: readonly IdentifyRow[], changes: ReadonlyMap<string, Partial<IdentifyRow>>): IdentifyRow[] {
  let changed = false;
  const next = rows.map((row) => {
    const change = changes.get(row.id);
    if (!change) return row;
    changed = true;
    return { ...row, ...change };
  });
  return changed ? next : (rows as IdentifyRow[]);
}

export type RowFilter = 'all' | 'mismatch';

/** Rows whose name disagrees with their content (a wrong or missing extension). */
export const needsRename = (row: IdentifyRow): boolean => row.check?.status === 'mismatch' || row.check?.status === 'missing';

export function filterRows(rows: readonly IdentifyRow[], filter: RowFilter): readonly IdentifyRow[] {
  return filter === 'all' ? rows : rows.filter(needsRename);
}

export interface Summary {
  readonly total: number;
  readonly done: number;
  readonly mismatched: number;
  readonly failed: number;
}

export function summarize(rows: readonly IdentifyRow[]): Summary {
  return {
    total: rows.length,
    done: rows.filter((row) => row.status === 'done' || row.status === 'error').length,
    mismatched: rows.filter(needsRename).length,
    failed: rows.filter((row) => row.status === 'error').length,
  };
}

/** One exported record; `type` is the translated type name the page shows. */
export interface ExportRecord {
  readonly path: string;
  readonly size: number;
  readonly type: string;
  readonly mime: string;
  readonly extension: string;
  readonly basis: string;
  readonly encoding: string;
  readonly nameStatus: string;
  readonly suggestedName: string;
  readonly error: string;
}

/**
 * How the basis and the name check are written. The JSON export keeps the codes (`magic`,
 * `mismatch`): it is for programs. The CSV is for people, under translated headers, so the page
 * passes the words it shows.
 */
export interface RecordWords {
  readonly basis: (basis: Basis) => string;
  readonly nameCheck: (check: NameCheck) => string;
}

const CODES: RecordWords = { basis: (basis) => basis, nameCheck: (check) => check.status };

export function toRecord(row: IdentifyRow, typeName: string, errorText: string, words: RecordWords = CODES): ExportRecord {
  return {
    path: row.path,
    size: row.size,
    type: typeName,
    mime: row.result?.mime ?? '',
    extension: row.result?.ext ?? '',
    basis: row.result ? words.basis(row.result.basis) : '',
    encoding: row.result?.encoding ?? '',
    nameStatus: row.check ? words.nameCheck(row.check) : '',
    suggestedName: row.check?.suggestedName ?? '',
    error: errorText,
  };
}

const CSV_COLUMNS: readonly (keyof ExportRecord)[] = [
  'path',
  'size',
  'type',
  'mime',
  'extension',
  'basis',
  'encoding',
  'nameStatus',
  'suggestedName',
  'error',
];

/** RFC 4180 field: quoted when it holds a delimiter, quote or line break; a leading = + - @ is defused for spreadsheets. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * CSV with a UTF-8 BOM (so Excel opens Chinese names correctly) and CRLF line ends. `headers`
 * are the translated column titles, in CSV_COLUMNS order.
 */
export function toCsv(records: readonly ExportRecord[], headers: Readonly<Record<keyof ExportRecord, string>>): string {
  const lines = [
    CSV_COLUMNS.map((column) => csvField(headers[column])).join(','),
    ...records.map((record) => CSV_COLUMNS.map((column) => csvField(record[column])).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function toJson(records: readonly ExportRecord[]): string {
  return `${JSON.stringify(records, null, 2)}\n`;
}
