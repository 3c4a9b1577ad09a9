import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { createLineEndingCounter, createUtf8Converter, lineEndingStyle } from './convert';

const TEXT = '第一行：繁體與简体\r\n第二行 café “quoted”\n第三行\r';

function convertInChunks(bytes: Uint8Array, ...args: Parameters<typeof createUtf8Converter>) {
  const converter = createUtf8Converter(...args);
  const parts: Uint8Array[] = [];
  // One-byte chunks split every multi-byte sequence: the decoder must carry them over.
  for (let i = 0; i < bytes.length; i++) parts.push(converter.push(bytes.subarray(i, i + 1), i === bytes.length - 1));
  return { bytes: Buffer.concat(parts), replaced: converter.replaced };
}

describe('createUtf8Converter', () => {
  it.each([
    ['gb18030', 'GB18030'],
    ['utf16le', 'UTF-16LE'],
  ] as const)('re-encodes %s to the exact UTF-8 bytes, across chunk boundaries', (iconvName, ours) => {
    const source = new Uint8Array(iconv.encode(TEXT, iconvName));
    const { bytes, replaced } = convertInChunks(source, ours, { bom: false });
    expect(bytes.equals(Buffer.from(TEXT, 'utf8'))).toBe(true);
    expect(replaced).toBe(0);
  });

  it('writes a BOM when asked, and drops the source BOM', () => {
    const source = new Uint8Array([0xff, 0xfe, ...iconv.encode('hi', 'utf16le')]);
    expect([...convertInChunks(source, 'UTF-16LE-BOM', { bom: true }).bytes]).toEqual([0xef, 0xbb, 0xbf, 0x68, 0x69]);
    expect([...convertInChunks(source, 'UTF-16LE-BOM', { bom: false }).bytes]).toEqual([0x68, 0x69]);
  });

  it('maps every ISO-8859-1 byte to its own code point (TextDecoder would use windows-1252)', () => {
    const { bytes } = convertInChunks(new Uint8Array([0x41, 0x93, 0xe9]), 'ISO-8859-1', { bom: false });
    expect(bytes.toString('utf8')).toBe('A\u0093é');
  });

  it('counts bytes the encoding cannot decode', () => {
    const { replaced } = convertInChunks(new Uint8Array([0x41, 0xff, 0x42]), 'GBK', { bom: false });
    expect(replaced).toBe(1);
  });
});

describe('line endings', () => {
  it('counts CRLF split across chunks once', () => {
    const counter = createLineEndingCounter();
    counter.push('a\r');
    counter.push('\nb\nc\r');
    expect(counter.result()).toEqual({ crlf: 1, lf: 1, cr: 1 });
    expect(lineEndingStyle(counter.result())).toBe('mixed');
  });

  it('names a single style', () => {
    expect(lineEndingStyle({ crlf: 3, lf: 0, cr: 0 })).toBe('crlf');
    expect(lineEndingStyle({ crlf: 0, lf: 2, cr: 0 })).toBe('lf');
    expect(lineEndingStyle({ crlf: 0, lf: 0, cr: 0 })).toBe('none');
  });
});
