/**
 * Cell styles of an xls (BIFF8, [MS-XLS]) read from its Workbook stream: fonts, cell formats (XF:
 * alignment, borders, fills), the custom palette, and each cell's XF index. SheetJS Community reads
 * only fills from these. Pure apart from the compound-file reader; never throws for bad input.
 */
import { CFB } from '@e965/xlsx';
import type ExcelJS from 'exceljs';
import { indexedHex } from './colors';
import {
  BORDER_STYLES,
  FILL_PATTERNS,
  H_ALIGNS,
  MAX_STYLED_CELLS,
  MAX_STYLED_LINES,
  MAX_XFS,
  V_ALIGNS,
  biffFont,
  compactStyle,
  diagonal,
  formatCode,
  rotation,
} from './legacy-styles';
import type { LegacySheetStyles, LegacyStyle, LegacyStyles } from './legacy-styles';
import type { BookNotes } from './model';

const BOF = 0x0809;
const EOF = 0x000a;
const BIFF8 = 0x0600;
const FILEPASS = 0x002f;
const FONT = 0x0031;
const XF = 0x00e0;
const FORMAT = 0x041e;
const PALETTE = 0x0092;
const BOUNDSHEET = 0x0085;
/** Records that start with (row, column, XF index); CONTINUE never follows these. */
const SINGLE_CELL = new Set([
  0x0201, // BLANK
  0x0203, // NUMBER
  0x0204, // LABEL
  0x0205, // BOOLERR
  0x0006, // FORMULA
  0x027e, // RK
  0x00fd, // LABELSST
  0x00d6, // RSTRING
]);
const MULRK = 0x00bd;
const MULBLANK = 0x00be;
const RSTRING = 0x00d6;
const ROW = 0x0208;
const COLINFO = 0x007d;
/** The XF of a plain cell (the Normal style's); a column in it has no format of its own. */
const DEFAULT_CELL_XF = 15;
const DEFAULTROWHEIGHT = 0x0225;
const CONDFMT = new Set([0x01b0, 0x0879]);
const SST = 0x00fc;
const CONTINUE = 0x003c;

export interface Palette {
  /** Custom 'RRGGBB' from index 8 on, as PALETTE sets them. */
  custom: string[];
}

/** '#AARRGGBB' for exceljs, or undefined for the "automatic" colours (64, 65, 0x7FFF). */
export function xlsColor(icv: number, palette: Palette): ExcelJS.Color | undefined {
  const hex = icv >= 8 && icv - 8 < palette.custom.length ? palette.custom[icv - 8] : indexedHex(icv);
  return hex ? ({ argb: `FF${hex}` } as ExcelJS.Color) : undefined;
}

/** FONT: its body, from the record's first byte to its end. */
export function parseFont(body: Uint8Array, palette: Palette): Partial<ExcelJS.Font> {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const height = view.getUint16(0, true);
  const flags = view.getUint16(2, true);
  const color = view.getUint16(4, true);
  const weight = view.getUint16(6, true);
  const script = view.getUint16(8, true);
  const underline = body[10]!;
  const length = body[14]!;
  const wide = (body[15]! & 1) === 1;
  const chars = body.subarray(16, 16 + length * (wide ? 2 : 1));
  const name = wide ? new TextDecoder('utf-16le').decode(chars) : String.fromCharCode(...chars);
  const font = biffFont({ height, flags, weight, script, underline });
  if (name) font.name = name;
  const argb = xlsColor(color, palette);
  if (argb) font.color = argb;
  return font;
}

