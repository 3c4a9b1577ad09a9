import { deflateSync } from 'node:zlib';

/**
 * A small TrueType font written table by table, so the seed's font family holds a font the project
 * made itself. Every glyph is a few upright bars (straight on-curve contours, no hinting), which is
 * enough for the Latin capitals E F H I L T and the characters 口 日 十 工 王.
 */

const UNITS_PER_EM = 1000;
const ASCENT = 800;
const DESCENT = 200;
const STROKE = 100;

type Bar = readonly [x0: number, y0: number, x1: number, y1: number];

interface Glyph {
  code?: number;
  advance: number;
  bars: readonly Bar[];
}

const latin = (char: string, bars: Bar[]): Glyph => ({ code: char.codePointAt(0), advance: 600, bars });
const han = (char: string, bars: Bar[]): Glyph => ({ code: char.codePointAt(0), advance: UNITS_PER_EM, bars });
const S = STROKE;

/** Glyph 0 (.notdef) is a hollow box, as fonts usually draw a missing character. */
const GLYPHS: readonly Glyph[] = [
  {
    advance: 600,
    bars: [
      [50, 0, 550, 60],
      [50, 640, 550, 700],
      [50, 0, 110, 700],
      [490, 0, 550, 700],
    ],
  },
  { code: 0x20, advance: 300, bars: [] },
  latin('E', [
    [80, 0, 80 + S, 700],
    [80, 0, 520, S],
    [80, 300, 460, 300 + S],
    [80, 700 - S, 520, 700],
  ]),
  latin('F', [
    [80, 0, 80 + S, 700],
    [80, 300, 460, 300 + S],
    [80, 700 - S, 520, 700],
  ]),
  latin('H', [
    [80, 0, 80 + S, 700],
    [420, 0, 420 + S, 700],
    [80, 300, 520, 300 + S],
  ]),
  latin('I', [[250, 0, 250 + S, 700]]),
  latin('L', [
    [80, 0, 80 + S, 700],
    [80, 0, 500, S],
  ]),
  latin('T', [
    [250, 0, 250 + S, 700],
    [60, 700 - S, 540, 700],
  ]),
  han('口', [
    [150, 0, 150 + S, 650],
    [750, 0, 750 + S, 650],
    [150, 550, 850, 650],
    [150, 0, 850, S],
  ]),
  han('日', [
    [200, -50, 200 + S, 750],
    [700, -50, 700 + S, 750],
    [200, 650, 800, 750],
    [200, 280, 800, 280 + S],
    [200, -50, 800, 50],
  ]),
  han('十', [
    [450, -120, 450 + S, 780],
    [60, 320, 940, 320 + S],
  ]),
  han('工', [
    [450, 0, 450 + S, 650],
    [150, 600, 850, 600 + S],
    [60, -50, 940, 50],
  ]),
  han('王', [
    [450, -50, 450 + S, 700],
    [120, 650, 880, 650 + S],
    [180, 280, 820, 280 + S],
    [60, -50, 940, 50],
  ]),
];

const FAMILY = 'Baibao Sample';
const NAMES: Record<number, string> = {
  0: 'Made by Baibao for its sample files; free to use for any purpose.',
  1: FAMILY,
  2: 'Regular',
  3: 'Baibao Sample Regular 1.000',
  4: 'Baibao Sample Regular',
  5: 'Version 1.000',
  6: 'BaibaoSample-Regular',
};
const NAMES_CN: Record<number, string> = { 1: '百宝箱示例字体', 4: '百宝箱示例字体 常规' };

