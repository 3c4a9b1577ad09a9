import { DEFAULT_JITTER, PAGE_SIZES } from '@shared/handwriting';
import type { Jitter, PageSizeName, PaperKind, SizeMm } from '@shared/handwriting';
import type { BundledFontId, FontChoice, RenderSettings } from './engine-port';

/** The bundled fonts in the order the picker lists them (kept here: bundled-fonts.ts carries every slice's URL, the worker's business). */
export const FONT_IDS = ['ma-shan-zheng', 'long-cang', 'zhi-mang-xing', 'liu-jian-mao-cao'] as const satisfies readonly BundledFontId[];

export const PAPER_KINDS: readonly PaperKind[] = ['lined', 'grid', 'squares', 'blank'];
export const PAGE_SIZE_CHOICES = ['A4', 'A5', 'custom'] as const satisfies readonly (PageSizeName | 'custom')[];
export type PageSizeChoice = (typeof PAGE_SIZE_CHOICES)[number];
export const JITTER_KEYS = [
  'size',
  'rotation',
  'baseline',
  'spacing',
  'inkDensity',
  'corrections',
] as const satisfies readonly (keyof Jitter)[];

/** Each randomness control's range: a slider from 0 to max. */
export const JITTER_MAX: Record<keyof Jitter, number> = {
  size: 0.3,
  rotation: 15,
  baseline: 0.3,
  spacing: 0.3,
  inkDensity: 0.6,
  corrections: 0.2,
};
export const JITTER_STEP: Record<keyof Jitter, number> = {
  size: 0.01,
  rotation: 0.5,
  baseline: 0.01,
  spacing: 0.01,
  inkDensity: 0.05,
  corrections: 0.01,
};

/** Custom paper sizes the page accepts, mm: a business card to A2. */
export const CUSTOM_SIZE_RANGE = { min: 50, max: 600 };
/** Ink colours offered as swatches: blue-black, black, blue, red. */
export const INK_SWATCHES = ['#1f2a6b', '#222222', '#1a4fd6', '#c8262b'] as const;

/** What the form edits; the own font and the background picture are kept beside it (files, not settings). */
export interface PageSettings {
  font: BundledFontId | 'own';
  paper: PaperKind;
  /** Lay the custom background picture under the paper's rules. */
  useBackground: boolean;
  size: PageSizeChoice;
  custom: SizeMm;
  /** The same margin on every side, mm. */
  margin: number;
  fontSizePt: number;
  lineSpacing: number;
  indent: number;
  ink: string;
  jitter: Jitter;
  seed: number;
}

export const DEFAULT_SETTINGS: PageSettings = {
  font: 'ma-shan-zheng',
  paper: 'lined',
  useBackground: false,
  size: 'A4',
  custom: { width: 182, height: 257 },
  margin: 20,
  fontSizePt: 18,
  lineSpacing: 1.6,
  indent: 2,
  ink: INK_SWATCHES[0],
  jitter: { ...DEFAULT_JITTER, corrections: 0.02 },
  seed: 1,
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function pageSize(settings: Pick<PageSettings, 'size' | 'custom'>): SizeMm {
  if (settings.size !== 'custom') return PAGE_SIZES[settings.size];
  return {
    width: clamp(settings.custom.width, CUSTOM_SIZE_RANGE.min, CUSTOM_SIZE_RANGE.max),
    height: clamp(settings.custom.height, CUSTOM_SIZE_RANGE.min, CUSTOM_SIZE_RANGE.max),
  };
}

/**
 * The engine's settings for the form's: the margin kept to at most a third of the page's shorter
 * side (so a small custom page still has room to write), paper colours fixed to the paper look.
 */
export function toRenderSettings(
  settings: PageSettings,
  { ownFont, background, dpi }: { ownFont?: { name: string; data: ArrayBuffer }; background?: Blob; dpi: number },
): RenderSettings {
  const page = pageSize(settings);
  const margin = clamp(settings.margin, 0, Math.min(page.width, page.height) / 3);
  const font: FontChoice =
    settings.font === 'own' && ownFont
      ? { kind: 'own', ...ownFont }
      : { kind: 'bundled', id: settings.font === 'own' ? (DEFAULT_SETTINGS.font as BundledFontId) : settings.font };
  return {
    layout: {
      page,
      margins: { top: margin, right: margin, bottom: margin, left: margin },
      fontSizePt: clamp(settings.fontSizePt, 6, 72),
      lineSpacing: clamp(settings.lineSpacing, 1, 4),
      paper: settings.paper,
      indent: clamp(Math.round(settings.indent), 0, 4),
      jitter: settings.jitter,
      seed: settings.seed,
    },
    font,
    ink: settings.ink,
    paperColor: '#fffdf7',
    ruleColor: '#9fb8d8',
    ...(settings.useBackground && background ? { background } : {}),
    dpi,
  };
}
