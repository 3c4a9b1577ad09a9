import { describe, expect, it } from 'vitest';
import { encodeWav } from './wav';

const ascii = (view: DataView, offset: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, index) => view.getUint8(offset + index)));

describe('encodeWav', () => {
  it('writes a 44-byte PCM header and interleaved 16-bit samples', () => {
    const left = new Float32Array([0, 1, -1, 0.5]);
    const right = new Float32Array([0, -1, 1, -0.5]);
    const file = encodeWav([left, right], 48_000);
    const view = new DataView(file);
    expect(file.byteLength).toBe(44 + 4 * 2 * 2);
    expect(ascii(view, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(file.byteLength - 8);
    expect(ascii(view, 8, 8)).toBe('WAVEfmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(48_000);
    expect(view.getUint32(28, true)).toBe(48_000 * 4);
    expect(view.getUint16(32, true)).toBe(4);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(16);
    const samples = Array.from({ length: 8 }, (_, index) => view.getInt16(44 + index * 2, true));
    expect(samples).toEqual([0, 0, 32767, -32768, -32768, 32767, 16383, -16384]);
  });

  it('encodes only the frames asked for and clips out-of-range samples', () => {
    const mono = new Float32Array([0.1, 2, -3, 0.2]);
    const file = encodeWav([mono], 8000, 1, 3);
    const view = new DataView(file);
    expect(view.getUint32(40, true)).toBe(4);
    expect(view.getUint16(22, true)).toBe(1);
    expect([view.getInt16(44, true), view.getInt16(46, true)]).toEqual([32767, -32768]);
  });

  it('refuses to encode no channels', () => {
    expect(() => encodeWav([], 8000)).toThrow();
  });
});
