import { describe, expect, it } from 'vitest';
import { TEXT_PREVIEW_BYTES, filledCategories, moved, previewKind, sampleDescription, textPreview } from './file-samples.service';

describe('previewKind', () => {
  it('shows pictures, sound, video and text in place and leaves the rest to the download', () => {
    expect(previewKind({ mime: 'image/png', size: 10 })).toBe('image');
    expect(previewKind({ mime: 'image/svg+xml', size: 10 })).toBe('image');
    expect(previewKind({ mime: 'audio/ogg; codecs=opus', size: 10 })).toBe('audio');
    expect(previewKind({ mime: 'video/webm', size: 10 })).toBe('video');
    expect(previewKind({ mime: 'text/csv', size: 10 })).toBe('text');
    expect(previewKind({ mime: 'application/json', size: 10 })).toBe('text');
    expect(previewKind({ mime: 'application/zip', size: 10 })).toBeNull();
    expect(previewKind({ mime: 'application/pdf', size: 10 })).toBeNull();
    expect(previewKind({ mime: 'image/vnd.adobe.photoshop', size: 10 })).toBeNull();
  });
});

describe('texts in two languages', () => {
  it('falls back to the other language when a description is missing', () => {
    expect(sampleDescription({ descriptionCn: '中文', descriptionEn: 'English' }, 'en')).toBe('English');
    expect(sampleDescription({ descriptionCn: '中文', descriptionEn: '' }, 'en')).toBe('中文');
    expect(sampleDescription({ descriptionCn: '', descriptionEn: 'English' }, 'cn')).toBe('English');
  });

  it('hides empty categories from visitors', () => {
    const sample = { id: 1 } as never;
    const catalogue = {
      categories: [
        { id: 1, nameCn: '空', nameEn: 'Empty', samples: [] },
        { id: 2, nameCn: '图', nameEn: 'Pics', samples: [sample] },
      ],
    };
    expect(filledCategories(catalogue).map((category) => category.id)).toEqual([2]);
  });
});

describe('textPreview', () => {
  it('keeps a short text whole', () => {
    expect(textPreview(new TextEncoder().encode('a,b\n中,文\n'))).toEqual({ text: 'a,b\n中,文\n', truncated: false });
  });

  it('cuts a long text at a character boundary, never inside a UTF-8 sequence', () => {
    const bytes = new TextEncoder().encode(`${'a'.repeat(TEXT_PREVIEW_BYTES - 1)}中文`);
    const preview = textPreview(bytes);
    expect(preview.truncated).toBe(true);
    expect(preview.text).toBe('a'.repeat(TEXT_PREVIEW_BYTES - 1));
  });
});

describe('moved', () => {
  it('swaps with the neighbour and refuses to move past either end', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
