import { describe, expect, it } from 'vitest';
import { psd } from './psd.service';

describe('psd service', () => {
  it('trims its input', () => {
    expect(psd('  x  ')).toBe('x');
  });
});
