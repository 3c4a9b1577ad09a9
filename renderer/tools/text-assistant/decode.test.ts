import { describe, expect, it } from 'vitest';
import { encodeGbk } from './gbk';
import { decodeText } from './decode';

describe('text file decoding', () => {
  const text = '百宝箱：简体中文 and English\r\n';

  it('reads UTF-8, with or without a byte-order mark', () => {
    const utf8 = new TextEncoder().encode(text);
    expect(decodeText(utf8)).toEqual({ text, encoding: 'UTF-8' });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toEqual({ text, encoding: 'UTF-8' });
  });

  it('falls back to GBK when the bytes are not valid UTF-8', () => {
    expect(decodeText(encodeGbk(text).bytes)).toEqual({ text, encoding: 'GBK' });
  });

  it('reads UTF-16 files by their byte-order mark', () => {
    const le = new Uint8Array([0xff, 0xfe, ...Array.from(text).flatMap((char) => [char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8])]);
    expect(decodeText(le)).toEqual({ text, encoding: 'UTF-16LE' });
  });

  it('ends with ISO-8859-1, which accepts any bytes', () => {
    expect(decodeText(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0xff]))).toEqual({ text: 'café\u00ff', encoding: 'ISO-8859-1' });
  });
});
