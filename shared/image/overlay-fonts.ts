import type { OverlayFont } from '../contracts/image-overlay';

/**
 * Font lists of the overlay families, most likely first on each system: macOS (PingFang, Songti,
 * Kaiti), Windows (Microsoft YaHei, SimSun, KaiTi), Linux (Noto CJK, WenQuanYi, AR PL). Latin
 * letters take the first font that has them; Chinese falls through to a CJK font, so 中文 never
 * shows as boxes. The canvas gets them as a CSS font list, sharp as a Pango font description.
 */
export const FONT_FAMILIES: Record<OverlayFont, readonly string[]> = {
  sans: [
    'Helvetica Neue',
    'Arial',
    'PingFang SC',
    'Hiragino Sans GB',
    'Microsoft YaHei',
    'Noto Sans CJK SC',
    'Source Han Sans SC',
    'WenQuanYi Micro Hei',
    'sans-serif',
  ],
  serif: ['Times New Roman', 'Songti SC', 'STSong', 'SimSun', 'Noto Serif CJK SC', 'Source Han Serif SC', 'AR PL UMing CN', 'serif'],
  kai: ['Kaiti SC', 'STKaiti', 'KaiTi', 'AR PL UKai CN', 'Noto Serif CJK SC', 'serif'],
  mono: ['Menlo', 'Consolas', 'Noto Sans Mono CJK SC', 'Sarasa Mono SC', 'monospace'],
};

const GENERIC = new Set(['sans-serif', 'serif', 'monospace']);

/** `bold 48px "Arial", …, sans-serif` for CanvasRenderingContext2D.font. */
export function cssFont(font: OverlayFont, bold: boolean, sizePx: number): string {
  const families = FONT_FAMILIES[font].map((family) => (GENERIC.has(family) ? family : `"${family}"`)).join(', ');
  return `${bold ? 'bold ' : ''}${sizePx}px ${families}`;
}

/** `Arial,…,sans-serif Bold 48px` (Pango font description; fontconfig fills in missing glyphs). */
export function pangoFont(font: OverlayFont, bold: boolean, sizePx: number): string {
  return `${FONT_FAMILIES[font].join(',')}${bold ? ' Bold' : ''} ${sizePx}px`;
}
