import { describe, expect, it } from 'vitest';
import { handWrite } from './hand-write.service';

describe('hand-write service', () => {
  it('trims its input', () => {
    expect(handWrite('  x  ')).toBe('x');
  });
});
