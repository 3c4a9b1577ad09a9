/** Workbooks the tests and the bench make themselves, so they run without the corpus. Node only. */
import { CFB } from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

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

/** A column's letters: 1 → A, 27 → AA. */
function columnName(column: number): string {
  let name = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/**
 * `rows` × `cols` numbers and a text column. ExcelJS writes the package (styles, theme, rels) for
 * the header alone; the sheet and its shared strings are then written here the way ExcelJS writes
 * them, byte for byte (open.test.ts compares the two): ExcelJS took 8–10 s of CPU for 50,000 rows,
 * this takes under 3.
 */
export async function bigWorkbook(rows: number, cols: number): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  const header = Array.from({ length: cols }, (_, c) => `列${c + 1}`);
  sheet.getRow(1).values = header;
  // Folders are not parts: zipSync would write them back as empty files.
  const parts = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()), { filter: (file) => !file.name.endsWith('/') });
  const sheetXml = strFromU8(parts['xl/worksheets/sheet1.xml']!);
  const cells: string[] = [];
  const row = (r: number, content: string) => `<row r="${r}" spans="1:${cols}" x14ac:dyDescent="0.25">${content}</row>`;
  cells.push(row(1, header.map((_, c) => `<c r="${columnName(c + 1)}1" t="s"><v>${c}</v></c>`).join('')));
  for (let r = 2; r <= rows + 1; r += 1) {
    let content = `<c r="A${r}" t="s"><v>${cols + r - 2}</v></c>`;
    for (let c = 1; c < cols; c += 1) content += `<c r="${columnName(c + 1)}${r}"><v>${r * 1000 + c}</v></c>`;
    cells.push(row(r, content));
  }
  parts['xl/worksheets/sheet1.xml'] = strToU8(
    sheetXml
      .replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="A1:${columnName(cols)}${rows + 1}"/>`)
      .replace(/<sheetData>.*<\/sheetData>/s, () => `<sheetData>${cells.join('')}</sheetData>`),
  );
  const strings = [...header, ...Array.from({ length: rows }, (_, r) => `R${r + 1}`)];
  parts['xl/sharedStrings.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`,
  );
  // Level 3: as small as ExcelJS's own zip (3.3 MB for 50,000 rows) at a third of level 6's time.
  return zipSync(parts, { level: 3 });
}

/** The same workbook as bigWorkbook, all through ExcelJS: the reference open.test.ts holds it to. */
export async function bigWorkbookByExcelJs(rows: number, cols: number): Promise<Uint8Array> {
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
