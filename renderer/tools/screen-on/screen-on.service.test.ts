import { describe, expect, it } from 'vitest';
import { screenOn } from './screen-on.service';

describe('screen-on service', () => {
  it('trims its input', () => {
    expect(screenOn('  x  ')).toBe('x');
  });
});
