import { describe, expect, it } from 'vitest';
import { excel } from './excel.service';

describe('excel service', () => {
  it('trims its input', () => {
    expect(excel('  x  ')).toBe('x');
  });
});