/** XF (20 bytes): font, alignment, borders and fill of a cell format. `fonts` by font index (4 is never used). */
export function parseXf(body: Uint8Array, fonts: ReadonlyArray<Partial<ExcelJS.Font> | undefined>, palette: Palette): LegacyStyle {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const style: LegacyStyle = {};
  const font = fonts[view.getUint16(0, true)];
  if (font) style.font = font;

  const align = body[6]!;
  const alignment: Partial<ExcelJS.Alignment> = {};
  const horizontal = H_ALIGNS[align & 0x07];
  if (horizontal) alignment.horizontal = horizontal;
  if (align & 0x08) alignment.wrapText = true;
  const vertical = V_ALIGNS[(align >> 4) & 0x07];
  if (vertical) alignment.vertical = vertical;
  const rotate = rotation(body[7]!);
  if (rotate !== undefined) alignment.textRotation = rotate;
  if (body[8]! & 0x0f) alignment.indent = body[8]! & 0x0f;
  if (body[8]! & 0x10) alignment.shrinkToFit = true;
  style.alignment = alignment;

  const sides = view.getUint32(10, true);
  const more = view.getUint32(14, true);
  const side = (dg: number, icv: number): Partial<ExcelJS.Border> | undefined => {
    const lineStyle = BORDER_STYLES[dg];
    if (!lineStyle) return undefined;
    const color = xlsColor(icv, palette);
    return color ? { style: lineStyle, color } : { style: lineStyle };
  };
  const border: Partial<ExcelJS.Borders> = {};
  const left = side(sides & 0x0f, (sides >>> 16) & 0x7f);
  const right = side((sides >>> 4) & 0x0f, (sides >>> 23) & 0x7f);
  const top = side((sides >>> 8) & 0x0f, more & 0x7f);
  const bottom = side((sides >>> 12) & 0x0f, (more >>> 7) & 0x7f);
  if (left) border.left = left;
  if (right) border.right = right;
  if (top) border.top = top;
  if (bottom) border.bottom = bottom;
  // grbitDiag: 1 down, 2 up, 3 both; one line style (dgDiag) and colour (icvDiag) for either.
  const diag = sides >>> 30;
  const across = diagonal((diag & 2) !== 0, (diag & 1) !== 0, BORDER_STYLES[(more >>> 21) & 0x0f], xlsColor((more >>> 14) & 0x7f, palette));
  if (across) border.diagonal = across;
  style.border = border;

  const pattern = FILL_PATTERNS[(more >>> 26) & 0x3f];
  if (pattern && pattern !== 'none') {
    const colors = view.getUint16(18, true);
    const fgColor = xlsColor(colors & 0x7f, palette);
    const bgColor = xlsColor((colors >> 7) & 0x7f, palette);
    style.fill = { type: 'pattern', pattern, ...(fgColor ? { fgColor } : {}), ...(bgColor ? { bgColor } : {}) };
  }
  return compactStyle(style);
}

/** PALETTE: a count, then that many LongRGB (r, g, b, unused). */
export function parsePalette(body: Uint8Array): Palette {
  const count = Math.min(body.length >= 2 ? body[0]! | (body[1]! << 8) : 0, Math.floor((body.length - 2) / 4), 56);
  const custom: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = 2 + i * 4;
    custom.push(
      [body[at]!, body[at + 1]!, body[at + 2]!]
        .map((v) => v.toString(16).padStart(2, '0'))
        .join('')
        .toUpperCase(),
    );
  }
  return { custom };
}

interface BiffRecord {
  type: number;
  body: Uint8Array;
}

/** Records from `start`; stops at the stream's end or at a record that runs past it. */
function* records(stream: Uint8Array, start: number): Generator<BiffRecord> {
  let at = start;
  while (at + 4 <= stream.length) {
    const type = stream[at]! | (stream[at + 1]! << 8);
    const length = stream[at + 2]! | (stream[at + 3]! << 8);
    if (at + 4 + length > stream.length) return;
    yield { type, body: stream.subarray(at + 4, at + 4 + length) };
    at += 4 + length;
  }
}

