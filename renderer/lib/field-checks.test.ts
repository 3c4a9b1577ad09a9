import { describe, expect, it } from 'vitest';
import { isBoolean, isOneOf, isString, isStringList } from './field-checks';
import { isAnything, isHexColour, isListOf, isMapped, isNullable, isNumber, isRefined, isShape, isTagged, isText } from './shape-checks';

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

describe('field checks for settings shapes (tool pages without zod)', () => {
  it('numbers: finite, within bounds, whole when asked, above zero when asked', () => {
    const quality = isNumber({ integer: true, min: 1, max: 100 });
    expect(quality.safeParse(75)).toEqual({ success: true, data: 75 });
    for (const value of [0, 101, 7.5, Number.NaN, Infinity, '75', null]) expect(quality.safeParse(value).success).toBe(false);
    expect(isNumber().safeParse(-Infinity).success).toBe(false);
    expect(isNumber({ positive: true }).safeParse(0).success).toBe(false);
    expect(isNumber({ positive: true }).safeParse(0.01).success).toBe(true);
  });

  it('texts: length and pattern; colours as the pickers write them', () => {
    expect(isText({ max: 3 }).safeParse('abc').success).toBe(true);
    expect(isText({ max: 3 }).safeParse('abcd').success).toBe(false);
    expect(isText({ min: 1 }).safeParse('').success).toBe(false);
    expect(isHexColour.safeParse('#A0b1c2').success).toBe(true);
    for (const value of ['#fff', 'red', '#a0b1c2 ', 0xffffff]) expect(isHexColour.safeParse(value).success).toBe(false);
    expect(isOneOf([0, 90, 180, 270]).safeParse(90).success).toBe(true);
    expect(isOneOf([0, 90, 180, 270]).safeParse('90').success).toBe(false);
  });

  it('shapes keep only their own fields, fail on any bad one, and refuse unknown keys when strict', () => {
    const box = isShape({ width: isNumber({ min: 0 }), label: isNullable(isString) });
    expect(box.safeParse({ width: 2, label: null, extra: 1 })).toEqual({ success: true, data: { width: 2, label: null } });
    expect(box.safeParse({ width: 2 }).success).toBe(false);
    expect(box.safeParse({ width: -1, label: 'x' }).success).toBe(false);
    for (const value of [null, [], 'x']) expect(box.safeParse(value).success).toBe(false);
    expect(isShape({ width: isNumber() }, { strict: true }).safeParse({ width: 1, extra: 1 }).success).toBe(false);
    // An inherited property is not a stored field.
    expect(isShape({ toString: isAnything }).safeParse({}).success).toBe(true);
    expect(isShape({ toString: isString }).safeParse({}).success).toBe(false);
  });

  it('tagged shapes, lists, refinements and reshaping', () => {
    const step = isTagged('type', {
      join: isShape({ type: isOneOf(['join']), separator: isString }),
      trim: isShape({ type: isOneOf(['trim']), both: isBoolean }),
    });
    expect(step.safeParse({ type: 'join', separator: ',' })).toEqual({ success: true, data: { type: 'join', separator: ',' } });
    for (const value of [{ type: 'join', both: true }, { type: 'eval' }, { type: 'toString' }, {}, null])
      expect(step.safeParse(value).success).toBe(false);
    const list = isListOf(isNumber(), { min: 1, max: 2 });
    expect(list.safeParse([1, 2])).toEqual({ success: true, data: [1, 2] });
    for (const value of [[], [1, 2, 3], [1, 'x'], 'x']) expect(list.safeParse(value).success).toBe(false);
    const even = isRefined(isNumber(), (value) => value % 2 === 0);
    expect([even.safeParse(2).success, even.safeParse(3).success]).toEqual([true, false]);
    const doubled = isMapped(isNumber(), (value) => (value > 0 ? value * 2 : undefined));
    expect(doubled.safeParse(2)).toEqual({ success: true, data: 4 });
    expect(doubled.safeParse(0).success).toBe(false);
  });
});
