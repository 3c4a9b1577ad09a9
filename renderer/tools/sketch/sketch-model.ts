/**
 * A .sketch file's JSON (document.json, meta.json, pages/*.json) as the page shows it: pages, their
 * artboards and symbol masters, each with a layer tree; the symbols and shared styles. Pure: runs in
 * the worker and under Node.
 */

export interface SketchLayerView {
  id: string;
  name: string;
  kind: string;
  visible: boolean;
  children?: SketchLayerView[];
}

export interface ArtboardView {
  id: string;
  name: string;
  /** Symbol masters are drawn and listed like artboards, marked as symbols. */
  symbol: boolean;
  width: number;
  height: number;
  layers: SketchLayerView[];
}

export interface PageView {
  id: string;
  name: string;
  artboards: ArtboardView[];
}

export interface SketchSummary {
  pages: PageView[];
  symbols: string[];
  layerStyles: string[];
  textStyles: string[];
  /** Sketch version that saved the file, e.g. "Sketch 66". */
  app?: string;
}

/** A layer as it is stored; only the fields this viewer reads are typed. */
export interface SketchLayer {
  _class: string;
  do_objectID?: string;
  name?: string;
  isVisible?: boolean;
  frame?: { x: number; y: number; width: number; height: number };
  rotation?: number;
  isFlippedHorizontal?: boolean;
  isFlippedVertical?: boolean;
  layers?: SketchLayer[];
  style?: SketchStyle;
  points?: CurvePoint[];
  isClosed?: boolean;
  fixedRadius?: number;
  hasClippingMask?: boolean;
  shouldBreakMaskChain?: boolean;
  attributedString?: { string?: string; attributes?: StringAttribute[]; archivedAttributedString?: unknown };
  image?: { _ref?: string };
  symbolID?: string;
  overrideValues?: { overrideName?: string; value?: unknown }[];
  backgroundColor?: SketchColor;
  hasBackgroundColor?: boolean;
  /** 0: width follows the text; 1: fixed width (lines wrap, height follows); 2: fixed size. */
  textBehaviour?: number;
  /** Of a shape group's child: how it combines with the children below it. -1 none, 0 union, 1 subtract, 2 intersect, 3 difference. */
  booleanOperation?: number;
}

export interface SketchColor {
  red: number;
  green: number;
  blue: number;
  alpha: number;
}

export interface SketchGradient {
  gradientType?: number;
  from?: string;
  to?: string;
  stops?: { position: number; color: SketchColor }[];
}

export interface SketchPaint {
  isEnabled?: boolean;
  fillType?: number;
  color?: SketchColor;
  gradient?: SketchGradient;
  thickness?: number;
  contextSettings?: { opacity?: number };
  image?: { _ref?: string };
  /** Pattern fills: 0 tile, 1 fill, 2 stretch, 3 fit. */
  patternFillType?: number;
  patternTileScale?: number;
}

export interface SketchShadow {
  isEnabled?: boolean;
  blurRadius?: number;
  offsetX?: number;
  offsetY?: number;
  spread?: number;
  color?: SketchColor;
}

export interface SketchBlur {
  isEnabled?: boolean;
  /** 0 Gaussian, 1 motion, 2 zoom, 3 background. */
  type?: number;
  radius?: number;
}

export interface SketchStyle {
  fills?: SketchPaint[];
  borders?: SketchPaint[];
  contextSettings?: { opacity?: number };
  textStyle?: { encodedAttributes?: TextAttributes };
  shadows?: SketchShadow[];
  innerShadows?: SketchShadow[];
  blur?: SketchBlur;
}

export interface TextAttributes {
  MSAttributedStringFontAttribute?: { attributes?: { name?: string; size?: number } };
  MSAttributedStringColorAttribute?: SketchColor;
  paragraphStyle?: { alignment?: number; maximumLineHeight?: number; minimumLineHeight?: number };
  kerning?: number;
}

export interface StringAttribute {
  location: number;
  length: number;
  attributes?: TextAttributes;
}

export interface CurvePoint {
  point?: string;
  curveFrom?: string;
  curveTo?: string;
  hasCurveFrom?: boolean;
  hasCurveTo?: boolean;
  cornerRadius?: number;
}

export interface SketchPage extends SketchLayer {
  layers?: SketchLayer[];
}

