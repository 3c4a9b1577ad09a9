/**
 * Cell styles of an xlsb (BIFF12, [MS-XLSB]): fonts, fills, borders and cell formats from
 * xl/styles.bin, and each cell's style index from its sheet's records — SheetJS Community reads
 * the tables but gives cells no style. Theme and indexed colours are resolved to RGB here, since
 * the rebuilt workbook has no theme. Never throws for bad input.
 */
import type ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { applyTint, indexedHex, parseThemePalette } from './colors';
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

const BRT_FONT = 0x2b;
const BRT_FILL = 0x2d;
const BRT_BORDER = 0x2e;
const BRT_XF = 0x2f;
const BRT_FMT = 0x2c;
const BRT_BEGIN_CELL_XFS = 0x269;
const BRT_END_CELL_XFS = 0x26a;
const BRT_BUNDLE_SH = 0x9c;
const BRT_ROW_HDR = 0x00;
const BRT_COL_INFO = 0x3c;
const BRT_WS_FMT_INFO = 0x1e5;
/** Excel's standard row height in twips (15 pt) when a sheet names none. */
const STANDARD_ROW_TWIPS = 300;
/** Cells with a column (BrtCellBlank … BrtFmlaError) and without one (BrtShortBlank … BrtShortIsst: the next column). */
const LAST_CELL = 0x0b;
const LAST_SHORT_CELL = 0x12;
const BRT_SST_ITEM = 0x13;
const CONDITIONAL = new Set([0x01cd, 0x0416]);

export interface Bin {
  type: number;
  body: Uint8Array;
}

/** BIFF12 records: a 1–2 byte type and a 1–4 byte length, 7 bits a byte. Stops at a record that runs past the end. */
export function* binRecords(data: Uint8Array): Generator<Bin> {
  let at = 0;
  while (at < data.length) {
    let type = data[at++]!;
    if (type & 0x80) type = (type & 0x7f) | ((data[at++]! & 0x7f) << 7);
    let length = 0;
    for (let i = 0; i < 4; i += 1) {
      const byte = data[at++];
      if (byte === undefined) return;
      length |= (byte & 0x7f) << (7 * i);
      if (!(byte & 0x80)) break;
    }
    if (at + length > data.length) return;
    yield { type, body: data.subarray(at, at + length) };
    at += length;
  }
}

const view = (body: Uint8Array) => new DataView(body.buffer, body.byteOffset, body.byteLength);
/** Without a DataView per record: a sheet has one record per cell. */
const u32 = (body: Uint8Array, at: number) => (body[at]! | (body[at + 1]! << 8) | (body[at + 2]! << 16) | (body[at + 3]! << 24)) >>> 0;
const u16 = (body: Uint8Array, at: number) => body[at]! | (body[at + 1]! << 8);

/** XLWideString: a 32-bit character count, then UTF-16LE. */
function wideString(body: Uint8Array, at: number): { text: string; end: number } | undefined {
  if (at + 4 > body.length) return undefined;
  const count = view(body).getUint32(at, true);
  if (count === 0xffffffff) return { text: '', end: at + 4 };
  const end = at + 4 + count * 2;
  if (end > body.length) return undefined;
  return { text: new TextDecoder('utf-16le').decode(body.subarray(at + 4, end)), end };
}

