import { attr, child, children, numberAttr } from './pptx-xml';
import type { XmlElement } from './pptx-xml';

/** The colours a part can name: the theme's scheme (dk1, accent1...) seen through the master's colour map (tx1 → dk1). */
export interface ColorContext {
  scheme: Record<string, string>;
  map: Record<string, string>;
  /** A style reference's colour (phClr) while resolving a theme fill or line. */
  placeholder?: string;
}

const PRESET: Record<string, string> = {
  black: '000000',
  white: 'FFFFFF',
  red: 'FF0000',
  green: '008000',
  blue: '0000FF',
  yellow: 'FFFF00',
  gray: '808080',
  grey: '808080',
  orange: 'FFA500',
  purple: '800080',
  darkBlue: '00008B',
  darkRed: '8B0000',
  lightGray: 'D3D3D3',
};

const DEFAULT_MAP: Record<string, string> = { bg1: 'lt1', tx1: 'dk1', bg2: 'lt2', tx2: 'dk2' };

export function readScheme(theme: XmlElement | undefined): Record<string, string> {
  const scheme: Record<string, string> = {};
  const colours = child(theme, 'themeElements', 'clrScheme');
  for (const entry of children(colours)) {
    const value = children(entry)[0];
    const hex =
      value?.localName === 'sysClr'
        ? (attr(value, 'lastClr') ?? (attr(value, 'val') === 'window' ? 'FFFFFF' : '000000'))
        : attr(value, 'val');
    if (hex) scheme[entry.localName] = hex.toUpperCase();
  }
  return scheme;
}

export function readColorMap(element: XmlElement | undefined): Record<string, string> {
  const map: Record<string, string> = { ...DEFAULT_MAP };
  if (!element) return map;
  for (let i = 0; i < element.attributes.length; i += 1) {
    const attribute = element.attributes.item(i)!;
    map[attribute.localName ?? attribute.name] = attribute.value;
  }
  return map;
}

function toRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.padStart(6, '0').slice(0, 6), 16) || 0;
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function rgbToHsl([r, g, b]: [number, number, number]): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function hslToRgb([h, s, l]: [number, number, number]): [number, number, number] {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

const clamp = (value: number) => Math.min(255, Math.max(0, Math.round(value)));

/** Applies lumMod/lumOff, tint, shade and alpha (the modifiers PowerPoint's own palettes use). */
function modify(hex: string, element: XmlElement): string {
  let rgb = toRgb(hex);
  let alpha = 1;
  for (const modifier of children(element)) {
    const value = (numberAttr(modifier, 'val') ?? 100000) / 100000;
    switch (modifier.localName) {
      case 'lumMod':
      case 'lumOff': {
        const hsl = rgbToHsl(rgb);
        hsl[2] = modifier.localName === 'lumMod' ? hsl[2] * value : hsl[2] + value;
        hsl[2] = Math.min(1, Math.max(0, hsl[2]));
        rgb = hslToRgb(hsl);
        break;
      }
      case 'tint':
        rgb = rgb.map((c) => c + (255 - c) * (1 - value)) as [number, number, number];
        break;
      case 'shade':
        rgb = rgb.map((c) => c * value) as [number, number, number];
        break;
      case 'alpha':
        alpha = value;
        break;
      default:
    }
  }
  const [r, g, b] = rgb.map(clamp) as [number, number, number];
  if (alpha < 1) return `rgba(${r}, ${g}, ${b}, ${Math.round(alpha * 1000) / 1000})`;
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The CSS colour of a colour element (srgbClr, schemeClr, sysClr, prstClr, scrgbClr, hslClr), or of a fill holding one. */
export function colorOf(element: XmlElement | undefined, context: ColorContext): string | undefined {
  if (!element) return undefined;
  const colour = ['srgbClr', 'schemeClr', 'sysClr', 'prstClr', 'scrgbClr', 'hslClr'].includes(element.localName ?? '')
    ? element
    : children(element).find((node) => ['srgbClr', 'schemeClr', 'sysClr', 'prstClr', 'scrgbClr', 'hslClr'].includes(node.localName ?? ''));
  if (!colour) return undefined;
  let hex: string | undefined;
  switch (colour.localName) {
    case 'srgbClr':
      hex = attr(colour, 'val');
      break;
    case 'sysClr':
      hex = attr(colour, 'lastClr') ?? (attr(colour, 'val') === 'window' ? 'FFFFFF' : '000000');
      break;
    case 'prstClr':
      hex = PRESET[attr(colour, 'val') ?? ''] ?? '000000';
      break;
    case 'scrgbClr': {
      const part = (name: string) => clamp(((numberAttr(colour, name) ?? 0) / 100000) * 255);
      hex = [part('r'), part('g'), part('b')].map((c) => c.toString(16).padStart(2, '0')).join('');
      break;
    }
    case 'hslClr': {
      const rgb = hslToRgb([
        (numberAttr(colour, 'hue') ?? 0) / 21600000,
        (numberAttr(colour, 'sat') ?? 0) / 100000,
        (numberAttr(colour, 'lum') ?? 0) / 100000,
      ]);
      hex = rgb.map((c) => clamp(c).toString(16).padStart(2, '0')).join('');
      break;
    }
    case 'schemeClr': {
      const name = attr(colour, 'val') ?? '';
      if (name === 'phClr') hex = context.placeholder?.replace('#', '');
      else hex = context.scheme[context.map[name] ?? name] ?? context.scheme[name];
      break;
    }
    default:
  }
  if (!hex || !/^[0-9a-f]{6}$/i.test(hex)) return hex === undefined ? undefined : '#000000';
  return modify(hex, colour);
}
