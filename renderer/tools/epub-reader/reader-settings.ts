import { isOneOf } from '@/lib/field-checks';
import { isNumber } from '@/lib/shape-checks';

/** Reader settings (spec §3: fontSize, font, theme; line height, margins and flow are ours, see docs/decisions.md "Reader page"). */
export const FONTS = ['book', 'serif', 'sans', 'cjk-serif', 'cjk-sans'] as const;
export const THEMES = ['light', 'sepia', 'dark'] as const;
export const FLOWS = ['paginated', 'scrolled'] as const;
export type ReaderFont = (typeof FONTS)[number];
export type ReaderTheme = (typeof THEMES)[number];
export type ReaderFlow = (typeof FLOWS)[number];

export const FONT_SIZE = { min: 12, max: 36, default: 18 } as const;
export const LINE_HEIGHT = { min: 1, max: 2.5, default: 1.6 } as const;
/** Side margins in percent of the page width (foliate's `gap`). */
export const MARGIN = { min: 0, max: 20, default: 6 } as const;

export interface ReaderSettings {
  fontSize: number;
  font: ReaderFont;
  lineHeight: number;
  margin: number;
  theme: ReaderTheme;
  flow: ReaderFlow;
}

/** Spec §5: the default reader font size is 18. */
export const DEFAULT_SETTINGS: ReaderSettings = {
  fontSize: FONT_SIZE.default,
  font: 'book',
  lineHeight: LINE_HEIGHT.default,
  margin: MARGIN.default,
  theme: 'light',
  flow: 'paginated',
};

const within = (range: { min: number; max: number }, integer = false) => isNumber({ min: range.min, max: range.max, integer });

/** What a stored setting must be to be taken back; anything else falls back to its default. */
export const SETTINGS_FIELDS = {
  fontSize: within(FONT_SIZE, true),
  font: isOneOf(FONTS),
  lineHeight: within(LINE_HEIGHT),
  margin: within(MARGIN),
  theme: isOneOf(THEMES),
  flow: isOneOf(FLOWS),
};

// CJK stacks name the fonts each system ships (Noto/Source Han on Linux and Android, PingFang/Songti
// on Apple, YaHei/SimSun on Windows) before the generic family, which alone often picks a Latin font.
const FONT_STACKS: Record<Exclude<ReaderFont, 'book'>, string> = {
  serif: 'Georgia, "Times New Roman", "Noto Serif", serif',
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  'cjk-serif': '"Noto Serif CJK SC", "Source Han Serif SC", "Songti SC", STSong, SimSun, serif',
  'cjk-sans': '"Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", sans-serif',
};

export const THEME_COLORS: Record<ReaderTheme, { background: string; text: string; link: string; scheme: 'light' | 'dark' }> = {
  light: { background: '#ffffff', text: '#1f1f1f', link: '#1677ff', scheme: 'light' },
  sepia: { background: '#f4ecd8', text: '#5b4636', link: '#8a5a00', scheme: 'light' },
  dark: { background: '#1c1c1e', text: '#d4d4d4', link: '#69b1ff', scheme: 'dark' },
};

/**
 * The style sheet foliate puts into every page of the book. `!important` because books set their
 * own sizes and colours, and a reader's choice must win over them; the book's fonts are kept
 * unless the reader picks one. Footnotes are hidden in the text: they open as pop-ups. The page is
 * transparent: foliate paints the margins around it with the background it read when the chapter
 * loaded, so the theme's background is the reader's own (and a theme change needs no reload).
 */
export function readerCss(settings: ReaderSettings): string {
  const colors = THEME_COLORS[settings.theme];
  const font = settings.font === 'book' ? '' : `body, body * { font-family: ${FONT_STACKS[settings.font]} !important; }`;
  return `@namespace epub "http://www.idpf.org/2007/ops";
html { color-scheme: ${colors.scheme}; font-size: ${settings.fontSize}px !important; }
html, body { background: transparent !important; color: ${colors.text} !important; }
body * { color: inherit; background-color: transparent; }
a:link, a:visited { color: ${colors.link} !important; }
p, li, blockquote, dd, div { line-height: ${settings.lineHeight} !important; }
${font}
img, svg, video { max-width: 100%; height: auto; }
aside[epub|type~="endnote"], aside[epub|type~="footnote"], aside[epub|type~="note"], aside[epub|type~="rearnote"] { display: none; }`;
}