/** BrtColor (8 bytes) → exceljs ARGB, or undefined for "automatic". */
export function binColor(body: Uint8Array, at: number, theme: readonly string[]): ExcelJS.Color | undefined {
  if (at + 8 > body.length) return undefined;
  const kind = body[at]! >> 1;
  const index = body[at + 1]!;
  const shade = view(body).getInt16(at + 2, true);
  let hex: string | undefined;
  if (kind === 1) hex = indexedHex(index);
  else if (kind === 2)
    hex = [body[at + 4]!, body[at + 5]!, body[at + 6]!]
      .map((v) => v.toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase();
  else if (kind === 3) hex = theme[index];
  if (!hex) return undefined;
  const tint = shade > 0 ? shade / 32767 : shade / 32768;
  return { argb: `FF${applyTint(hex, tint)}` } as ExcelJS.Color;
}

/** BrtFont. */
export function parseBinFont(body: Uint8Array, theme: readonly string[]): Partial<ExcelJS.Font> {
  const data = view(body);
  const height = data.getUint16(0, true);
  const flags = data.getUint16(2, true);
  const weight = data.getUint16(4, true);
  const script = data.getUint16(6, true);
  const underline = body[8]!;
  const name = wideString(body, 21)?.text;
  const font = biffFont({ height, flags, weight, script, underline });
  if (name) font.name = name;
  const color = binColor(body, 12, theme);
  if (color) font.color = color;
  return font;
}

/** BrtFill: a pattern with its two colours; a gradient (0x28) shows as its first stop's colour. */
export function parseBinFill(body: Uint8Array, theme: readonly string[]): ExcelJS.Fill | undefined {
  const kind = view(body).getUint32(0, true);
  if (kind === 0x28) {
    // After the two colours, the gradient's type, five doubles and the stop count: the first stop's colour follows.
    const stopColor = binColor(body, 4 + 16 + 4 + 40 + 4, theme);
    return stopColor ? { type: 'pattern', pattern: 'solid', fgColor: stopColor } : undefined;
  }
  const pattern = FILL_PATTERNS[kind];
  if (!pattern || pattern === 'none') return undefined;
  const fgColor = binColor(body, 4, theme);
  const bgColor = binColor(body, 12, theme);
  return { type: 'pattern', pattern, ...(fgColor ? { fgColor } : {}), ...(bgColor ? { bgColor } : {}) };
}

/** BrtBorder: a flags byte, then top, bottom, left, right and diagonal, each a line style byte, a spare byte and a colour. */
export function parseBinBorder(body: Uint8Array, theme: readonly string[]): Partial<ExcelJS.Borders> {
  const border: Partial<ExcelJS.Borders> = {};
  (['top', 'bottom', 'left', 'right'] as const).forEach((side, index) => {
    const at = 1 + index * 10;
    const style = BORDER_STYLES[body[at] ?? 0];
    if (!style) return;
    const color = binColor(body, at + 2, theme);
    border[side] = color ? { style, color } : { style };
  });
  // fBdrDiagDown (bit 0) and fBdrDiagUp (bit 1) share the fifth line's style and colour.
  const flags = body[0] ?? 0;
  const across =
    body.length >= 51 ? diagonal((flags & 2) !== 0, (flags & 1) !== 0, BORDER_STYLES[body[41]!], binColor(body, 43, theme)) : undefined;
  if (across) border.diagonal = across;
  return border;
}

interface Tables {
  fonts: Array<Partial<ExcelJS.Font>>;
  fills: Array<ExcelJS.Fill | undefined>;
  borders: Array<Partial<ExcelJS.Borders>>;
}

/** BrtXF (16 bytes): indexes into the tables, rotation, indent and alignment flags. */
export function parseBinXf(body: Uint8Array, tables: Tables): LegacyStyle {
  const data = view(body);
  const style: LegacyStyle = {};
  const font = tables.fonts[data.getUint16(4, true)];
  if (font) style.font = font;
  const fill = tables.fills[data.getUint16(6, true)];
  if (fill) style.fill = fill;
  const border = tables.borders[data.getUint16(8, true)];
  if (border) style.border = border;
  const flags = data.getUint16(12, true);
  const alignment: Partial<ExcelJS.Alignment> = {};
  const horizontal = H_ALIGNS[flags & 0x07];
  if (horizontal) alignment.horizontal = horizontal;
  const vertical = V_ALIGNS[(flags >> 3) & 0x07];
  if (vertical) alignment.vertical = vertical;
  if (flags & 0x40) alignment.wrapText = true;
  if (flags & 0x100) alignment.shrinkToFit = true;
  const rotate = rotation(body[10]!);
  if (rotate !== undefined) alignment.textRotation = rotate;
  if (body[11]) alignment.indent = body[11];
  style.alignment = alignment;
  return compactStyle(style);
}

/** styles.bin → the cell formats cells index (those of BrtBeginCellXFs, not the named styles'). */
export function parseStylesBin(
  data: Uint8Array,
  theme: readonly string[],
  formats?: Array<string | undefined>,
): Array<LegacyStyle | undefined> {
  const tables: Tables = { fonts: [], fills: [], borders: [] };
  const xfs: Array<LegacyStyle | undefined> = [];
  const custom = new Map<number, string>();
  let inCellXfs = false;
  for (const { type, body } of binRecords(data)) {
    // BrtFmt: ifmt, then an XLWideString (count of UTF-16 characters, the characters).
    if (type === BRT_FMT && body.length >= 6)
      custom.set(u16(body, 0), new TextDecoder('utf-16le').decode(body.subarray(6, 6 + Math.min(u32(body, 2), 255) * 2)));
    else if (type === BRT_XF && inCellXfs && body.length >= 16 && xfs.length < MAX_XFS) formats?.push(formatCode(u16(body, 2), custom));
    if (type === BRT_BEGIN_CELL_XFS) inCellXfs = true;
    else if (type === BRT_END_CELL_XFS) inCellXfs = false;
    else if (type === BRT_FONT && body.length >= 25 && tables.fonts.length < MAX_XFS) tables.fonts.push(parseBinFont(body, theme));
    else if (type === BRT_FILL && body.length >= 20 && tables.fills.length < MAX_XFS) tables.fills.push(parseBinFill(body, theme));
    else if (type === BRT_BORDER && body.length >= 41 && tables.borders.length < MAX_XFS) tables.borders.push(parseBinBorder(body, theme));
    else if (type === BRT_XF && inCellXfs && body.length >= 16 && xfs.length < MAX_XFS) xfs.push(parseBinXf(body, tables));
  }
  return xfs;
}

/**
 * A sheet bin's (row, column, style) triples, pushed onto `cells`, and the (row, points) pairs of rows
 * whose height differs from the sheet's default onto `rowHeights`: BrtRowHdr keeps the height Excel
 * fitted to the row's fonts, and SheetJS keeps it only when set by hand (fUnsynced), as in xls.
 */
export function readBinCells(
  data: Uint8Array,
  cells: number[],
  budget: { left: number },
  found?: Set<Unread>,
  rowHeights?: number[],
  lines?: Pick<LegacySheetStyles, 'rowStyles' | 'columnStyles'>,
): void {
  let row = 0;
  let col = -1;
  let defaultTwips = STANDARD_ROW_TWIPS;
  for (const { type, body } of binRecords(data)) {
    if (CONDITIONAL.has(type)) {
      found?.add('conditional');
      continue;
    }
    if (type === BRT_WS_FMT_INFO && body.length >= 8) {
      defaultTwips = body[6]! | (body[7]! << 8) || STANDARD_ROW_TWIPS;
      continue;
    }
    if (type === BRT_ROW_HDR && body.length >= 4) {
      row = u32(body, 0);
      col = -1;
      const twips = body.length >= 12 ? body[8]! | (body[9]! << 8) : 0;
      const hidden = body.length >= 12 && (body[11]! & 0x10) !== 0;
      if (rowHeights && twips && !hidden && twips !== defaultTwips) rowHeights.push(row, twips / 20);
      // fGhostDirty: the row has a format of its own (ixfe).
      if (body.length >= 12 && body[11]! & 0x40 && lines?.rowStyles && lines.rowStyles.length < MAX_STYLED_LINES * 2)
        lines.rowStyles.push(row, u32(body, 4));
    } else if (type === BRT_COL_INFO && body.length >= 16) {
      const xf = u32(body, 12);
      if (xf && lines?.columnStyles && lines.columnStyles.length < MAX_STYLED_LINES * 3)
        lines.columnStyles.push(u32(body, 0), u32(body, 4), xf);
      continue;
    } else if (type >= 1 && type <= LAST_CELL && body.length >= 8) {
      col = u32(body, 0);
      cells.push(row, col, body[4]! | (body[5]! << 8) | (body[6]! << 16));
    } else if (type > LAST_CELL && type <= LAST_SHORT_CELL && body.length >= 4) {
      col += 1;
      cells.push(row, col, body[0]! | (body[1]! << 8) | (body[2]! << 16));
    } else continue;
    budget.left -= 1;
    if (budget.left < 0) throw new Error('too many cells');
  }
}

type Unread = NonNullable<BookNotes['unread']>[number];

/** Whether a shared string styles part of its text on its own: more than one run, or one that starts past the first character. */
export function sstHasRuns(data: Uint8Array): boolean {
  for (const { type, body } of binRecords(data)) {
    if (type !== BRT_SST_ITEM || !(body[0]! & 1)) continue;
    const text = wideString(body, 1);
    if (!text || text.end + 4 > body.length) continue;
    const runs = u32(body, text.end);
    if (runs > 1 || (runs === 1 && text.end + 6 <= body.length && (body[text.end + 4]! | (body[text.end + 5]! << 8)) > 0)) return true;
  }
  return false;
}

/** workbook.bin's sheets in order: name and relationship id. */
export function parseWorkbookBin(data: Uint8Array): Array<{ name: string; rel: string }> {
  const sheets: Array<{ name: string; rel: string }> = [];
  for (const { type, body } of binRecords(data)) {
    if (type !== BRT_BUNDLE_SH) continue;
    const rel = wideString(body, 8);
    const name = rel && wideString(body, rel.end);
    if (rel && name) sheets.push({ name: name.text, rel: rel.text });
  }
  return sheets;
}

/** Relationship id → part path in the package, from a .rels file next to xl/workbook.bin. */
function relationTargets(xml: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const [tag] of xml.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]*)"/.exec(tag)?.[1];
    const target = /\bTarget="([^"]*)"/.exec(tag)?.[1];
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  return targets;
}