export interface SketchDocument {
  pages: SketchPage[];
  /** Every symbol master by its symbolID, from the pages and from linked libraries. */
  symbols: Map<string, SketchLayer>;
  layerStyles: string[];
  textStyles: string[];
  app?: string;
}

export type SketchErrorCode = 'empty' | 'notSketch' | 'damaged' | 'tooOld';

export class SketchError extends Error {
  constructor(
    readonly code: SketchErrorCode,
    readonly detail = '',
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'SketchError';
  }
}

const decoder = new TextDecoder();

function json<T>(entries: Readonly<Record<string, Uint8Array>>, path: string): T {
  const bytes = entries[path];
  if (!bytes) throw new SketchError('damaged', `${path} missing`);
  try {
    return JSON.parse(decoder.decode(bytes)) as T;
  } catch {
    throw new SketchError('damaged', `${path} is not JSON`);
  }
}

interface DocumentJson {
  pages?: { _ref?: string }[];
  foreignSymbols?: { symbolMaster?: SketchLayer; originalMaster?: SketchLayer }[];
  layerStyles?: { objects?: { name?: string }[] };
  layerTextStyles?: { objects?: { name?: string }[] };
}

/** Reads the unzipped entries of a .sketch file (Sketch 43 and later: the JSON format). */
export function readSketch(entries: Readonly<Record<string, Uint8Array>>): SketchDocument {
  if (!entries['document.json']) {
    // Files from before Sketch 43 are a SQLite database, not a zip of JSON.
    throw new SketchError('damaged', 'document.json missing');
  }
  const document = json<DocumentJson>(entries, 'document.json');
  const meta = entries['meta.json'] ? json<{ appVersion?: string }>(entries, 'meta.json') : {};
  const pages = (document.pages ?? []).map((reference) => json<SketchPage>(entries, `${reference._ref ?? ''}.json`));
  const symbols = new Map<string, SketchLayer>();
  const collect = (layer: SketchLayer) => {
    if (layer._class === 'symbolMaster' && layer.symbolID) symbols.set(layer.symbolID, layer);
    for (const child of layer.layers ?? []) collect(child);
  };
  for (const foreign of document.foreignSymbols ?? []) {
    const master = foreign.symbolMaster ?? foreign.originalMaster;
    if (master) collect(master);
  }
  for (const page of pages) collect(page);
  const names = (container?: { objects?: { name?: string }[] }) => (container?.objects ?? []).map((style) => style.name ?? '');
  return {
    pages,
    symbols,
    layerStyles: names(document.layerStyles),
    textStyles: names(document.layerTextStyles),
    ...(meta.appVersion ? { app: `Sketch ${meta.appVersion}` } : {}),
  };
}

function layerTree(layer: SketchLayer): SketchLayerView {
  const view: SketchLayerView = {
    id: layer.do_objectID ?? '',
    name: layer.name ?? '',
    kind: layer._class,
    visible: layer.isVisible !== false,
  };
  // Shape groups from old files hold the paths of one shape: one row, as Sketch shows it.
  if (layer.layers && layer._class !== 'shapeGroup') view.children = layer.layers.map(layerTree);
  return view;
}

/** The boards of every page: artboards and symbol masters at the page's top level. */
export function summarize(doc: SketchDocument): SketchSummary {
  return {
    pages: doc.pages.map((page) => ({
      id: page.do_objectID ?? '',
      name: page.name ?? '',
      artboards: (page.layers ?? [])
        .filter((layer) => layer._class === 'artboard' || layer._class === 'symbolMaster')
        .map((board) => ({
          id: board.do_objectID ?? '',
          name: board.name ?? '',
          symbol: board._class === 'symbolMaster',
          width: board.frame?.width ?? 0,
          height: board.frame?.height ?? 0,
          layers: (board.layers ?? []).map(layerTree),
        })),
    })),
    symbols: [...doc.symbols.values()].map((symbol) => symbol.name ?? ''),
    layerStyles: doc.layerStyles,
    textStyles: doc.textStyles,
    ...(doc.app ? { app: doc.app } : {}),
  };
}

/** The artboard or symbol master with this id, wherever it is. */
export function findBoard(doc: SketchDocument, id: string): SketchLayer | undefined {
  for (const page of doc.pages) {
    const board = (page.layers ?? []).find((layer) => layer.do_objectID === id);
    if (board) return board;
  }
  return undefined;
}
