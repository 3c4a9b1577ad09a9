import { describe, expect, it } from 'vitest';
import { sketch } from './sketch.service';

describe('sketch service', () => {
  it('trims its input', () => {
    expect(sketch('  x  ')).toBe('x');
  });
});
