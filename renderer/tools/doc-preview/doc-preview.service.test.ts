import { describe, expect, it } from 'vitest';
import { docPreview } from './doc-preview.service';

describe('doc-preview service', () => {
  it('trims its input', () => {
    expect(docPreview('  x  ')).toBe('x');
  });
});
