import { expose, transfer } from 'comlink';
import { WorkbookSession } from './excel.service';
import { loadFunctions } from './formula-eval';
import type { BookInfo, CellWindow, CsvEncoding, OpenResult, WindowRequest } from './model';
import { openPreview, openWorkbook } from './open';

/**
 * The open workbook lives here, off the page's thread: parsing, formatting cells, edits and export.
 * The page asks for the window of cells it shows, so a 50,000-row sheet never crosses whole.
 */
let session: WorkbookSession | undefined;
/** The whole workbook still to be read after a quick preview: started by `finish`, awaited by edits. */
interface Remaining {
  start: () => Promise<OpenResult>;
  done?: Promise<OpenResult>;
}
let remaining: Remaining | undefined;

/** Files from this size on get a quick preview first (exceljs reads smaller ones fast enough). */
const PREVIEW_FROM_BYTES = 1024 * 1024;

function current(): WorkbookSession {
  if (!session) throw new Error('no workbook open');
  return session;
}

/** Reads the rest of a previewed workbook once (no-op when it was read whole). */
function finish(): Promise<OpenResult> {
  if (!remaining) return Promise.resolve({ ok: true, book: current().info() });
  remaining.done ??= remaining.start();
  return remaining.done;
}

/** The session with the whole workbook, for edits, find and export, which must not act on a preview. */
async function whole(): Promise<WorkbookSession> {
  const result = await finish();
  if (!result.ok) throw new Error('the workbook could not be read');
  // Edits compute formulas; their functions load with the first one.
  await loadFunctions();
  return current();
}

const api = {
  async open(file: Blob, name: string): Promise<OpenResult> {
    session = undefined;
    remaining = undefined;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const preview = bytes.length >= PREVIEW_FROM_BYTES ? await openPreview(bytes, name) : undefined;
    if (preview?.ok) {
      const quick = new WorkbookSession(preview.workbook, preview.format);
      session = quick;
      const pending: Remaining = {
        start: async () => {
          const opened = await openWorkbook(bytes, name);
          // Another file opened meanwhile: this one's result is of no use any more.
          if (remaining !== pending)
            return opened.ok ? { ok: true, book: new WorkbookSession(opened.workbook, opened.format).info() } : opened;
          remaining = undefined;
          if (!opened.ok) {
            session = undefined;
            return opened;
          }
          session = new WorkbookSession(opened.workbook, opened.format, quick, opened.notes);
          return { ok: true, book: session.info() };
        },
      };
      remaining = pending;
      return { ok: true, book: quick.info(), partial: true };
    }
    const opened = await openWorkbook(bytes, name);
    if (!opened.ok) return opened;
    session = new WorkbookSession(opened.workbook, opened.format, undefined, opened.notes);
    return { ok: true, book: session.info() };
  },
  finish,
  window: (request: WindowRequest): CellWindow => current().window(request),
  cellInput: (sheet: number, r: number, c: number): string => current().cellInput(sheet, r, c),
  setCell: async (sheet: number, r: number, c: number, input: string): Promise<BookInfo> => (await whole()).setCell(sheet, r, c, input),
  insertLines: async (sheet: number, axis: 'row' | 'col', at: number, count: number): Promise<BookInfo> =>
    (await whole()).insertLines(sheet, axis, at, count),
  deleteLines: async (sheet: number, axis: 'row' | 'col', at: number, count: number): Promise<BookInfo> =>
    (await whole()).deleteLines(sheet, axis, at, count),
  nameProblem: async (name: string, except?: number) => (await whole()).nameProblem(name, except),
  renameSheet: async (sheet: number, name: string): Promise<BookInfo> => (await whole()).renameSheet(sheet, name),
  addSheet: async (baseName: string): Promise<BookInfo> => (await whole()).addSheet(baseName),
  deleteSheet: async (sheet: number): Promise<BookInfo> => (await whole()).deleteSheet(sheet),
  undo: async (): Promise<BookInfo> => (await whole()).undo(),
  redo: async (): Promise<BookInfo> => (await whole()).redo(),
  find: async (sheet: number, query: string, fromRow: number, fromCol: number) => (await whole()).find(sheet, query, fromRow, fromCol),
  async exportXlsx(): Promise<Uint8Array> {
    const bytes = await (await whole()).exportXlsx();
    return transfer(bytes, [bytes.buffer]);
  },
  async exportCsv(sheet: number, encoding: CsvEncoding): Promise<Uint8Array> {
    const bytes = await (await whole()).exportCsv(sheet, encoding);
    return transfer(bytes, [bytes.buffer]);
  },
};

export type ExcelWorkerApi = typeof api;

expose(api);
