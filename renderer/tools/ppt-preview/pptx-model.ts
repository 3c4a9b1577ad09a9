/**
 * The plain slide model the worker hands the page: positions in CSS pixels (96 dpi, 9525 EMU each),
 * font sizes in CSS pixels, colours as CSS strings, images by zip path. Structured-cloneable, so it
 * crosses the worker boundary as is.
 */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Degrees clockwise. */
  rotation?: number;
  flipH?: boolean;
  flipV?: boolean;
}

/** A CSS background: a colour, a gradient, or an image (zip path) stretched over the area. */
export type Fill = { kind: 'color'; color: string } | { kind: 'gradient'; css: string } | { kind: 'image'; image: string };

export interface Line {
  color: string;
  width: number;
  dash?: boolean;
}

export interface TextRun {
  text: string;
  /** A line break inside the paragraph (a:br). */
  br?: boolean;
  size: number;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  color?: string;
  /** A CSS font-family list, CJK names already mapped to installed fonts. */
  font?: string;
  baseline?: number;
}

export interface Paragraph {
  runs: TextRun[];
  align: 'left' | 'center' | 'right' | 'justify';
  /** Bullet text (•, 1., a)...) shown before the first run. */
  bullet?: string;
  bulletColor?: string;
  marginLeft: number;
  indent: number;
  /** Multiple of the font size; undefined = the browser's normal. */
  lineHeight?: number;
  spaceBefore: number;
  spaceAfter: number;
  /** Font size of an empty paragraph, so blank lines keep their height. */
  emptySize: number;
}

export interface TextBody {
  paragraphs: Paragraph[];
  anchor: 'top' | 'middle' | 'bottom';
  insets: [top: number, right: number, bottom: number, left: number];
  wrap: boolean;
  vertical: boolean;
}

export interface ShapeElement {
  type: 'shape';
  box: Box;
  /** Preset geometry name (rect, ellipse, roundRect, line...); custom geometry is drawn as its box. */
  geometry: string;
  fill?: Fill;
  line?: Line;
  text?: TextBody;
  /** A picture shape (p:pic) or a picture fill: the zip path of its image. */
  image?: string;
  /** The image is in a format browsers cannot show (EMF, WMF, TIFF): a labelled placeholder instead. */
  unsupportedImage?: boolean;
  name: string;
}

export interface TableCell {
  text?: TextBody;
  fill?: string;
  colSpan: number;
  rowSpan: number;
  /** Covered by a neighbour's span: not drawn. */
  merged: boolean;
}

export interface TableElement {
  type: 'table';
  box: Box;
  columns: number[];
  rows: { height: number; cells: TableCell[] }[];
  borderColor: string;
}

export interface ChartSeries {
  name: string;
  color: string;
  values: (number | null)[];
}

export interface ChartElement {
  type: 'chart';
  box: Box;
  /** bar (horizontal), column, line, area, pie, doughnut, scatter; anything else is drawn as columns. */
  kind: 'bar' | 'column' | 'line' | 'area' | 'pie' | 'doughnut' | 'scatter';
  stacked: boolean;
  title?: string;
  categories: string[];
  series: ChartSeries[];
  /** Pie slices take colours per point. */
  pointColors: string[];
}

export type SlideElement = ShapeElement | TableElement | ChartElement;

export interface Slide {
  /** 1-based, in presentation order. */
  number: number;
  hidden: boolean;
  background?: Fill;
  elements: SlideElement[];
  notes: string;
}

export interface PresentationImage {
  bytes: Uint8Array<ArrayBuffer>;
  mime: string;
}

export interface Presentation {
  width: number;
  height: number;
  slides: Slide[];
  /** Every image the slides use, by zip path. */
  images: Record<string, PresentationImage>;
}

/** Why a file did not open; each has its translated message. */
export type PptxErrorCode = 'empty' | 'corrupt' | 'encrypted' | 'legacyPpt' | 'excel' | 'word' | 'psd' | 'sketch' | 'notPptx' | 'tooLarge';

export class PptxFailure extends Error {
  constructor(readonly code: PptxErrorCode) {
    super(code);
    this.name = 'PptxFailure';
  }
}

export const EMU_PER_PX = 9525;
export const emu = (value: string | null | undefined): number => (value ? Number(value) / EMU_PER_PX || 0 : 0);
