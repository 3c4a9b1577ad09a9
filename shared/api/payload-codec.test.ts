import { describe, expect, it } from 'vitest';
import { API_CODE } from '../contracts/api';
import { decodePayload, encodePayload, ENCODED_PREFIX_LENGTH } from './payload-codec';

const sample = { list: [{ id: 1, title: '百宝箱 ✓' }], total: 1, nested: { emoji: '🧰' } };

describe('payload codec', () => {
  it.each([API_CODE.ENCODED, API_CODE.ENCODED_REVERSED] as const)('round-trips unicode JSON with code %i', (code) => {
    const encoded = encodePayload(sample, code);
    expect(encoded.length).toBeGreaterThan(ENCODED_PREFIX_LENGTH);
    expect(decodePayload(encoded, code)).toEqual(sample);
  });

  it('reads the base64 after exactly nine prefix characters', () => {
    const base64 = Buffer.from(JSON.stringify({ a: 1 })).toString('base64');
    expect(decodePayload(`123456789${base64}`, API_CODE.ENCODED)).toEqual({ a: 1 });
    expect(decodePayload(`ABCDEFGHI${[...base64].reverse().join('')}`, API_CODE.ENCODED_REVERSED)).toEqual({ a: 1 });
  });

  it('rejects payloads that are not encoded strings', () => {
    expect(() => decodePayload({ a: 1 }, API_CODE.ENCODED)).toThrow(TypeError);
    expect(() => decodePayload('short', API_CODE.ENCODED)).toThrow(TypeError);
    expect(() => decodePayload('123456789%%%notbase64', API_CODE.ENCODED)).toThrow();
  });
});
