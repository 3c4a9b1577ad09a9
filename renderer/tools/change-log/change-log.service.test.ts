import { describe, expect, it } from 'vitest';
import { changeLog } from './change-log.service';

describe('change-log service', () => {
  it('trims its input', () => {
    expect(changeLog('  x  ')).toBe('x');
  });
});
