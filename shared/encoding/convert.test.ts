import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { createLineEndingCounter, createUtf8Converter, lineEndingStyle } from './convert';
import { utf32 } from './encoders.test-helper';

const TEXT = '第一行：繁體與简体\r\n第二行 café “quoted”\n第三行\r';

function convertInChunks(bytes: Uint8Array, ...args: Parameters<typeof createUtf8Converter>) {
  const converter = createUtf8Converter(...args);
  const parts: Uint8Array[] = [];
  // One-byte chunks split every multi-byte sequence: the decoder must carry them over.
  for (let i = 0; i < bytes.length; i++) parts.push(converter.push(bytes.subarray(i, i + 1), i === bytes.length - 1));
  return { bytes: Buffer.concat(parts), replaced: converter.replaced, controls: converter.controls, declared: converter.declared };
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

  it.each([true, false])('decodes UTF-32 (little-endian %s), with and without its BOM', (littleEndian) => {
    const bom = littleEndian ? 'UTF-32LE-BOM' : 'UTF-32BE-BOM';
    const plain = littleEndian ? 'UTF-32LE' : 'UTF-32BE';
    const withBom = convertInChunks(utf32(`\ufeff${TEXT} 😀`, littleEndian), bom, { bom: false });
    expect(withBom.bytes.toString('utf8')).toBe(`${TEXT} 😀`);
    expect(withBom).toMatchObject({ replaced: 0, controls: 0 });
    expect(convertInChunks(utf32(TEXT, littleEndian), plain, { bom: false }).bytes.toString('utf8')).toBe(TEXT);
  });

  it('counts the NULs of UTF-32 read as UTF-16: the copy would be garbage', () => {
    const source = utf32('\ufeffHello, world', true);
    const { controls } = convertInChunks(source, 'UTF-16LE-BOM', { bom: false });
    // One NUL after each of the 12 characters, and the BOM's second half.
    expect(controls).toBe(13);
  });

  it('rewrites the encoding an XML, HTML or CSS file declares to UTF-8, at any chunk size', () => {
    const xml = '<?xml version="1.0" encoding="gb2312"?>\n<根>中文</根>\n';
    const converted = convertInChunks(new Uint8Array(iconv.encode(xml, 'gbk')), 'GBK', { bom: false });
    expect(converted.bytes.toString('utf8')).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<根>中文</根>\n');
    expect(converted.declared).toEqual(['gb2312']);
    const html =
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312">\n<meta charset=GBK><title>标题</title></head></html>';
    const page = createUtf8Converter('GBK', { bom: false });
    const out = Buffer.from(page.push(new Uint8Array(iconv.encode(html, 'gbk')), true)).toString('utf8');
    expect(out).toBe(
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8">\n<meta charset=UTF-8><title>标题</title></head></html>',
    );
    expect(page.declared).toEqual(['gb2312', 'GBK']);
    const css = convertInChunks(new Uint8Array(iconv.encode('@charset "Big5";\nbody { font-family: "新細明體"; }', 'big5')), 'Big5', {
      bom: false,
    });
    expect(css.bytes.toString('utf8')).toBe('@charset "UTF-8";\nbody { font-family: "新細明體"; }');
  });

  it('leaves a UTF-8 declaration and text that merely mentions one alone', () => {
    const xml = '<?xml version="1.0" encoding="utf-8"?><a/>';
    expect(convertInChunks(new Uint8Array(Buffer.from(xml)), 'UTF-8', { bom: false })).toMatchObject({ declared: [] });
    const prose = 'Write encoding="gb2312" in the XML declaration.\n';
    expect(convertInChunks(new Uint8Array(Buffer.from(prose)), 'ASCII', { bom: false }).bytes.toString('utf8')).toBe(prose);
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