/** The (row, column, XF) of each cell of one worksheet substream, pushed onto `cells`. Embedded charts' substreams are skipped. */
export function readSheetCells(
  stream: Uint8Array,
  start: number,
  cells: number[],
  budget: { left: number },
  found?: Set<Unread>,
  rowHeights?: number[],
  lines?: Pick<LegacySheetStyles, 'rowStyles' | 'columnStyles'>,
): void {
  let depth = 0;
  let standard = 255;
  const heights: number[] = [];
  const done = () => {
    for (let i = 0; i < heights.length; i += 2) if (heights[i + 1] !== standard) rowHeights?.push(heights[i]!, heights[i + 1]! / 20);
  };
  for (const { type, body } of records(stream, start)) {
    if (type === BOF) depth += 1;
    else if (type === EOF) {
      depth -= 1;
      if (depth <= 0) return done();
    } else if (depth !== 1) continue;
    else if (CONDFMT.has(type)) found?.add('conditional');
    else if (type === DEFAULTROWHEIGHT && body.length >= 4) standard = (body[2]! | (body[3]! << 8)) & 0x7fff;
    // Rows Excel sized to their fonts (not by hand, not hidden): the height is in the record all the same.
    else if (type === ROW && body.length >= 16) {
      const row = body[0]! | (body[1]! << 8);
      if (!(body[12]! & 0x60)) heights.push(row, (body[6]! | (body[7]! << 8)) & 0x7fff);
      // fGhostDirty: the row has a format of its own (ixfe_val).
      if (body[12]! & 0x80 && lines?.rowStyles && lines.rowStyles.length < MAX_STYLED_LINES * 2)
        lines.rowStyles.push(row, (body[14]! | (body[15]! << 8)) & 0x0fff);
    } else if (type === COLINFO && body.length >= 10) {
      const xf = body[6]! | (body[7]! << 8);
      if (xf !== DEFAULT_CELL_XF && lines?.columnStyles && lines.columnStyles.length < MAX_STYLED_LINES * 3)
        lines.columnStyles.push(body[0]! | (body[1]! << 8), body[2]! | (body[3]! << 8), xf);
    } else if (SINGLE_CELL.has(type) && body.length >= 6) {
      if (type === RSTRING) found?.add('partialText');
      cells.push(body[0]! | (body[1]! << 8), body[2]! | (body[3]! << 8), body[4]! | (body[5]! << 8));
      budget.left -= 1;
    } else if ((type === MULRK || type === MULBLANK) && body.length >= 6) {
      const row = body[0]! | (body[1]! << 8);
      const first = body[2]! | (body[3]! << 8);
      const step = type === MULRK ? 6 : 2;
      const count = Math.floor((body.length - 6) / step);
      for (let i = 0; i < count; i += 1) {
        const at = 4 + i * step;
        cells.push(row, first + i, body[at]! | (body[at + 1]! << 8));
      }
      budget.left -= count;
    }
    if (budget.left < 0) throw new Error('too many cells');
  }
  done();
}

type Unread = NonNullable<BookNotes['unread']>[number];

/**
 * Whether any shared string carries formatting runs (part of a cell's text styled on its own).
 * `pieces` are the SST record's body and its CONTINUE records' bodies; a string's characters that
 * run into the next piece restart there with a new flags byte.
 */
export function sstHasRuns(pieces: Uint8Array[]): boolean {
  let piece = 0;
  let at = 8;
  const left = () => (pieces[piece]?.length ?? 0) - at;
  const next = () => {
    piece += 1;
    at = 0;
    return piece < pieces.length;
  };
  const byte = () => {
    while (left() <= 0) if (!next()) throw new Error('end');
    return pieces[piece]![at++]!;
  };
  const skip = (count: number) => {
    for (let rest = count; rest > 0;) {
      if (left() <= 0 && !next()) throw new Error('end');
      const step = Math.min(rest, left());
      at += step;
      rest -= step;
    }
  };
  const first = pieces[0];
  if (!first || first.length < 8) return false;
  const unique = (first[4]! | (first[5]! << 8) | (first[6]! << 16) | (first[7]! << 24)) >>> 0;
  try {
    for (let i = 0; i < unique; i += 1) {
      let chars = byte() | (byte() << 8);
      const flags = byte();
      if (flags & 0x08) return true;
      const ext = flags & 0x04 ? byte() | (byte() << 8) | (byte() << 16) | (byte() << 24) : 0;
      let wide = flags & 1 ? 2 : 1;
      while (chars > 0) {
        if (left() <= 0) {
          if (!next()) return false;
          wide = pieces[piece]![at++]! & 1 ? 2 : 1;
        }
        const take = Math.min(chars, Math.floor(left() / wide));
        if (take === 0) return false;
        at += take * wide;
        chars -= take;
      }
      skip(ext);
    }
  } catch {
    return false;
  }
  return false;
}

