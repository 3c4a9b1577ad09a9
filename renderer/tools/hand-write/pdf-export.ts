import {
  beginText,
  endText,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  setCharacterSqueeze,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
} from '@cantoo/pdf-lib';
import type { PDFContext, PDFRef } from '@cantoo/pdf-lib';
import type { SizeMm, TextLine } from '@shared/handwriting/types';

/** One generated page: its picture (PNG) and the real text written on it. */
export interface PdfPageInput {
  png: Uint8Array;
  page: SizeMm;
  lines: readonly TextLine[];
}

const PT_PER_MM = 72 / 25.4;
const FONT_KEY = 'HwText';

/**
 * A PDF of the page pictures with the text laid over them invisibly (text render mode 3), so the
 * file is searchable and `pdftotext` or a screen reader gets the words. The text layer uses a font
 * without glyphs (a Type0 font whose codes are our own per-document numbers, mapped to Unicode by its
 * ToUnicode CMap): nothing is drawn, so no CJK font needs embedding, and any character — CJK, Latin,
 * emoji — extracts exactly as typed.
 */
export async function buildHandwritingPdf(pages: readonly PdfPageInput[], title?: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (title) pdf.setTitle(title);
  pdf.setCreator('Baibao');
  const codes = new Map<string, number>();
  for (const { lines } of pages) for (const line of lines) for (const ch of line.text) if (!codes.has(ch)) codes.set(ch, codes.size + 1);
  const font = codes.size > 0 ? glyphlessFont(pdf.context, codes) : undefined;

  for (const input of pages) {
    const width = input.page.width * PT_PER_MM;
    const height = input.page.height * PT_PER_MM;
    const page = pdf.addPage([width, height]);
    const image = await pdf.embedPng(input.png);
    page.drawImage(image, { x: 0, y: 0, width, height });
    if (!font || input.lines.length === 0) continue;
    page.node.setFontDictionary(PDFName.of(FONT_KEY), font);
    const ops = [pushGraphicsState(), beginText(), setTextRenderingMode(TextRenderingMode.Invisible)];
    for (const line of input.lines) {
      const chars = Array.from(line.text);
      if (chars.length === 0) continue;
      const size = line.size * PT_PER_MM;
      // Squeezing the run to the written width makes a selection or a search hit cover the
      // handwriting it stands for.
      const natural = chars.reduce((sum, ch) => sum + emWidth(ch), 0) * size;
      const squeeze = line.width > 0 && natural > 0 ? (100 * line.width * PT_PER_MM) / natural : 100;
      const hex = chars.map((ch) => codes.get(ch)!.toString(16).padStart(4, '0')).join('');
      ops.push(
        setFontAndSize(FONT_KEY, size),
        setCharacterSqueeze(squeeze),
        setTextMatrix(1, 0, 0, 1, line.x * PT_PER_MM, height - line.y * PT_PER_MM),
        showText(PDFHexString.of(hex)),
      );
    }
    ops.push(endText(), popGraphicsState());
    page.pushOperators(...ops);
  }
  return pdf.save();
}

/** The text layer's font: no glyph program, 2-byte codes (Identity-H), Unicode through ToUnicode. */
function glyphlessFont(context: PDFContext, codes: ReadonlyMap<string, number>): PDFRef {
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: 'GlyphLessFont',
      Flags: 4,
      FontBBox: [0, 0, 1000, 1000],
      ItalicAngle: 0,
      Ascent: 1000,
      Descent: 0,
      CapHeight: 1000,
      StemV: 80,
    }),
  );
  const cidFont = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: 'GlyphLessFont',
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: 1000,
      W: widths(codes),
      CIDToGIDMap: 'Identity',
    }),
  );
  const toUnicode = context.register(context.flateStream(toUnicodeCMap(codes)));
  return context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: 'GlyphLessFont',
      Encoding: 'Identity-H',
      DescendantFonts: [cidFont],
      ToUnicode: toUnicode,
    }),
  );
}

/**
 * Advance of a code in em. Wide (CJK, full-width) characters take 1 em, others half, a space a
 * quarter — close to what a handwriting font gives, so text extractors see a space as a word gap
 * and not as a gap between columns.
 */
function emWidth(ch: string): number {
  if (ch === ' ') return 0.25;
  return /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u.test(ch)
    ? 1
    : 0.5;
}

/** The W array: each code's width where it differs from DW (1000). */
function widths(codes: ReadonlyMap<string, number>): (number | number[])[] {
  const out: (number | number[])[] = [];
  for (const [ch, code] of codes) {
    const width = emWidth(ch) * 1000;
    if (width !== 1000) out.push(code, [width]);
  }
  return out;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();

/** UTF-16BE of one character, as the CMap's destination string (a surrogate pair for astral ones). */
function utf16Hex(ch: string): string {
  let out = '';
  for (let i = 0; i < ch.length; i++) out += hex4(ch.charCodeAt(i));
  return out;
}

export function toUnicodeCMap(codes: ReadonlyMap<string, number>): string {
  const entries = [...codes].map(([ch, code]) => `<${hex4(code)}> <${utf16Hex(ch)}>`);
  const blocks: string[] = [];
  // The CMap syntax allows at most 100 mappings per bfchar block.
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    blocks.push(`${chunk.length} beginbfchar\n${chunk.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
