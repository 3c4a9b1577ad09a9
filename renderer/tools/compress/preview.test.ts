import { describe, expect, it } from 'vitest';
import { decodePreview, looksBinary, previewKind } from './preview';

describe('preview', () => {
  it('picks a kind from the name', () => {
    expect(previewKind('docs/说明.MD')).toBe('text');
    expect(previewKind('a/photo.JPG')).toBe('image');
    expect(previewKind('setup.exe')).toBe('sniff');
  });

  it('decodes UTF-8 (BOM or not), GBK, then Latin-1', () => {
    expect(decodePreview(new TextEncoder().encode('\ufeff你好'), false)).toEqual({ text: '你好', encoding: 'utf-8' });
    expect(decodePreview(new Uint8Array([0xc4, 0xe3, 0xba, 0xc3]), false)).toEqual({ text: '你好', encoding: 'gbk' });
    expect(decodePreview(new Uint8Array([0x80, 0xff]), false).encoding).toBe('iso-8859-1');
  });

  it('keeps UTF-8 when a preview is cut in the middle of a character', () => {
    const bytes = new TextEncoder().encode('中文内容');
    expect(decodePreview(bytes.subarray(0, 7), true)).toEqual({ text: '中文', encoding: 'utf-8' });
  });

  it('calls data with NUL bytes binary', () => {
    expect(looksBinary(new Uint8Array([0x50, 0x4b, 0x00]))).toBe(true);
    expect(looksBinary(new TextEncoder().encode('plain'))).toBe(false);
  });
});