/**
 * The styles of a BIFF8 Workbook stream, or undefined when it has none we can read: BIFF5 and
 * older (other record layouts), an encrypted stream, or no globals at all.
 */
export function parseWorkbookStream(stream: Uint8Array): LegacyStyles | undefined {
  const fontBodies: Uint8Array[] = [];
  const xfBodies: Uint8Array[] = [];
  const sheets: Array<{ name: string; offset: number }> = [];
  let palette: Palette = { custom: [] };
  const sst: Uint8Array[] = [];
  const custom = new Map<number, string>();
  let first = true;
  let previous = 0;
  for (const { type, body } of records(stream, 0)) {
    if (first) {
      if (type !== BOF || body.length < 2 || (body[0]! | (body[1]! << 8)) !== BIFF8) return undefined;
      first = false;
      continue;
    }
    if (type === EOF) break;
    if (type === FILEPASS) return undefined;
    if (type === SST || (type === CONTINUE && previous === SST)) sst.push(body);
    if (type !== CONTINUE) previous = type;
    if (type === FONT && body.length >= 16 && fontBodies.length < MAX_XFS) fontBodies.push(body);
    else if (type === XF && body.length >= 20 && xfBodies.length < MAX_XFS) xfBodies.push(body);
    else if (type === PALETTE) palette = parsePalette(body);
    else if (type === FORMAT && body.length >= 5) {
      // ifmt, then an XLUnicodeString: cch, a flags byte (bit 0: two bytes a character), the characters.
      const count = body[2]! | (body[3]! << 8);
      const chars = body.subarray(5, 5 + count * (body[4]! & 1 ? 2 : 1));
      custom.set(body[0]! | (body[1]! << 8), body[4]! & 1 ? new TextDecoder('utf-16le').decode(chars) : String.fromCharCode(...chars));
    } else if (type === BOUNDSHEET && body.length >= 8 && body[5] === 0) {
      const offset = new DataView(body.buffer, body.byteOffset, 4).getUint32(0, true);
      const length = body[6]!;
      const wide = (body[7]! & 1) === 1;
      const chars = body.subarray(8, 8 + length * (wide ? 2 : 1));
      sheets.push({ name: wide ? new TextDecoder('utf-16le').decode(chars) : String.fromCharCode(...chars), offset });
    }
  }
  if (first) return undefined;
  // Font index 4 does not exist in BIFF: the fifth FONT record is font 5.
  const fonts: Array<Partial<ExcelJS.Font> | undefined> = fontBodies.map((body) => parseFont(body, palette));
  fonts.splice(4, 0, undefined);
  const xfs = xfBodies.map((body) => parseXf(body, fonts, palette));
  const budget = { left: MAX_STYLED_CELLS };
  const found = new Set<Unread>();
  const sheetStyles: LegacySheetStyles[] = sheets.map(({ name, offset }) => {
    const cells: number[] = [];
    const rowHeights: number[] = [];
    const lines = { rowStyles: [] as number[], columnStyles: [] as number[] };
    if (offset < stream.length) readSheetCells(stream, offset, cells, budget, found, rowHeights, lines);
    return { name, cells, rowHeights, ...lines };
  });
  if (sstHasRuns(sst)) found.add('partialText');
  const formats = xfBodies.map((body) => formatCode(body[2]! | (body[3]! << 8), custom));
  return { xfs, sheets: sheetStyles, unread: (['conditional', 'partialText'] as const).filter((part) => found.has(part)), formats };
}

/** An xls file's styles, or undefined (no BIFF8 Workbook stream, or one we cannot read): the page then says so. */
export function readXlsStyles(bytes: Uint8Array): LegacyStyles | undefined {
  try {
    const container = CFB.read(bytes, { type: 'array' });
    const entry = CFB.find(container, 'Workbook');
    if (!entry?.content) return undefined;
    const content = entry.content as ArrayLike<number>;
    const stream = content instanceof Uint8Array ? content : Uint8Array.from(content);
    return parseWorkbookStream(stream);
  } catch {
    return undefined;
  }
}
