import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { identify } from '@shared/file-type/identify';
import { bytesBlob } from '@shared/file-type/source';
import { sampleTtf, woffFromTtf } from './font-bytes';

const ttf = sampleTtf(Date.UTC(2026, 10, 1));
const view = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
const sum = (bytes: Uint8Array) => {
  const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
  padded.set(bytes);
  const words = new DataView(padded.buffer);
  let total = 0;
  for (let i = 0; i < padded.length; i += 4) total = (total + words.getUint32(i)) >>> 0;
  return total;
};
const tables = new Map(
  Array.from({ length: view.getUint16(4) }, (_, i) => {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(...ttf.subarray(at, at + 4));
    const offset = view.getUint32(at + 8);
    return [tag, { checksum: view.getUint32(at + 4), data: ttf.subarray(offset, offset + view.getUint32(at + 12)) }] as const;
  }),
);

describe('the sample font', () => {
  it('is a TrueType font whose checksums hold, as font loaders check', () => {
    expect([...tables.keys()]).toEqual(['OS/2', 'cmap', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'name', 'post']);
    for (const [tag, table] of tables) if (tag !== 'head') expect(sum(table.data), tag).toBe(table.checksum);
    // With checkSumAdjustment in place the whole file sums to the sfnt magic.
    expect(sum(ttf)).toBe(0xb1b0afba);
  });

  it('maps its characters to glyphs with outlines', () => {
    const cmap = tables.get('cmap')!.data;
    const sub = new DataView(cmap.buffer, cmap.byteOffset + 20);
    const segments = sub.getUint16(6) / 2;
    const starts = Array.from({ length: segments }, (_, i) => sub.getUint16(16 + segments * 2 + i * 2));
    expect(starts).toEqual([0x20, 0x45, 0x46, 0x48, 0x49, 0x4c, 0x54, 0x5341, 0x53e3, 0x5de5, 0x65e5, 0x738b, 0xffff]);
    const numGlyphs = new DataView(tables.get('maxp')!.data.buffer, tables.get('maxp')!.data.byteOffset).getUint16(4);
    expect(numGlyphs).toBe(13);
    // Every character but the space reaches a glyph with contours (its loca entry is not empty).
    const loca = tables.get('loca')!.data;
    const offsets = new DataView(loca.buffer, loca.byteOffset, loca.byteLength);
    starts.slice(1, -1).forEach((code, i) => {
      const glyph = (code + sub.getUint16(16 + segments * 4 + (i + 1) * 2)) & 0xffff;
      expect(offsets.getUint32((glyph + 1) * 4) - offsets.getUint32(glyph * 4), code.toString(16)).toBeGreaterThan(0);
    });
  });

  it('is identified by content as TrueType, its WOFF as WOFF holding the same tables', async () => {
    expect(await identify(bytesBlob(ttf))).toMatchObject({ format: 'ttf', mime: 'font/ttf' });
    const woff = woffFromTtf(ttf);
    expect(await identify(bytesBlob(woff))).toMatchObject({ format: 'woff', mime: 'font/woff' });
    const w = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
    expect(w.getUint32(8)).toBe(woff.length);
    expect(w.getUint32(16)).toBe(ttf.length);
    for (let i = 0; i < w.getUint16(12); i++) {
      const at = 44 + i * 20;
      const tag = String.fromCharCode(...woff.subarray(at, at + 4));
      const [offset, packed, orig] = [w.getUint32(at + 4), w.getUint32(at + 8), w.getUint32(at + 12)];
      const data = woff.subarray(offset, offset + packed);
      expect(Buffer.from(packed < orig ? inflateSync(data) : data).equals(Buffer.from(tables.get(tag)!.data)), tag).toBe(true);
    }
  });
});
