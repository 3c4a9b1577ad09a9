import { expose, transfer } from 'comlink';
import { WorkbookSession } from './excel.service';
import type { BookInfo, CellWindow, CsvEncoding, OpenResult, WindowRequest } from './model';
import { openWorkbook } from './open';

/**
 * The open workbook lives here, off the page's thread: parsing, formatting cells, edits and export.
 * The page asks for the window of cells it shows, so a 50,000-row sheet never crosses whole.
 */
let session: WorkbookSession | undefined;

function current(): WorkbookSession {
  if (!session) throw new Error('no workbook open');
  return session;
}

const api = {
  async open(file: Blob, name: string): Promise<OpenResult> {
    session = undefined;
    const opened = await openWorkbook(new Uint8Array(await file.arrayBuffer()), name);
    if (!opened.ok) return opened;
    session = new WorkbookSession(opened.workbook, opened.format);
    return { ok: true, book: session.info() };
  },
  window: (request: WindowRequest): CellWindow => current().window(request),
  cellInput: (sheet: number, r: number, c: number): string => current().cellInput(sheet, r, c),
  setCell: (sheet: number, r: number, c: number, input: string): BookInfo => current().setCell(sheet, r, c, input),
  insertLines: (sheet: number, axis: 'row' | 'col', at: number, count: number): BookInfo => current().insertLines(sheet, axis, at, count),
  deleteLines: (sheet: number, axis: 'row' | 'col', at: number, count: number): BookInfo => current().deleteLines(sheet, axis, at, count),
  nameProblem: (name: string, except?: number) => current().nameProblem(name, except),
  renameSheet: (sheet: number, name: string): BookInfo => current().renameSheet(sheet, name),
  addSheet: (baseName: string): BookInfo => current().addSheet(baseName),
  deleteSheet: (sheet: number): BookInfo => current().deleteSheet(sheet),
  undo: (): BookInfo => current().undo(),
  redo: (): BookInfo => current().redo(),
  find: (sheet: number, query: string, fromRow: number, fromCol: number) => current().find(sheet, query, fromRow, fromCol),
  async exportXlsx(): Promise<Uint8Array> {
    const bytes = await current().exportXlsx();
    return transfer(bytes, [bytes.buffer]);
  },
  async exportCsv(sheet: number, encoding: CsvEncoding): Promise<Uint8Array> {
    const bytes = await current().exportCsv(sheet, encoding);
    return transfer(bytes, [bytes.buffer]);
  },
};

export type ExcelWorkerApi = typeof api;

expose(api);
