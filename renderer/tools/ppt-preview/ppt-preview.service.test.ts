import { describe, expect, it } from 'vitest';
import { pptPreview } from './ppt-preview.service';

describe('ppt-preview service', () => {
  it('trims its input', () => {
    expect(pptPreview('  x  ')).toBe('x');
  });
});
