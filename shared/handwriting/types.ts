/**
 * The handwriting engine's vocabulary, shared by the layout (pure, here), the rendering worker and
 * the page. Every length is in millimetres on the paper; the renderer scales by its dots per mm, so a
 * preview and a 300 dpi export place every glyph alike.
 */

export type PaperKind = 'blank' | 'lined' | 'grid' | 'squares';

export interface SizeMm {
  width: number;
  height: number;
}

export const PAGE_SIZES = {
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
} as const satisfies Record<string, SizeMm>;

export type PageSizeName = keyof typeof PAGE_SIZES;

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * How unsteady the hand is. Each value 0 = perfectly regular; the defaults (DEFAULT_JITTER) look
 * written, not typed.
 */
export interface Jitter {
  /** Glyph size varies by up to ± this fraction (0.1 = ±10 %). */
  size: number;
  /** Glyph rotation up to ± this many degrees. */
  rotation: number;
  /** Baseline shifts by up to ± this fraction of the font size. */
  baseline: number;
  /** Each advance varies by up to ± this fraction of the font size. */
  spacing: number;
  /** Ink opacity ranges over [1 - inkDensity, 1]. */
  inkDensity: number;
  /** Chance per CJK character (0–0.2) that a wrong character is written, struck out, then the right one (涂改). */
  corrections: number;
}

export const DEFAULT_JITTER: Jitter = { size: 0.08, rotation: 4, baseline: 0.06, spacing: 0.05, inkDensity: 0.25, corrections: 0 };

export interface LayoutOptions {
  page: SizeMm;
  margins: Margins;
  /** Font size in points (1 pt = 25.4 / 72 mm). */
  fontSizePt: number;
  /** Distance between baselines as a multiple of the font size (≥ 1). On 稿纸 the gap between rows of squares is (lineSpacing - 1) × square. */
  lineSpacing: number;
  paper: PaperKind;
  /** Full-width characters of indent at each paragraph start (0 = none). */
  indent: number;
  jitter: Jitter;
  /** Same text + options + seed → the same pages, so the preview does not dance while the user types. */
  seed: number;
}

/** Glyph advance in em (1 = the font size). The worker measures the real font; layout tests use defaultMeasure. */
export type Measure = (ch: string) => number;

export interface PlacedGlyph {
  ch: string;
  /** Left edge of the glyph's box, mm. */
  x: number;
  /** Baseline, mm (jitter included). */
  y: number;
  /** Font size of this glyph, mm (jitter included). */
  size: number;
  /** Radians, around the glyph's centre. */
  rotation: number;
  /** 0–1. */
  opacity: number;
  /** A mistaken character, drawn and then struck out (涂改). */
  struck?: boolean;
}

/** One line of the page's real text (no corrections, no jitter): the PDF's invisible, searchable layer. */
export interface TextLine {
  text: string;
  /** Left edge and baseline, mm. */
  x: number;
  y: number;
  /** Font size, mm. */
  size: number;
  /** Width the glyphs take on the line, mm. */
  width: number;
}

/** Where the paper's rules go, so preview, export and PDF draw the same paper the layout wrote on. */
export interface PaperGeometry {
  kind: PaperKind;
  page: SizeMm;
  margins: Margins;
  /** Nominal baseline of every line a page holds, mm (glyphs add their jitter). */
  baselines: number[];
  /** Line pitch, mm. */
  lineHeight: number;
  /** Lined paper: y of each rule, mm (empty on other papers). */
  rules: number[];
  /** Grid and 稿纸: side of one square, mm; the columns start at margins.left (0 on other papers). */
  cell: number;
  columns: number;
  /** Grid and 稿纸: top of each row of squares, mm (稿纸 leaves a gap between rows; grid has two rows a line, no gap). */
  rowTops: number[];
}

export interface PageLayout {
  /** 0-based. */
  index: number;
  glyphs: PlacedGlyph[];
  lines: TextLine[];
}

export interface HandwritingLayout {
  paper: PaperGeometry;
  pages: PageLayout[];
}

export const MM_PER_PT = 25.4 / 72;
