import { read as readSheetJs } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { WorkbookSession } from './excel.service';
import { openWorkbook } from './open';

/** exceljs has `dataValidations` on a worksheet but not in its types. */
const validations = (sheet: ExcelJS.Worksheet) =>
  (sheet as unknown as { dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void } }).dataValidations;

/**
 * "Q1 Sales": numbers in A1:A10, a name "Top" over A1:A5 and "One" on B2, a validation on C2:C4
 * listing $A$1:$A$5, a conditional format on A3:A8 and C1 with the rule $A3>5; "Other" has a
 * validation whose list is on Q1 Sales and a name "Far" pointing there.
 */
async function referencing(): Promise<WorkbookSession> {
  const workbook = new ExcelJS.Workbook();
  const sales = workbook.addWorksheet('Q1 Sales');
  for (let r = 1; r <= 10; r += 1) sales.getCell(r, 1).value = r;
  workbook.definedNames.add("'Q1 Sales'!$A$1:$A$5", 'Top');
  workbook.definedNames.add("'Q1 Sales'!$B$2", 'One');
  validations(sales).add('C2:C4', { type: 'list', allowBlank: true, formulae: ['$A$1:$A$5'] });
  sales.addConditionalFormatting({
    ref: 'A3:A8 C1',
    rules: [
      {
        type: 'expression',
        priority: 1,
        formulae: ['$A3>5'],
        style: { fill: { type: 'pattern', pattern: 'solid', bgColor: { argb: 'FFFF0000' } } },
      },
    ],
  });
  const other = workbook.addWorksheet('Other');
  validations(other).add('A1', { type: 'list', allowBlank: true, formulae: ["'Q1 Sales'!$A$2:$A$4"] });
  workbook.definedNames.add("'Q1 Sales'!$A$9", 'Far');
  const opened = await openWorkbook(new Uint8Array(await workbook.xlsx.writeBuffer()), 'refs.xlsx');
  if (!opened.ok) throw new Error(JSON.stringify(opened.failure));
  return new WorkbookSession(opened.workbook, opened.format);
}

/** What the written file says, read straight from its XML (no exceljs involved). */
async function written(book: WorkbookSession) {
  const bytes = await book.exportXlsx();
  const files = unzipSync(bytes);
  const xml = (path: string) =>
    strFromU8(files[path]!)
      .replace(/&apos;/g, "'")
      .replace(/&gt;/g, '>');
  const attr = (text: string, tag: string, name: string) =>
    [...text.matchAll(new RegExp(`<${tag}\\b[^>]*\\b${name}="([^"]*)"`, 'g'))].map((m) => m[1]);
  const sheet1 = xml('xl/worksheets/sheet1.xml');
  return {
    names: Object.fromEntries(readSheetJs(bytes, { bookVBA: false }).Workbook!.Names!.map((name) => [name.Name, name.Ref])),
    formatRanges: attr(sheet1, 'conditionalFormatting', 'sqref'),
    formatFormulas: [...sheet1.matchAll(/<cfRule\b[\s\S]*?<formula>([^<]*)<\/formula>/g)].map((m) => m[1]),
    validationRanges: attr(sheet1, 'dataValidation', 'sqref'),
    validationFormulas: [...sheet1.matchAll(/<formula1>([^<]*)<\/formula1>/g)].map((m) => m[1]),
    otherValidation: [...xml('xl/worksheets/sheet2.xml').matchAll(/<formula1>([^<]*)<\/formula1>/g)].map((m) => m[1]),
  };
}

describe('references that follow inserted and deleted rows and columns', () => {
  it('shifts names, conditional formats and validations on insert, as a second reader sees in the file', async () => {
    const book = await referencing();
    book.insertLines(0, 'row', 3, 2);
    const after = await written(book);
    expect(after.names).toEqual({ Top: "'Q1 Sales'!$A$1:$A$7", One: "'Q1 Sales'!$B$2", Far: "'Q1 Sales'!$A$11" });
    expect(after.formatRanges).toEqual(['A5:A10 C1']);
    expect(after.formatFormulas).toEqual(['$A5>5']);
    expect(after.validationRanges).toEqual(['C2:C6']);
    expect(after.validationFormulas).toEqual(['$A$1:$A$7']);
    expect(after.otherValidation).toEqual(["'Q1 Sales'!$A$2:$A$6"]);
  });

  it('shrinks and drops them on delete, and undo puts every one back', async () => {
    const book = await referencing();
    const before = await written(book);
    book.deleteLines(0, 'row', 2, 1);
    book.deleteLines(0, 'col', 2, 1);
    const after = await written(book);
    expect(after.names).toEqual({ Top: "'Q1 Sales'!$A$1:$A$4", Far: "'Q1 Sales'!$A$8" });
    expect(after.formatRanges).toEqual(['A2:A7 B1']);
    expect(after.validationRanges).toEqual(['B2:B3']);
    expect(after.validationFormulas).toEqual(['$A$1:$A$4']);
    expect(after.otherValidation).toEqual(["'Q1 Sales'!$A$2:$A$3"]);
    book.undo();
    book.undo();
    expect(await written(book)).toEqual(before);
    book.redo();
    expect((await written(book)).names.One).toBeUndefined();
  });
});
