import { read as readSheetJs } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { WorkbookSession } from './excel.service';
import { loadFunctions } from './formula-eval';
import { openWorkbook } from './open';

async function session(workbook: ExcelJS.Workbook): Promise<WorkbookSession> {
  const opened = await openWorkbook(new Uint8Array(await workbook.xlsx.writeBuffer()), 'book.xlsx');
  if (!opened.ok) throw new Error(JSON.stringify(opened.failure));
  return new WorkbookSession(opened.workbook, opened.format);
}

const text = (book: WorkbookSession, r: number, c: number, sheet = 0) =>
  book.window({ sheet, top: r, bottom: r, left: c, right: c }).cells.find((cell) => cell.r === r && cell.c === c)?.text ?? '';

/**
 * A1:A3 = 1, 2, 3; A4 = SUM(A1:A3) cached as 6; B1 = A4*2 cached 12; C1 uses OFFSET, which the engine
 * lacks; 'Other Sheet'!A1 = Data!B1+1 with a wrong cache (a file's value is kept until its inputs change).
 */
function dataBook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const data = workbook.addWorksheet('Data');
  data.getColumn(1).values = [1, 2, 3];
  data.getCell('A4').value = { formula: 'SUM(A1:A3)', result: 6 } as ExcelJS.CellFormulaValue;
  data.getCell('B1').value = { formula: 'A4*2', result: 12 } as ExcelJS.CellFormulaValue;
  data.getCell('C1').value = { formula: 'OFFSET(A1,1,0)', result: 2 } as ExcelJS.CellFormulaValue;
  data.getCell('D1').value = { formula: 'A1-1', result: 0 } as ExcelJS.CellFormulaValue;
  const other = workbook.addWorksheet('Other Sheet');
  other.getCell('A1').value = { formula: 'Data!B1+1', result: 99 } as ExcelJS.CellFormulaValue;
  other.getCell('A2').value = { formula: 'Data!A1&"x"', result: 'cached' } as ExcelJS.CellFormulaValue;
  return workbook;
}

// The worker loads formulajs before the first edit; so do these tests.
beforeAll(loadFunctions);

