import { AggregationColor } from 'antd/lib/color-picker/color';
import { isBright as antdIsBright } from 'antd/lib/color-picker/components/ColorPresets';
import { describe, expect, it } from 'vitest';
import { isBright } from './is-bright';

// Button's token decides its solid text colour with isBright; the stand-in must answer as antd does.
const COLOURS = [
  '#000',
  '#fff',
  '#1677ff',
  '#ffe58f',
  '#c0c0c0',
  '#bfbfbf',
  'rgba(0,0,0,0.88)',
  'rgba(255,255,255,0.85)',
  'transparent',
  '#ff4d4f80',
  'rgba(255,255,255,0.3)',
];
const BACKGROUNDS = ['#fff', '#000', '#141414'];

describe('isBright (antd-lean stand-in)', () => {
  it.each(COLOURS.flatMap((colour) => BACKGROUNDS.map((background) => [colour, background] as const)))(
    '%s on %s answers as antd does',
    (colour, background) => {
      expect(isBright(new AggregationColor(colour), background)).toBe(antdIsBright(new AggregationColor(colour), background));
    },
  );

  it('tells light from dark', () => {
    expect(isBright(new AggregationColor('#fff'), '#fff')).toBe(true);
    expect(isBright(new AggregationColor('#000'), '#fff')).toBe(false);
  });
});
