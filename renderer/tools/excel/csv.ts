/** CSV/TSV in and out: the project's encoding detection on the way in, UTF-8 with BOM or GBK out. Pure. */
import { decodeAll } from '@shared/encoding/decode';
import { detectEncoding } from '@shared/encoding/detect';

export interface DecodedText {
  text: string;
  encoding: string;
}

/** null when the bytes are not text in any encoding we know. */
export function decodeCsvBytes(bytes: Uint8Array): DecodedText | null {
  const detection = detectEncoding(bytes.subarray(0, 256 * 1024), { truncated: bytes.length > 256 * 1024 });
  if (detection.encoding === 'binary') return null;
  return { text: decodeAll(bytes, detection.encoding).replace(/^\uFEFF/, ''), encoding: detection.encoding };
}

/** Tab for .tsv/.tab, else whichever of , ; tab the first line uses most (outside quotes). */
export function guessDelimiter(text: string, fileName: string): string {
  if (/\.(tsv|tab)$/i.test(fileName)) return '\t';
  const firstLine = text.slice(0, text.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, firstLine.split(delimiter).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

/** RFC 4180 fields: quotes around fields, "" inside them, CRLF/LF/CR line ends, quoted line breaks kept. */
export function parseDelimited(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"') {
        if (text[at + 1] === '"') {
          field += '"';
          at += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function quoteField(field: string, delimiter: string): string {
  return field.includes('"') || field.includes(delimiter) || /[\r\n]/.test(field) || /^\s|\s$/.test(field)
    ? `"${field.replace(/"/g, '""')}"`
    : field;
}

/** CRLF line ends, as Excel writes and expects. Trailing empty cells of a row are left out. */
export function toDelimited(rows: readonly (readonly string[])[], delimiter = ','): string {
  return rows
    .map((row) => {
      let end = row.length;
      while (end > 0 && row[end - 1] === '') end -= 1;
      return row
        .slice(0, end)
        .map((field) => quoteField(field, delimiter))
        .join(delimiter);
    })
    .join('\r\n');
}

export function utf8WithBom(text: string): Uint8Array {
  const body = new TextEncoder().encode(text);
  const out = new Uint8Array(body.length + 3);
  out.set([0xef, 0xbb, 0xbf]);
  out.set(body, 3);
  return out;
}

/** GBK through SheetJS's code-page tables (code page 936), loaded only when someone asks for GBK. */
export async function gbk(text: string): Promise<Uint8Array> {
  // The module exports `utils` beside `cptable`; its typings only know the latter.
  const { utils } = (await import('@e965/xlsx/dist/cpexcel.full.mjs')) as unknown as {
    utils: { encode: (codePage: number, text: string, out: 'arr') => number[] };
  };
  return Uint8Array.from(utils.encode(936, text, 'arr'));
}
