import { describe, expect, it } from 'vitest';
import { crc32 } from '../hash/crc32';
import {
  CIPHER_OVERHEAD,
  LsbCapacityError,
  RECORD_OVERHEAD,
  buildRecord,
  capacityBytes,
  embedRecord,
  extractRecord,
  maxMessageBytes,
  usableSamples,
} from './lsb';
import type { RgbaPixels } from './lsb';

/** Deterministic noise-like pixels (an LCG), so every LSB starts out random-looking. */
function noise(width: number, height: number, alpha: (i: number) => number = () => 255): RgbaPixels {
  const data = new Uint8Array(width * height * 4);
  let seed = 12345;
  for (let i = 0; i < data.length; i += 1) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = i % 4 === 3 ? alpha(i >> 2) : seed >>> 24;
  }
  return { width, height, data };
}

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('capacity', () => {
  it('counts three samples per visible pixel and whole bytes', () => {
    const pixels = noise(10, 10, (i) => (i < 20 ? 0 : 255));
    expect(usableSamples(pixels)).toBe(80 * 3);
    expect(capacityBytes(240)).toBe(30);
    expect(capacityBytes(239)).toBe(29);
    expect(maxMessageBytes(30, false)).toBe(30 - RECORD_OVERHEAD);
    expect(maxMessageBytes(100, true)).toBe(100 - RECORD_OVERHEAD - CIPHER_OVERHEAD);
    expect(maxMessageBytes(5, false)).toBe(0);
  });
});

describe('record', () => {
  it('has the documented layout: magic, version, flags, length, body, CRC-32', () => {
    const record = buildRecord(utf8('hi'), true);
    expect(Array.from(record.subarray(0, 10))).toEqual([0x42, 0x42, 0x53, 0x47, 1, 1, 0, 0, 0, 2]);
    expect(Array.from(record.subarray(10, 12))).toEqual([0x68, 0x69]);
    expect(new DataView(record.buffer).getUint32(12)).toBe(crc32(record.subarray(0, 12)));
  });

  it('round-trips through the pixels and changes only colour LSBs', () => {
    const pixels = noise(64, 48);
    const body = utf8('百宝箱 hides 😀 text');
    const out = embedRecord(pixels, buildRecord(body, false));
    expect(extractRecord(out)).toEqual({ kind: 'found', encrypted: false, body });
    let changed = 0;
    for (let i = 0; i < pixels.data.length; i += 1) {
      const delta = Math.abs((out.data[i] ?? 0) - (pixels.data[i] ?? 0));
      expect(delta).toBeLessThanOrEqual(i % 4 === 3 ? 0 : 1);
      changed += delta;
    }
    expect(changed).toBeGreaterThan(0);
    // The input is left as it was.
    expect(extractRecord(pixels)).toEqual({ kind: 'none' });
  });

  it('fills the image exactly to capacity and refuses one byte more', () => {
    const pixels = noise(20, 20);
    const capacity = capacityBytes(usableSamples(pixels));
    const body = new Uint8Array(maxMessageBytes(capacity, false)).map((_, i) => i * 7);
    expect(extractRecord(embedRecord(pixels, buildRecord(body, false)))).toEqual({ kind: 'found', encrypted: false, body });
    expect(() => embedRecord(pixels, buildRecord(new Uint8Array(body.length + 1), false))).toThrow(LsbCapacityError);
  });

  it('skips fully transparent pixels, so zeroing their colour (as optimisers do) keeps the record', () => {
    const pixels = noise(32, 32, (i) => (i % 3 === 0 ? 0 : 200));
    const body = utf8('survives alpha cleaning');
    const out = embedRecord(pixels, buildRecord(body, false));
    for (let i = 0; i < out.data.length; i += 4) {
      if (out.data[i + 3] === 0) {
        expect(out.data.subarray(i, i + 3)).toEqual(pixels.data.subarray(i, i + 3));
        out.data.fill(0, i, i + 3);
      }
    }
    expect(extractRecord(out)).toEqual({ kind: 'found', encrypted: false, body });
  });

  it('says "none" for plain images, including fully transparent and tiny ones', () => {
    expect(extractRecord(noise(50, 50))).toEqual({ kind: 'none' });
    expect(extractRecord(noise(50, 50, () => 0))).toEqual({ kind: 'none' });
    expect(extractRecord(noise(2, 2))).toEqual({ kind: 'none' });
    expect(extractRecord({ width: 3, height: 3, data: new Uint8Array(36) })).toEqual({ kind: 'none' });
  });

  it('reports damage: a flipped body bit, a length past the image, unknown flags, a cut-off image', () => {
    const pixels = noise(40, 40);
    const record = buildRecord(utf8('integrity matters'), false);
    const flipBit = (bit: number) => {
      const out = embedRecord(pixels, record);
      // Bit n of the record lives in the n-th colour sample: pixel n/3, channel n%3.
      const index = Math.floor(bit / 3) * 4 + (bit % 3);
      out.data[index] = (out.data[index] ?? 0) ^ 1;
      return extractRecord(out);
    };
    expect(flipBit(8 * 12 + 3)).toEqual({ kind: 'damaged' });
    expect(flipBit(8 * 6)).toEqual({ kind: 'damaged' }); // the length's top bit: far past the image
    expect(flipBit(8 * 5)).toEqual({ kind: 'damaged' }); // an unknown flag
    expect(flipBit(8 * 4)).toEqual({ kind: 'unsupported', version: 129 });
    expect(flipBit(0)).toEqual({ kind: 'none' }); // magic gone
    const out = embedRecord(pixels, record);
    const rows = 2; // the header fits in two rows, the body does not
    expect(extractRecord({ width: 40, height: rows, data: out.data.slice(0, 40 * rows * 4) })).toEqual({ kind: 'damaged' });
  });

  it('refuses an encrypted record too short to hold salt, IV and tag', () => {
    const out = embedRecord(noise(40, 40), buildRecord(new Uint8Array(CIPHER_OVERHEAD - 1), true));
    expect(extractRecord(out)).toEqual({ kind: 'damaged' });
  });
});
