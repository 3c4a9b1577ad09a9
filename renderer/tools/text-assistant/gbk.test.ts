import { describe, expect, it } from 'vitest';
import { encodeGbk, gbkByteLength } from './gbk';

const decodeGbk = (bytes: Uint8Array) => new TextDecoder('gbk').decode(bytes);

describe('GBK', () => {
  it('encodes known characters to their real GBK bytes', () => {
    expect(Array.from(encodeGbk('a中文€　，').bytes)).toEqual([0x61, 0xd6, 0xd0, 0xce, 0xc4, 0x80, 0xa1, 0xa1, 0xa3, 0xac]);
  });

  it('round-trips through the platform GBK decoder, byte count included', () => {
    const text = '百宝箱 Baibao：简繁體字、全角ＡＢＣ、符号①②③※〒、日本語かな、русский, ΑΒΓ αβγ, tab\there\r\nend €';
    const { bytes, unencodable } = encodeGbk(text);
    expect(unencodable).toBe(0);
    expect(decodeGbk(bytes)).toBe(text);
    expect(gbkByteLength(text)).toEqual({ bytes: bytes.length, unencodable: 0 });
  });

  it('round-trips every character GBK has a two-byte code for', () => {
    // All 23 940 lead/trail pairs decoded, encoded again and compared with the original bytes.
    const decoder = new TextDecoder('gbk');
    let checked = 0;
    for (let lead = 0x81; lead <= 0xfe; lead += 1) {
      for (let trail = 0x40; trail <= 0xfe; trail += 1) {
        if (trail === 0x7f) continue;
        const char = decoder.decode(new Uint8Array([lead, trail]));
        if (char.length !== 1 || char === '\ufffd') continue;
        const { bytes } = encodeGbk(char);
        expect(decodeGbk(bytes)).toBe(char);
        // € has a two-byte code too (A2E3), but the WHATWG GBK encoder writes it as the single byte 0x80.
        expect(gbkByteLength(char).bytes).toBe(char === '€' ? 1 : 2);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(21_000);
  });

  it('counts characters GBK cannot represent as one "?" each, surrogate pairs once', () => {
    const text = '笑😀𠀀e\u0301';
    expect(gbkByteLength(text)).toEqual({ bytes: 2 + 1 + 1 + 1 + 1, unencodable: 3 });
    const { bytes, unencodable } = encodeGbk(text);
    expect(unencodable).toBe(3);
    expect(decodeGbk(bytes)).toBe('笑??e?');
  });

  it('counts ASCII and the empty string', () => {
    expect(gbkByteLength('')).toEqual({ bytes: 0, unencodable: 0 });
    expect(gbkByteLength('hello\n')).toEqual({ bytes: 6, unencodable: 0 });
  });
});
