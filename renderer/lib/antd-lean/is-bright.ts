import { Color } from '@rc-component/color-picker/es/color';
import type { AggregationColor } from 'antd/es/color-picker/color';

/**
 * antd's `isBright` (antd/es/color-picker/components/ColorPresets), the one thing Button's token
 * takes from that module, without the presets panel and the Collapse it imports
 * (scripts/antd-lean-plugin.ts). is-bright.test.ts checks it against antd's own.
 */
export const isBright = (value: Pick<AggregationColor, 'toRgb' | 'toRgbString'>, bgColorToken: string): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new Color(value.toRgbString()).onBackground(bgColorToken).toHsv();
  // A see-through colour is judged on the background it is drawn on (the dark theme's case).
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