class Writer {
  private readonly bytes: number[] = [];
  u8(value: number) {
    this.bytes.push(value & 0xff);
    return this;
  }
  u16(value: number) {
    return this.u8(value >> 8).u8(value);
  }
  u32(value: number) {
    return this.u16(Math.floor(value / 0x10000) & 0xffff).u16(value & 0xffff);
  }
  tag(text: string) {
    for (const char of text) this.u8(char.charCodeAt(0));
    return this;
  }
  raw(bytes: Uint8Array) {
    for (const byte of bytes) this.u8(byte);
    return this;
  }
  pad4() {
    while (this.bytes.length % 4) this.u8(0);
    return this;
  }
  get length() {
    return this.bytes.length;
  }
  done() {
    return Uint8Array.from(this.bytes);
  }
}

const log2floor = (n: number) => Math.floor(Math.log2(n));

function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4)
    sum = (sum + ((bytes[i]! << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0))) >>> 0;
  return sum;
}

interface Outline {
  data: Uint8Array;
  box: Bar | null;
  points: number;
  contours: number;
}

/** A simple glyph: each bar one clockwise contour of four on-curve points; overlaps fill (non-zero). */
function outline(glyph: Glyph): Outline {
  if (!glyph.bars.length) return { data: new Uint8Array(), box: null, points: 0, contours: 0 };
  const xs = glyph.bars.flatMap(([x0, , x1]) => [x0, x0, x1, x1]);
  const ys = glyph.bars.flatMap(([, y0, , y1]) => [y0, y1, y1, y0]);
  const box: Bar = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const w = new Writer().u16(glyph.bars.length);
  for (const value of box) w.u16(value);
  glyph.bars.forEach((_, i) => w.u16(i * 4 + 3));
  w.u16(0); // no instructions
  for (let i = 0; i < xs.length; i++) w.u8(0x01); // on curve, 16-bit deltas
  xs.forEach((x, i) => w.u16(x - (i ? xs[i - 1]! : 0)));
  ys.forEach((y, i) => w.u16(y - (i ? ys[i - 1]! : 0)));
  return { data: w.pad4().done(), box, points: xs.length, contours: glyph.bars.length };
}

function cmap(): Uint8Array {
  const mapped = GLYPHS.map((glyph, id) => ({ code: glyph.code, id }))
    .filter((entry): entry is { code: number; id: number } => entry.code !== undefined)
    .sort((a, b) => a.code - b.code);
  // One segment per character, then the closing 0xFFFF segment.
  const segments = [
    ...mapped.map(({ code, id }) => ({ start: code, end: code, delta: (id - code) & 0xffff })),
    { start: 0xffff, end: 0xffff, delta: 1 },
  ];
  const segCount = segments.length;
  const searchRange = 2 * 2 ** log2floor(segCount);
  const sub = new Writer()
    .u16(4)
    .u16(16 + segCount * 8)
    .u16(0)
    .u16(segCount * 2)
    .u16(searchRange)
    .u16(log2floor(segCount))
    .u16(segCount * 2 - searchRange);
  for (const s of segments) sub.u16(s.end);
  sub.u16(0);
  for (const s of segments) sub.u16(s.start);
  for (const s of segments) sub.u16(s.delta);
  for (let i = 0; i < segCount; i++) sub.u16(0);
  // Unicode BMP (platform 0, encoding 3) and Windows Unicode BMP (3, 1) share the subtable.
  return new Writer().u16(0).u16(2).u16(0).u16(3).u32(20).u16(3).u16(1).u32(20).raw(sub.done()).done();
}

function name(): Uint8Array {
  const utf16 = (text: string) => {
    const w = new Writer();
    for (let i = 0; i < text.length; i++) w.u16(text.charCodeAt(i));
    return w.done();
  };
  // Records sorted by platform, encoding, language, then name id (en-US 0x0409 before zh-CN 0x0804).
  const records = [
    ...Object.entries(NAMES).map(([id, text]) => ({ lang: 0x0409, id: Number(id), bytes: utf16(text) })),
    ...Object.entries(NAMES_CN).map(([id, text]) => ({ lang: 0x0804, id: Number(id), bytes: utf16(text) })),
  ].sort((a, b) => a.lang - b.lang || a.id - b.id);
  const w = new Writer()
    .u16(0)
    .u16(records.length)
    .u16(6 + records.length * 12);
  let offset = 0;
  for (const record of records) {
    w.u16(3).u16(1).u16(record.lang).u16(record.id).u16(record.bytes.length).u16(offset);
    offset += record.bytes.length;
  }
  for (const record of records) w.raw(record.bytes);
  return w.done();
}

