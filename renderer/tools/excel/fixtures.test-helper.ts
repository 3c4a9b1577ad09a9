/** Workbooks the tests and the bench make themselves, so they run without the corpus. Node only. */
import { CFB } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';

/**
 * Two sheets: "销售" with a merged title, a bold red header on a yellow fill with borders, a wide
 * column, a tall row, a percentage, a date, a formula with its cached result and two frozen rows;
 * and "Notes".
 */
export async function styledWorkbook(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sales = workbook.addWorksheet('销售', { views: [{ state: 'frozen', xSplit: 0, ySplit: 2 }] });
  sales.mergeCells('A1:C1');
  sales.getCell('A1').value = '季度销售报表';
  sales.getCell('A1').alignment = { horizontal: 'center' };
  sales.getCell('A1').font = { size: 16, bold: true };
  sales.getRow(1).height = 24;
  const header = sales.getRow(2);
  header.values = ['产品', '金额', '占比', '日期'];
  header.height = 30;
  header.eachCell((cell) => {
    cell.font = { bold: true, color: { argb: 'FFFF0000' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF000000' } } };
  });
  sales.getColumn(2).width = 30;
  sales.addRow(['苹果', 1200, 0.125, new Date(Date.UTC(2024, 0, 15))]);
  sales.addRow(['香蕉', 800, 0.5, new Date(Date.UTC(2024, 1, 29))]);
  sales.getCell('C3').numFmt = '0.00%';
  sales.getCell('C4').numFmt = '0.00%';
  sales.getCell('D3').numFmt = 'yyyy-mm-dd';
  sales.getCell('D4').numFmt = 'yyyy-mm-dd';
  sales.getCell('A5').value = '合计';
  sales.getCell('B5').value = { formula: 'SUM(B3:B4)', result: 2000 };
  sales.getCell('B5').numFmt = '#,##0.00';
  for (let r = 6; r <= 200; r += 1) sales.getCell(r, 1).value = `行${r}`;
  const notes = workbook.addWorksheet('Notes');
  notes.getCell('A1').value = 'needle in a haystack';
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** `rows` × `cols` numbers and a text column, streamed so a 50,000-row workbook stays cheap to make. */
export async function bigWorkbook(rows: number, cols: number): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  sheet.getRow(1).values = Array.from({ length: cols }, (_, c) => `列${c + 1}`);
  for (let r = 2; r <= rows + 1; r += 1) {
    const values: (string | number)[] = [`R${r - 1}`];
    for (let c = 1; c < cols; c += 1) values.push(r * 1000 + c);
    sheet.addRow(values);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** An OLE2 container with the streams Office writes for a password-encrypted workbook. */
export function encryptedWorkbook(): Uint8Array {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'EncryptionInfo', new Uint8Array(64).fill(4));
  CFB.utils.cfb_add(container, 'EncryptedPackage', new Uint8Array(4096).fill(7));
  return new Uint8Array(CFB.write(container, { type: 'array' }) as ArrayBuffer);
}

/** The smallest docx a type check recognises: a Word document, not a spreadsheet. */
export function wordDocument(): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    'word/document.xml': strToU8(
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
    ),
  });
}

/** The styled workbook as an .xlsm holding a (dummy) VBA project, as Excel stores macros. */
export async function macroWorkbook(): Promise<Uint8Array> {
  const files = unzipSync(await styledWorkbook());
  files['xl/vbaProject.bin'] = new Uint8Array(512).fill(0xcc);
  return zipSync(files);
}
