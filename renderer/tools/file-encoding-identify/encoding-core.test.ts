import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { EncodingFailure, convertBlob, findTextSample, identifyBlob, previewBlob } from './encoding-core';
import { MAX_CONVERT_BYTES } from './file-encoding-identify.service';
import { utf32 } from '@shared/encoding/encoders.test-helper';

const blob = (bytes: Uint8Array | Buffer) => new Blob([new Uint8Array(bytes)]);
const CHINESE = '百宝箱：文件编码识别。第一行\r\n第二行\n';

describe('identifyBlob', () => {
  it('names the encoding, previews with it and counts line endings', async () => {
    const result = await identifyBlob(blob(iconv.encode(CHINESE.repeat(20), 'gbk')));
    expect(result.detection.encoding).toBe('GBK');
    expect(result.preview.split('\n')[0]).toBe('百宝箱：文件编码识别。第一行');
    expect(result.lineEndings).toEqual({ crlf: 20, lf: 20, cr: 0 });
    expect(result.sampleOffset).toBe(0);
  });

  it('looks past a long ASCII head to the first line with other bytes', async () => {
    const head = 'log line 0123456789 abcdefghij\n'.repeat(4000);
    const bytes = Buffer.concat([Buffer.from(head), iconv.encode(CHINESE.repeat(5), 'big5')]);
    expect(head.length).toBeGreaterThan(64 * 1024);
    const result = await identifyBlob(blob(bytes));
    expect(result.detection.encoding).toBe('Big5');
    expect(result.sampleOffset).toBe(head.length);
  });

  it('says binary without a preview', async () => {
    const result = await identifyBlob(blob(Uint8Array.from({ length: 300 }, (_, i) => (i * 37) & 0xff)));
    expect(result.detection.encoding).toBe('binary');
    expect(result.preview).toBe('');
  });
});

describe('findTextSample', () => {
  it('returns the start of the line of the first high byte, or -1', async () => {
    expect(await findTextSample(blob(Buffer.from('abc\ndef\xe9', 'latin1')), 0)).toBe(4);
    expect(await findTextSample(blob(Buffer.from('abc')), 0)).toBe(-1);
  });
});

describe('previewBlob', () => {
  it('decodes with a chosen encoding', async () => {
    const bytes = blob(iconv.encode('繁體中文', 'big5'));
    expect(await previewBlob(bytes, 'Big5')).toBe('繁體中文');
    expect(await previewBlob(bytes, 'GBK')).not.toBe('繁體中文');
  });
});

describe('convertBlob', () => {
  it('writes exact UTF-8, with the BOM when asked', async () => {
    const source = blob(iconv.encode(CHINESE, 'gb18030'));
    const plain = Buffer.from(await (await convertBlob(source, 'GB18030', false)).blob.arrayBuffer());
    expect(plain.equals(Buffer.from(CHINESE, 'utf8'))).toBe(true);
    const withBom = Buffer.from(await (await convertBlob(source, 'GB18030', true)).blob.arrayBuffer());
    expect([...withBom.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('converts an empty file to an empty (or BOM-only) file', async () => {
    expect((await convertBlob(blob(new Uint8Array()), 'UTF-8', false)).blob.size).toBe(0);
    expect((await convertBlob(blob(new Uint8Array()), 'UTF-8', true)).blob.size).toBe(3);
  });

  it('names a UTF-32 file with a BOM and converts it to clean UTF-8', async () => {
    const text = '百宝箱 UTF-32 文本\r\nsecond line 😀\n';
    for (const littleEndian of [true, false]) {
      const source = blob(utf32(`\ufeff${text}`, littleEndian));
      const { detection, preview } = await identifyBlob(source);
      expect(detection).toMatchObject({ encoding: littleEndian ? 'UTF-32LE-BOM' : 'UTF-32BE-BOM', confidence: 1 });
      expect(preview).toBe('百宝箱 UTF-32 文本\nsecond line 😀\n');
      const converted = await convertBlob(source, detection.encoding, false);
      expect(Buffer.from(await converted.blob.arrayBuffer()).toString('utf8')).toBe(text);
    }
  });

  it('refuses to write a copy that would not be text (UTF-32 read as UTF-16)', async () => {
    const source = blob(utf32('\ufeffHello, this is UTF-32 text\n', true));
    await expect(convertBlob(source, 'UTF-16LE-BOM', false)).rejects.toMatchObject({ code: 'notText' });
  });

  it('rewrites a GB2312 page’s declared charset so the UTF-8 copy is read as UTF-8', async () => {
    const page = '<?xml version="1.0" encoding="GB2312"?>\n<html><head><meta charset="gb2312"/></head><body>中文网页</body></html>\n';
    const converted = await convertBlob(blob(iconv.encode(page, 'gbk')), 'GBK', false);
    expect(Buffer.from(await converted.blob.arrayBuffer()).toString('utf8')).toBe(page.replace(/gb2312/gi, 'UTF-8'));
    expect(converted.declared).toEqual(['GB2312', 'gb2312']);
  });

  it('refuses binary files and files over the cap with a code', async () => {
    await expect(convertBlob(blob(new Uint8Array(4)), 'binary', false)).rejects.toMatchObject({ code: 'binary' });
    const huge = { size: MAX_CONVERT_BYTES + 1 } as Blob;
    await expect(convertBlob(huge, 'UTF-8', false)).rejects.toBeInstanceOf(EncodingFailure);
  });
});
