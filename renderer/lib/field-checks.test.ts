import { describe, expect, it } from 'vitest';
import { isBoolean, isOneOf, isString, isStringList } from './field-checks';

describe('field checks (the shell stores without zod)', () => {
  it('takes back a value of the right kind as it is', () => {
    expect(isBoolean.safeParse(false)).toEqual({ success: true, data: false });
    expect(isString.safeParse('')).toEqual({ success: true, data: '' });
    expect(isStringList.safeParse(['a', 'b'])).toEqual({ success: true, data: ['a', 'b'] });
    expect(isStringList.safeParse([])).toEqual({ success: true, data: [] });
    expect(isOneOf(['side', 'top']).safeParse('top')).toEqual({ success: true, data: 'top' });
  });

  it('refuses anything else, look-alikes included', () => {
    for (const value of ['true', 0, 1, null, undefined, {}]) expect(isBoolean.safeParse(value).success).toBe(false);
    for (const value of [1, null, undefined, ['a'], {}]) expect(isString.safeParse(value).success).toBe(false);
    for (const value of ['a', ['a', 1], [null], { 0: 'a', length: 1 }, null]) expect(isStringList.safeParse(value).success).toBe(false);
    for (const value of ['diagonal', 'Top', '', 1, null, ['top']]) expect(isOneOf(['side', 'top']).safeParse(value).success).toBe(false);
  });
});
