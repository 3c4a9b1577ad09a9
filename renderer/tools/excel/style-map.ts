/** exceljs cell styles → the grid's CSS-ready CellStyle. Pure. */
import { resolveColor } from './colors';
import type { ExcelColor } from './colors';
import type { CellStyle } from './model';

interface BorderSide {
  style?: string;
  color?: ExcelColor;
}

/** The parts of an exceljs Style we read (its own type marks them all required). */
export interface ExcelStyleLike {
  font?: { name?: string; size?: number; bold?: boolean; italic?: boolean; underline?: unknown; strike?: boolean; color?: ExcelColor };
  fill?: { type?: string; pattern?: string; fgColor?: ExcelColor; bgColor?: ExcelColor; stops?: Array<{ color?: ExcelColor }> };
  alignment?: { horizontal?: string; vertical?: string; wrapText?: boolean; indent?: number };
  border?: {
    top?: BorderSide;
    right?: BorderSide;
    bottom?: BorderSide;
    left?: BorderSide;
    diagonal?: BorderSide & { up?: boolean; down?: boolean };
  };
}

const BORDER_CSS: Record<string, string> = {
  thin: '1px solid',
  hair: '1px dotted',
  dotted: '1px dotted',
  dashed: '1px dashed',
  dashDot: '1px dashed',
  dashDotDot: '1px dashed',
  medium: '2px solid',
  mediumDashed: '2px dashed',
  mediumDashDot: '2px dashed',
  mediumDashDotDot: '2px dashed',
  slantDashDot: '2px dashed',
  thick: '3px solid',
  double: '3px double',
};

/**
 * Font names as Windows files name them, with what Linux, macOS and phones have instead: a sheet
 * set in 宋体 or 微软雅黑 should not fall back to a Latin font's idea of CJK.
 */
const FONT_FALLBACKS: Record<string, string> = {
  宋体: "SimSun, 'Songti SC', 'Noto Serif CJK SC', serif",
  simsun: "SimSun, 'Songti SC', 'Noto Serif CJK SC', serif",
  新宋体: "NSimSun, SimSun, 'Noto Serif CJK SC', serif",
  黑体: "SimHei, 'Heiti SC', 'Noto Sans CJK SC', sans-serif",
  simhei: "SimHei, 'Heiti SC', 'Noto Sans CJK SC', sans-serif",
  微软雅黑: "'Microsoft YaHei', 'PingFang SC', 'Noto Sans CJK SC', sans-serif",
  'microsoft yahei': "'Microsoft YaHei', 'PingFang SC', 'Noto Sans CJK SC', sans-serif",
  楷体: "KaiTi, 'Kaiti SC', 'AR PL UKai CN', serif",
  仿宋: "FangSong, 'STFangsong', serif",
  新細明體: "PMingLiU, 'Noto Serif CJK TC', serif",
  細明體: "MingLiU, 'Noto Serif CJK TC', serif",
};

export function fontStack(name: string): string {
  const known = FONT_FALLBACKS[name.toLowerCase()] ?? FONT_FALLBACKS[name];
  if (known) return known;
  const quoted = `'${name.replace(/'/g, '')}'`;
  return /^(times|cambria|georgia|garamond)/i.test(name) ? `${quoted}, serif` : `${quoted}, 'Noto Sans CJK SC', sans-serif`;
}

function border(side: BorderSide | undefined, theme: readonly string[]): string | undefined {
  if (!side?.style) return undefined;
  const css = BORDER_CSS[side.style] ?? '1px solid';
  return `${css} ${resolveColor(side.color, theme) ?? '#000000'}`;
}

function fillColor(fill: ExcelStyleLike['fill'], theme: readonly string[]): string | undefined {
  if (!fill) return undefined;
  if (fill.type === 'gradient') return resolveColor(fill.stops?.[0]?.color, theme);
  if (fill.type !== 'pattern' || !fill.pattern || fill.pattern === 'none') return undefined;
  // Patterned fills (gray125, lightGrid…) are drawn as their foreground: close enough on screen.
  return resolveColor(fill.fgColor, theme) ?? (fill.pattern === 'solid' ? undefined : resolveColor(fill.bgColor, theme));
}

const H_ALIGN: Record<string, CellStyle['hAlign']> = {
  left: 'left',
  center: 'center',
  centerContinuous: 'center',
  right: 'right',
  justify: 'justify',
  distributed: 'justify',
  fill: 'left',
};
const V_ALIGN: Record<string, CellStyle['vAlign']> = { top: 'top', middle: 'middle', center: 'middle', bottom: 'bottom' };

/** Only what differs from a plain cell is kept, so most cells share one small style. */
export function mapStyle(style: ExcelStyleLike | undefined, theme: readonly string[]): CellStyle {
  const out: CellStyle = {};
  if (!style) return out;
  const { font, alignment } = style;
  if (font) {
    if (font.name) out.fontFamily = fontStack(font.name);
    if (font.size) out.fontSize = font.size;
    if (font.bold) out.bold = true;
    if (font.italic) out.italic = true;
    if (font.underline && font.underline !== 'none') out.underline = true;
    if (font.strike) out.strike = true;
    const color = resolveColor(font.color, theme);
    if (color && color !== '#000000') out.color = color;
  }
  const fill = fillColor(style.fill, theme);
  if (fill) out.fill = fill;
  if (alignment) {
    const h = alignment.horizontal ? H_ALIGN[alignment.horizontal] : undefined;
    if (h) out.hAlign = h;
    const v = alignment.vertical ? V_ALIGN[alignment.vertical] : undefined;
    if (v) out.vAlign = v;
    if (alignment.wrapText) out.wrap = true;
    if (alignment.indent) out.indent = alignment.indent;
  }
  const sides = style.border;
  if (sides) {
    const top = border(sides.top, theme);
    const right = border(sides.right, theme);
    const bottom = border(sides.bottom, theme);
    const left = border(sides.left, theme);
    if (top) out.borderTop = top;
    if (right) out.borderRight = right;
    if (bottom) out.borderBottom = bottom;
    if (left) out.borderLeft = left;
    const diagonal = border(sides.diagonal, theme);
    if (diagonal && sides.diagonal?.up) out.diagonalUp = diagonal;
    if (diagonal && sides.diagonal?.down) out.diagonalDown = diagonal;
  }
  return out;
}

/** Whether a cell in this style shows anything with no value in it (a fill or a line). */
export function showsWhenBlank(style: CellStyle): boolean {
  return Boolean(
    style.fill || style.borderTop || style.borderRight || style.borderBottom || style.borderLeft || style.diagonalUp || style.diagonalDown,
  );
}

/** Gives each distinct style one id for the life of a workbook, so windows send ids, not objects. */
export class StyleTable {
  private readonly ids = new Map<string, number>();
  private readonly list: CellStyle[] = [];

  idOf(style: CellStyle): number | undefined {
    const key = JSON.stringify(style);
    if (key === '{}') return undefined;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(style);
      this.ids.set(key, id);
    }
    return id;
  }

  get(id: number): CellStyle {
    return this.list[id]!;
  }
}
