import { describe, expect, it } from 'vitest';
import type { Identification } from '@shared/file-type/identify';
import { refusal } from './pptx-sniff';

const found = (format: string, kind: Identification['kind'], flags: Identification['flags'] = []): Identification => ({
  format,
  kind,
  flags,
  mime: '',
  ext: format,
  label: '',
  basis: 'container',
});

describe('refusal', () => {
  it('lets decks (and zips that may be renamed decks) through', () => {
    expect(refusal(found('pptx', 'presentation'))).toBeUndefined();
    expect(refusal(found('ppsx', 'presentation'))).toBeUndefined();
    expect(refusal(found('zip', 'archive'))).toBeUndefined();
  });

  it('says encrypted before anything else, and legacy .ppt apart from other files', () => {
    expect(refusal(found('pptx', 'presentation', ['encrypted']))).toBe('encrypted');
    expect(refusal(found('xlsx', 'spreadsheet', ['encrypted']))).toBe('encrypted');
    expect(refusal(found('ppt', 'presentation'))).toBe('legacyPpt');
    expect(refusal(found('empty', 'empty'))).toBe('empty');
  });

  it('names the tool for other formats', () => {
    expect(refusal(found('xls', 'spreadsheet'))).toBe('excel');
    expect(refusal(found('docx', 'document'))).toBe('word');
    expect(refusal(found('psd', 'image'))).toBe('psd');
    expect(refusal(found('sketch', 'drawing'))).toBe('sketch');
    expect(refusal(found('png', 'image'))).toBe('notPptx');
  });
});