/** Seconds from 1904-01-01 (the sfnt epoch) to `time`. */
const sfntDate = (time: number) => Math.round(time / 1000) + 2_082_844_800;

/** The whole TrueType font (`.ttf`); `made` is written as its creation and modification date. */
export function sampleTtf(made: number): Uint8Array {
  const outlines = GLYPHS.map(outline);
  const drawn = GLYPHS.flatMap((glyph, i) => {
    const box = outlines[i]!.box;
    return box ? [{ advance: glyph.advance, box }] : [];
  });
  const xMin = Math.min(...drawn.map(({ box }) => box[0]));
  const yMin = Math.min(...drawn.map(({ box }) => box[1]));
  const xMax = Math.max(...drawn.map(({ box }) => box[2]));
  const yMax = Math.max(...drawn.map(({ box }) => box[3]));
  const lsbs = outlines.map((o) => o.box?.[0] ?? 0);
  const advanceMax = Math.max(...GLYPHS.map((g) => g.advance));
  const codes = GLYPHS.flatMap((g) => (g.code === undefined ? [] : [g.code]));

  const glyf = new Writer();
  const loca = new Writer();
  for (const o of outlines) {
    loca.u32(glyf.length);
    glyf.raw(o.data);
  }
  loca.u32(glyf.length);

  const date = sfntDate(made);
  const head = new Writer()
    .u32(0x00010000)
    .u32(0x00010000)
    .u32(0) // checkSumAdjustment, set once the whole font is laid out
    .u32(0x5f0f3cf5)
    .u16(0b1011) // baseline at y=0, left sidebearing at x=0, integer scaling
    .u16(UNITS_PER_EM)
    .u32(0)
    .u32(date)
    .u32(0)
    .u32(date)
    .u16(xMin)
    .u16(yMin)
    .u16(xMax)
    .u16(yMax)
    .u16(0)
    .u16(8)
    .u16(2)
    .u16(1) // long loca offsets
    .u16(0);
  const hhea = new Writer()
    .u32(0x00010000)
    .u16(ASCENT)
    .u16(-DESCENT)
    .u16(0)
    .u16(advanceMax)
    .u16(Math.min(...lsbs))
    .u16(Math.min(...drawn.map(({ advance, box }) => advance - box[2])))
    .u16(xMax)
    .u16(1)
    .u16(0)
    .u16(0)
    .u32(0)
    .u32(0)
    .u16(0)
    .u16(GLYPHS.length);
  const maxp = new Writer()
    .u32(0x00010000)
    .u16(GLYPHS.length)
    .u16(Math.max(...outlines.map((o) => o.points)))
    .u16(Math.max(...outlines.map((o) => o.contours)))
    .u16(0)
    .u16(0)
    .u16(2);
  for (let i = 0; i < 8; i++) maxp.u16(0);
  const hmtx = new Writer();
  GLYPHS.forEach((g, i) => hmtx.u16(g.advance).u16(lsbs[i]!));
  const os2 = new Writer()
    .u16(4)
    .u16(Math.round(GLYPHS.reduce((sum, g) => sum + g.advance, 0) / GLYPHS.length))
    .u16(400)
    .u16(5)
    .u16(0) // installable embedding
    .u16(650)
    .u16(600)
    .u16(0)
    .u16(75)
    .u16(650)
    .u16(600)
    .u16(0)
    .u16(350)
    .u16(50)
    .u16(300)
    .u16(0);
  for (let i = 0; i < 10; i++) os2.u8(0); // PANOSE: any
  os2
    .u32(1) // Basic Latin
    .u32(1 << 27) // CJK Unified Ideographs (bit 59)
    .u32(0)
    .u32(0)
    .tag('BBAO')
    .u16(0x40) // regular
    .u16(Math.min(...codes))
    .u16(Math.max(...codes))
    .u16(ASCENT)
    .u16(-DESCENT)
    .u16(0)
    .u16(ASCENT)
    .u16(DESCENT)
    .u32((1 << 0) | (1 << 18)) // Latin 1, simplified Chinese
    .u32(0)
    .u16(0)
    .u16(700)
    .u16(0)
    .u16(0x20)
    .u16(1);
  const post = new Writer().u32(0x00030000).u32(0).u16(-100).u16(50);
  for (let i = 0; i < 5; i++) post.u32(0);

  const tables: [string, Uint8Array][] = (
    [
      ['OS/2', os2.done()],
      ['cmap', cmap()],
      ['glyf', glyf.done()],
      ['head', head.done()],
      ['hhea', hhea.done()],
      ['hmtx', hmtx.done()],
      ['loca', loca.done()],
      ['maxp', maxp.done()],
      ['name', name()],
      ['post', post.done()],
    ] as [string, Uint8Array][]
  ).sort(([a], [b]) => (a < b ? -1 : 1));

  const searchRange = 16 * 2 ** log2floor(tables.length);
  const font = new Writer()
    .u32(0x00010000)
    .u16(tables.length)
    .u16(searchRange)
    .u16(log2floor(tables.length))
    .u16(tables.length * 16 - searchRange);
  let offset = 12 + tables.length * 16;
  for (const [tag, data] of tables) {
    font.tag(tag).u32(checksum(data)).u32(offset).u32(data.length);
    offset += Math.ceil(data.length / 4) * 4;
  }
  for (const [, data] of tables) font.raw(data).pad4();
  const bytes = font.done();
  const headAt =
    12 +
    tables.length * 16 +
    tables
      .slice(
        0,
        tables.findIndex(([tag]) => tag === 'head'),
      )
      .reduce((sum, [, d]) => sum + Math.ceil(d.length / 4) * 4, 0);
  const adjustment = (0xb1b0afba - checksum(bytes)) >>> 0;
  new DataView(bytes.buffer).setUint32(headAt + 8, adjustment);
  return bytes;
}