const PARTS = /^xl\/(?:styles\.bin|sharedStrings\.bin|workbook\.bin|_rels\/workbook\.bin\.rels|theme\/theme1\.xml|worksheets\/[^/]+\.bin)$/;

/** An xlsb file's styles, or undefined when its parts cannot be read: the page then says styles are not read. */
export function readXlsbStyles(bytes: Uint8Array): LegacyStyles | undefined {
  try {
    const parts = unzipSync(bytes, { filter: (file) => PARTS.test(file.name) });
    const styles = parts['xl/styles.bin'];
    const workbook = parts['xl/workbook.bin'];
    const rels = parts['xl/_rels/workbook.bin.rels'];
    if (!styles || !workbook || !rels) return undefined;
    const themeXml = parts['xl/theme/theme1.xml'];
    const formats: Array<string | undefined> = [];
    const xfs = parseStylesBin(styles, parseThemePalette(themeXml && strFromU8(themeXml)), formats);
    if (xfs.length === 0) return undefined;
    const targets = relationTargets(strFromU8(rels));
    const budget = { left: MAX_STYLED_CELLS };
    const found = new Set<Unread>();
    const sheets: LegacySheetStyles[] = parseWorkbookBin(workbook).map(({ name, rel }) => {
      const cells: number[] = [];
      const rowHeights: number[] = [];
      const lines = { rowStyles: [] as number[], columnStyles: [] as number[] };
      const part = parts[targets.get(rel) ?? ''];
      if (part) readBinCells(part, cells, budget, found, rowHeights, lines);
      return { name, cells, rowHeights, ...lines };
    });
    const strings = parts['xl/sharedStrings.bin'];
    if (strings && sstHasRuns(strings)) found.add('partialText');
    return { xfs, sheets, unread: (['conditional', 'partialText'] as const).filter((part) => found.has(part)), formats };
  } catch {
    return undefined;
  }
}