describe('recalculation', () => {
  it('keeps the file’s cached values until an input changes, then computes the dependents on every sheet', async () => {
    const book = await session(dataBook());
    expect(text(book, 1, 1, 1)).toBe('99');
    book.setCell(0, 2, 1, '10');
    expect(text(book, 4, 1)).toBe('14');
    expect(text(book, 1, 2)).toBe('28');
    expect(text(book, 1, 1, 1)).toBe('29');
    expect(text(book, 2, 1, 1)).toBe('cached');
    book.undo();
    expect(text(book, 4, 1)).toBe('6');
    expect(text(book, 1, 1, 1)).toBe('13');
    book.redo();
    expect(text(book, 1, 1, 1)).toBe('29');
  });

  it('shows a formula’s cached 0 and FALSE (exceljs drops falsy results from cell.value)', async () => {
    const book = await session(dataBook());
    expect(text(book, 1, 4)).toBe('0');
    book.setCell(0, 2, 4, '=A1>5');
    expect(text(book, 2, 4)).toBe('FALSE');
    const written = readSheetJs(await book.exportXlsx(), { cellFormula: true });
    expect(written.Sheets['Data']!['D1']).toMatchObject({ f: 'A1-1', v: 0 });
    expect(written.Sheets['Data']!['D2']).toMatchObject({ f: 'A1>5', v: false });
  });

  it('computes a typed formula, shows #NAME? for a function it does not know and #DIV/0! as Excel', async () => {
    const book = await session(dataBook());
    book.setCell(0, 5, 1, "=AVERAGE(A1:A3)+'Other Sheet'!A1");
    expect(text(book, 5, 1)).toBe('101');
    book.setCell(0, 6, 1, '=NOSUCHFUNC(A1)');
    expect(text(book, 6, 1)).toBe('#NAME?');
    book.setCell(0, 7, 1, '=A1/0');
    expect(text(book, 7, 1)).toBe('#DIV/0!');
    book.setCell(0, 8, 1, '=IFERROR(A7,"none")&" "&UPPER("ok")&TEXT(0.5,"0%")');
    expect(text(book, 8, 1)).toBe('none OK50%');
    book.setCell(0, 9, 1, '=SUMPRODUCT((A1:A3>1)*A1:A3)+_xlfn.CONCAT("1","")+IF(A1=1,ROW(),0)+COUNTIF(A1:A3,">=2")');
    expect(text(book, 9, 1)).toBe(String(5 + 1 + 9 + 2));
    book.setCell(0, 10, 1, '=NORM.S.DIST(0,TRUE)');
    expect(text(book, 10, 1)).toBe('0.5');
    // An unsupported function in a file's formula shows #NAME? once its input changes, as Excel would without it.
    book.setCell(0, 1, 1, '5');
    expect(text(book, 1, 3)).toBe('#NAME?');
  });

  it('shows a reference cycle as 0 with its cell named, and does not hang', async () => {
    const book = await session(dataBook());
    const info = book.setCell(0, 1, 5, '=E2+1');
    expect(info.circular).toBeUndefined();
    const cycle = book.setCell(0, 2, 5, '=E1+1');
    expect(cycle.circular).toMatch(/^Data!E[12]$/);
    expect(text(book, 1, 5)).toBe('0');
    const self = book.setCell(0, 3, 5, '=E3*2');
    expect(self.circular).toBeDefined();
    book.undo();
    const fixed = book.setCell(0, 2, 5, '7');
    expect(fixed.circular).toBeUndefined();
    expect(text(book, 1, 5)).toBe('8');
  });

  // 12,000 levels would overflow the stack of a recursive evaluator (each level takes several frames).
  it('computes a long chain without recursion', { timeout: 60_000 }, async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Chain');
    sheet.getCell(1, 1).value = 0;
    for (let r = 2; r <= 12_000; r += 1) sheet.getCell(r, 1).value = { formula: `A${r - 1}+1`, result: r - 1 } as ExcelJS.CellFormulaValue;
    const book = await session(workbook);
    book.setCell(0, 1, 1, '1000');
    expect(text(book, 12_000, 1)).toBe('12999');
  });

  it('computes what read deleted rows again, and exports formulas with their new cached values', async () => {
    const book = await session(dataBook());
    book.deleteLines(0, 'row', 2, 1);
    expect(book.cellInput(0, 3, 1)).toBe('=SUM(A1:A2)');
    expect(text(book, 3, 1)).toBe('4');
    expect(text(book, 1, 2)).toBe('8');
    expect(text(book, 1, 1, 1)).toBe('9');
    book.setCell(0, 1, 1, '2');
    const written = readSheetJs(await book.exportXlsx(), { cellFormula: true });
    expect(written.Sheets['Data']!['A3']).toMatchObject({ f: 'SUM(A1:A2)', v: 5 });
    expect(written.Sheets['Other Sheet']!['A1']).toMatchObject({ f: 'Data!B1+1', v: 11 });
    book.undo();
    book.undo();
    expect(text(book, 4, 1)).toBe('6');
    expect(text(book, 1, 1, 1)).toBe('99');
  });

  it('follows a renamed sheet in formulas and names, makes a deleted sheet’s references #REF!, and undoes both', async () => {
    const workbook = dataBook();
    workbook.definedNames.add('Data!$A$1:$A$3', 'Inputs');
    const book = await session(workbook);
    book.renameSheet(0, 'Q1 Sales');
    expect(book.cellInput(1, 1, 1)).toBe("='Q1 Sales'!B1+1");
    book.setCell(1, 3, 1, '=SUM(Inputs)');
    expect(text(book, 3, 1, 1)).toBe('6');
    book.undo();
    book.undo();
    expect(book.cellInput(1, 1, 1)).toBe('=Data!B1+1');
    book.setCell(1, 3, 1, '=A1*2');
    book.deleteSheet(0);
    expect(book.cellInput(0, 1, 1)).toBe('=#REF!+1');
    expect(text(book, 1, 1)).toBe('#REF!');
    expect(text(book, 3, 1)).toBe('#REF!');
    book.undo();
    expect(book.cellInput(1, 1, 1)).toBe('=Data!B1+1');
    expect(text(book, 1, 1, 1)).toBe('99');
    const written = readSheetJs(await book.exportXlsx(), { cellFormula: true });
    expect(written.Workbook!.Names!.map((name) => name.Ref)).toEqual(['Data!$A$1:$A$3']);
  });
});
