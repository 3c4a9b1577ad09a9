import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';
import { createTrailer, findTrailerBytes, isTrailer, TRAILER_LENGTH, TRAILER_MAGIC } from './trailer';

const nonce = (seed: number) => Uint8Array.from({ length: 16 }, (_, i) => (seed * 31 + i * 7) & 0xff);
const reader = (bytes: Uint8Array) => (offset: number, length: number) => Promise.resolve(bytes.slice(offset, offset + length));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('crc32', () => {
  it('matches the IEEE check value', () => {
    expect(crc32(new TextEncoder().encode('123456789')).toString(16)).toBe('cbf43926');
    expect(crc32(new Uint8Array())).toBe(0);
  });
});

describe('hash trailer', () => {
  it('round-trips: modify then restore gives the original bytes back', async () => {
    const original = new TextEncoder().encode('hello, 百宝箱');
    const modified = concat(original, createTrailer(nonce(1)));
    expect(modified.length).toBe(original.length + TRAILER_LENGTH);
    const strip = await findTrailerBytes(modified.length, reader(modified));
    expect(modified.slice(0, modified.length - strip)).toEqual(original);
  });

  it('strips stacked trailers from repeated modifications', async () => {
    const original = Uint8Array.from([1, 2, 3]);
    const twice = concat(original, createTrailer(nonce(1)), createTrailer(nonce(2)));
    expect(await findTrailerBytes(twice.length, reader(twice))).toBe(2 * TRAILER_LENGTH);
  });

  it('never strips a file without our trailer', async () => {
    const plain = Uint8Array.from({ length: 1000 }, (_, i) => i & 0xff);
    expect(await findTrailerBytes(plain.length, reader(plain))).toBe(0);
    expect(await findTrailerBytes(0, reader(new Uint8Array()))).toBe(0);
    expect(await findTrailerBytes(5, reader(Uint8Array.from([1, 2, 3, 4, 5])))).toBe(0);
  });

  it('rejects a tail that only ends in the magic text, or whose checksum does not match', async () => {
    const fake = createTrailer(nonce(3));
    fake[0] = (fake[0] ?? 0) ^ 1; // one flipped nonce bit breaks the checksum
    expect(isTrailer(fake)).toBe(false);
    const magicOnly = concat(new Uint8Array(40), new TextEncoder().encode(`\u0001\u0020${TRAILER_MAGIC}`));
    expect(await findTrailerBytes(magicOnly.length, reader(magicOnly))).toBe(0);
    const wrongVersion = createTrailer(nonce(4));
    wrongVersion[20] = 2;
    expect(isTrailer(wrongVersion)).toBe(false);
  });

  it('gives different trailers for different nonces, so every modified copy has its own hash', () => {
    expect(createTrailer(nonce(1))).not.toEqual(createTrailer(nonce(2)));
    expect(() => createTrailer(new Uint8Array(8))).toThrow(RangeError);
  });
});