/** The same font as WOFF 1.0: each table zlib-compressed when that makes it smaller. */
export function woffFromTtf(ttf: Uint8Array): Uint8Array {
  const view = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  const numTables = view.getUint16(4);
  const entries = Array.from({ length: numTables }, (_, i) => {
    const at = 12 + i * 16;
    const offset = view.getUint32(at + 8);
    const length = view.getUint32(at + 12);
    const orig = ttf.subarray(offset, offset + length);
    const packed = deflateSync(orig, { level: 9 });
    return { tag: ttf.subarray(at, at + 4), checksum: view.getUint32(at + 4), orig, data: packed.length < length ? packed : orig };
  });
  const totalSfntSize = 12 + numTables * 16 + entries.reduce((sum, e) => sum + Math.ceil(e.orig.length / 4) * 4, 0);
  let offset = 44 + numTables * 20;
  const directory = new Writer();
  for (const e of entries) {
    directory.raw(e.tag).u32(offset).u32(e.data.length).u32(e.orig.length).u32(e.checksum);
    offset += Math.ceil(e.data.length / 4) * 4;
  }
  const woff = new Writer().tag('wOFF').u32(0x00010000).u32(offset).u16(numTables).u16(0).u32(totalSfntSize).u16(1).u16(0);
  for (let i = 0; i < 5; i++) woff.u32(0);
  woff.raw(directory.done());
  for (const e of entries) woff.raw(e.data).pad4();
  return woff.done();
}
