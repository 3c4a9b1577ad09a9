import { describe, expect, it } from 'vitest';
import { feedback } from './feedback.service';

describe('feedback service', () => {
  it('trims its input', () => {
    expect(feedback('  x  ')).toBe('x');
  });
});
