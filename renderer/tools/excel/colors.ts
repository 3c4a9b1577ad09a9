/**
 * Excel colours as CSS: ARGB, the workbook theme's palette with tint, and the legacy indexed
 * palette. Pure, so the worker and the tests share it.
 */

/** BIFF8 default palette; indexes 0–7 repeat the first eight of 8–63 (64/65 are "system" colours). */
const INDEXED = [
  '000000',
  'FFFFFF',
  'FF0000',
  '00FF00',
  '0000FF',
  'FFFF00',
  'FF00FF',
  '00FFFF',
  '000000',
  'FFFFFF',
  'FF0000',
  '00FF00',
  '0000FF',
  'FFFF00',
  'FF00FF',
  '00FFFF',
  '800000',
  '008000',
  '000080',
  '808000',
  '800080',
  '008080',
  'C0C0C0',
  '808080',
  '9999FF',
  '993366',
  'FFFFCC',
  'CCFFFF',
  '660066',
  'FF8080',
  '0066CC',
  'CCCCFF',
  '000080',
  'FF00FF',
  'FFFF00',
  '00FFFF',
  '800080',
  '800000',
  '008080',
  '0000FF',
  '00CCFF',
  'CCFFFF',
  'CCFFCC',
  'FFFF99',
  '99CCFF',
  'FF99CC',
  'CC99FF',
  'FFCC99',
  '3366FF',
  '33CCCC',
  '99CC00',
  'FFCC00',
  'FF9900',
  'FF6600',
  '666699',
  '969696',
  '003366',
  '339966',
  '003300',
  '333300',
  '993300',
  '993366',
  '333399',
  '333333',
];

/** The default palette's 'RRGGBB' at an index, or undefined past it (64/65 and up are "automatic"). */
export function indexedHex(index: number): string | undefined {
  return INDEXED[index];
}

/** Office's default theme, for workbooks that carry none. Order: lt1, dk1, lt2, dk2, accent1–6, hlink, folHlink. */
export const DEFAULT_THEME = [
  'FFFFFF',
  '000000',
  'E7E6E6',
  '44546A',
  '4472C4',
  'ED7D31',
  'A5A5A5',
  'FFC000',
  '5B9BD5',
  '70AD47',
  '0563C1',
  '954F72',
];

/**
 * The theme palette in the order cell colours index it. The XML lists dk1, lt1, dk2, lt2, … but a
 * `theme="0"` colour means lt1 (Excel swaps the first two pairs).
 */
export function parseThemePalette(themeXml: string | undefined): string[] {
  if (!themeXml) return DEFAULT_THEME;
  const scheme = /<a:clrScheme\b[\s\S]*?<\/a:clrScheme>/.exec(themeXml)?.[0];
  if (!scheme) return DEFAULT_THEME;
  const names = ['dk1', 'lt1', 'dk2', 'lt2', 'accent1', 'accent2', 'accent3', 'accent4', 'accent5', 'accent6', 'hlink', 'folHlink'];
  const found = names.map((name, index) => {
    const block = new RegExp(`<a:${name}>([\\s\\S]*?)</a:${name}>`).exec(scheme)?.[1] ?? '';
    const rgb = /srgbClr val="([0-9A-Fa-f]{6})"/.exec(block)?.[1] ?? /lastClr="([0-9A-Fa-f]{6})"/.exec(block)?.[1];
    return rgb?.toUpperCase() ?? DEFAULT_THEME[[1, 0, 3, 2][index] ?? index]!;
  });
  return [found[1]!, found[0]!, found[3]!, found[2]!, ...found.slice(4)];
}

/** Excel's tint: towards white for tint > 0, towards black for tint < 0, in HSL lightness. */
export function applyTint(hex: string, tint: number): string {
  if (!tint) return hex;
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  let l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  l = tint < 0 ? l * (1 + tint) : l * (1 - tint) + tint;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r1, g1, b1] =
    h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return [r1, g1, b1]
    .map((v) =>
      Math.round((v + m) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase();
}

export interface ExcelColor {
  argb?: string;
  theme?: number;
  tint?: number;
  indexed?: number;
}

/** '#rrggbb', or undefined for "automatic" and colours we cannot place. */
export function resolveColor(color: ExcelColor | undefined, theme: readonly string[]): string | undefined {
  if (!color) return undefined;
  let hex: string | undefined;
  if (typeof color.argb === 'string' && /^[0-9A-Fa-f]{6,8}$/.test(color.argb)) hex = color.argb.slice(-6).toUpperCase();
  else if (typeof color.theme === 'number') hex = theme[color.theme];
  else if (typeof color.indexed === 'number') hex = INDEXED[color.indexed];
  if (!hex) return undefined;
  return `#${applyTint(hex, color.tint ?? 0)}`;
}
