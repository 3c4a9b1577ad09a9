import { describe, expect, it } from 'vitest';
import { otp } from './otp.service';

describe('otp service', () => {
  it('trims its input', () => {
    expect(otp('  x  ')).toBe('x');
  });
});
