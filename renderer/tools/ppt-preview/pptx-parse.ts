import { readChart } from './pptx-chart';
import { colorOf, readColorMap, readScheme } from './pptx-color';
import type { ColorContext } from './pptx-color';
import { emu, PptxFailure } from './pptx-model';
import type { Box, Fill, Line, Presentation, PresentationImage, ShapeElement, Slide, SlideElement, TableElement } from './pptx-model';
import { Package } from './pptx-package';
import { plainText, readTextBody } from './pptx-text';
import type { TextInheritance } from './pptx-text';
import { attr, boolAttr, child, children, descendants, numberAttr, relAttr } from './pptx-xml';
import type { XmlElement } from './pptx-xml';

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
};

interface MasterInfo {
  path: string;
  colors: ColorContext;
  theme: TextInheritance['theme'];
  titleStyle?: XmlElement;
  bodyStyle?: XmlElement;
  otherStyle?: XmlElement;
}

interface Placeholder {
  type: string;
  idx?: string;
}

/** One part being drawn (the slide, its layout or its master) and what its shapes inherit from. */
interface Walk {
  pkg: Package;
  part: string;
  master: MasterInfo;
  layoutTree?: XmlElement;
  masterTree?: XmlElement;
  defaultStyle?: XmlElement;
  slideNumber: number;
  /** Layouts and masters draw only their decorations; their placeholders are prompts for slides. */
  skipPlaceholders: boolean;
  images: Record<string, PresentationImage>;
}

type Transform = (box: Box) => Box;
const identity: Transform = (box) => box;

function placeholderOf(node: XmlElement): Placeholder | undefined {
  const nv = children(node).find((c) => c.localName?.startsWith('nv'));
  const ph = child(nv, 'nvPr', 'ph');
  if (!ph) return undefined;
  return { type: attr(ph, 'type') ?? 'obj', idx: attr(ph, 'idx') };
}

const masterType = (type: string) => (type === 'ctrTitle' ? 'title' : type === 'subTitle' || type === 'obj' ? 'body' : type);

/** The layout's or master's placeholder a slide's placeholder takes its place, size and text style from. */
function findPlaceholder(tree: XmlElement | undefined, ph: Placeholder, byIdx: boolean): XmlElement | undefined {
  if (!tree) return undefined;
  const candidates = [...descendants(tree, 'sp'), ...descendants(tree, 'pic')].map((node) => ({ node, ph: placeholderOf(node) }));
  if (byIdx && ph.idx !== undefined) {
    const match = candidates.find((c) => c.ph?.idx === ph.idx);
    if (match) return match.node;
  }
  return (
    candidates.find((c) => c.ph?.type === ph.type)?.node ??
    candidates.find((c) => c.ph && masterType(c.ph.type) === masterType(ph.type))?.node
  );
}

function readBox(xfrm: XmlElement | undefined): Box | undefined {
  const off = child(xfrm, 'off');
  const ext = child(xfrm, 'ext');
  if (!off || !ext) return undefined;
  const rotation = (numberAttr(xfrm, 'rot') ?? 0) / 60000;
  return {
    x: emu(attr(off, 'x')),
    y: emu(attr(off, 'y')),
    w: emu(attr(ext, 'cx')),
    h: emu(attr(ext, 'cy')),
    rotation: rotation || undefined,
    flipH: boolAttr(xfrm, 'flipH') || undefined,
    flipV: boolAttr(xfrm, 'flipV') || undefined,
  };
}

function imageOf(walk: Walk, part: string, relId: string | undefined): { path?: string; unsupported?: boolean } {
  if (!relId) return {};
  const rel = walk.pkg.relationships(part)[relId];
  if (!rel || rel.external) return {};
  const bytes = walk.pkg.files[rel.target];
  if (!bytes) return {};
  const extension = rel.target.split('.').pop()?.toLowerCase() ?? '';
  const mime = MIME[extension];
  if (!mime) return { unsupported: true };
  if (!walk.images[rel.target]) walk.images[rel.target] = { bytes: bytes.slice() as Uint8Array<ArrayBuffer>, mime };
  return { path: rel.target };
}

function readFill(walk: Walk, part: string, owner: XmlElement | undefined, colors: ColorContext): Fill | null | undefined {
  for (const node of children(owner)) {
    switch (node.localName) {
      case 'noFill':
        return null;
      case 'solidFill': {
        const color = colorOf(node, colors);
        return color ? { kind: 'color', color } : undefined;
      }
      case 'gradFill': {
        const stops = children(child(node, 'gsLst'), 'gs')
          .map((gs) => ({ pos: (numberAttr(gs, 'pos') ?? 0) / 1000, color: colorOf(gs, colors) ?? '#ffffff' }))
          .sort((a, b) => a.pos - b.pos);
        if (stops.length === 0) return undefined;
        if (child(node, 'path'))
          return { kind: 'gradient', css: `radial-gradient(${stops.map((s) => `${s.color} ${s.pos}%`).join(', ')})` };
        const angle = (numberAttr(child(node, 'lin'), 'ang') ?? 0) / 60000 + 90;
        return { kind: 'gradient', css: `linear-gradient(${angle}deg, ${stops.map((s) => `${s.color} ${s.pos}%`).join(', ')})` };
      }
      case 'blipFill': {
        const image = imageOf(walk, part, relAttr(child(node, 'blip'), 'embed'));
        return image.path ? { kind: 'image', image: image.path } : undefined;
      }
      case 'pattFill': {
        const color = colorOf(child(node, 'fgClr'), colors);
        return color ? { kind: 'color', color } : undefined;
      }
      default:
    }
  }
  return undefined;
}

function readLine(ln: XmlElement | undefined, colors: ColorContext): Line | null | undefined {
  if (!ln) return undefined;
  if (child(ln, 'noFill')) return null;
  const color = colorOf(child(ln, 'solidFill'), colors) ?? colorOf(child(ln, 'gradFill', 'gsLst', 'gs'), colors);
  if (!color) return undefined;
  const dash = attr(child(ln, 'prstDash'), 'val');
  return { color, width: Math.max(0.75, emu(attr(ln, 'w') ?? '12700')), dash: dash !== undefined && dash !== 'solid' ? true : undefined };
}

/** A shape style's reference (fillRef, lnRef, fontRef): its colour, when the index asks for one. */
function styleColor(style: XmlElement | undefined, name: string, colors: ColorContext): string | undefined {
  const ref = child(style, name);
  if (!ref) return undefined;
  if (name !== 'fontRef' && (numberAttr(ref, 'idx') ?? 0) === 0) return undefined;
  return colorOf(ref, colors);
}

function textStyleFor(walk: Walk, ph: Placeholder | undefined): XmlElement | undefined {
  if (!ph) return walk.defaultStyle;
  const type = masterType(ph.type);
  if (type === 'title') return walk.master.titleStyle;
  if (type === 'body') return walk.master.bodyStyle;
  return walk.master.otherStyle;
}

function readShape(walk: Walk, node: XmlElement, transform: Transform): ShapeElement | undefined {
  const ph = placeholderOf(node);
  if (ph && walk.skipPlaceholders) return undefined;
  const layoutPh = ph ? findPlaceholder(walk.layoutTree, ph, true) : undefined;
  const masterPh = ph ? findPlaceholder(walk.masterTree, ph, false) : undefined;
  const spPr = child(node, 'spPr');
  const box = readBox(child(spPr, 'xfrm')) ?? readBox(child(layoutPh, 'spPr', 'xfrm')) ?? readBox(child(masterPh, 'spPr', 'xfrm'));
  if (!box) return undefined;
  const colors = walk.master.colors;
  const style = child(node, 'style');
  const ownFill = readFill(walk, walk.part, spPr, colors);
  const fillRef = styleColor(style, 'fillRef', colors);
  const fill = ownFill === null ? undefined : (ownFill ?? (fillRef ? ({ kind: 'color', color: fillRef } as const) : undefined));
  const ownLine = readLine(child(spPr, 'ln'), colors);
  const lineRef = styleColor(style, 'lnRef', colors);
  const line =
    ownLine === null
      ? undefined
      : (ownLine ??
        (lineRef
          ? { color: colorOf(child(spPr, 'ln', 'solidFill'), colors) ?? lineRef, width: emu(attr(child(spPr, 'ln'), 'w') ?? '12700') }
          : undefined));
  const geometry =
    attr(child(spPr, 'prstGeom'), 'prst') ?? (node.localName === 'cxnSp' ? 'line' : child(spPr, 'custGeom') ? 'custom' : 'rect');
  const inherit: TextInheritance = {
    // A placeholder inherits from its layout's and master's placeholders, then the master's text style; other shapes from the deck's default text style.
    lists: ph
      ? [child(layoutPh, 'txBody', 'lstStyle'), child(masterPh, 'txBody', 'lstStyle'), textStyleFor(walk, ph)]
      : [walk.defaultStyle],
    bodies: [child(layoutPh, 'txBody', 'bodyPr'), child(masterPh, 'txBody', 'bodyPr')],
    fontRefColor: styleColor(style, 'fontRef', colors),
    colors,
    theme: walk.master.theme,
    slideNumber: walk.slideNumber,
  };
  const text = readTextBody(child(node, 'txBody'), inherit);
  const hasText = text?.paragraphs.some((p) => p.runs.some((r) => r.text.trim() !== ''));
  const element: ShapeElement = {
    type: 'shape',
    box: transform(box),
    geometry,
    fill,
    line,
    text: hasText ? text : undefined,
    name:
      attr(
        descendants(
          children(node).find((c) => c.localName?.startsWith('nv')),
          'cNvPr',
        )[0],
        'name',
      ) ?? '',
  };
  if (node.localName === 'pic') {
    const image = imageOf(walk, walk.part, relAttr(child(node, 'blipFill', 'blip'), 'embed'));
    if (image.path) element.image = image.path;
    if (image.unsupported) element.unsupportedImage = true;
    element.fill = undefined;
  }
  // An empty placeholder shows nothing on a slide (its prompt text is for editing only).
  if (ph && !hasText && !element.image && !fill && !line) return undefined;
  return element;
}

function readTable(walk: Walk, table: XmlElement, box: Box): TableElement {
  const colors = walk.master.colors;
  const columns = children(child(table, 'tblGrid'), 'gridCol').map((col) => emu(attr(col, 'w')));
  const tblPr = child(table, 'tblPr');
  const firstRow = boolAttr(tblPr, 'firstRow') ?? false;
  const banded = boolAttr(tblPr, 'bandRow') ?? false;
  const accent = `#${colors.scheme.accent1 ?? '4472C4'}`;
  const inherit: TextInheritance = {
    lists: [walk.defaultStyle],
    bodies: [],
    colors,
    theme: walk.master.theme,
    slideNumber: walk.slideNumber,
  };
  const rows = children(table, 'tr').map((tr, rowIndex) => ({
    height: emu(attr(tr, 'h')),
    cells: children(tr, 'tc').map((tc) => {
      const tcPr = child(tc, 'tcPr');
      const header = firstRow && rowIndex === 0;
      const ownFill = readFill(walk, walk.part, tcPr, colors);
      // Without its own fill a cell takes the look of PowerPoint's default table style (Medium Style 2, accent 1).
      const styled = header
        ? accent
        : banded && (rowIndex - (firstRow ? 1 : 0)) % 2 === 0
          ? mix(accent, 0.2)
          : banded
            ? mix(accent, 0.1)
            : undefined;
      const text = readTextBody(child(tc, 'txBody'), { ...inherit, fontRefColor: header && ownFill === undefined ? '#ffffff' : undefined });
      if (header && text) for (const p of text.paragraphs) for (const r of p.runs) r.bold ??= true;
      return {
        text,
        fill: ownFill === null ? undefined : ownFill?.kind === 'color' ? ownFill.color : styled,
        colSpan: numberAttr(tc, 'gridSpan') ?? 1,
        rowSpan: numberAttr(tc, 'rowSpan') ?? 1,
        merged: boolAttr(tc, 'hMerge') === true || boolAttr(tc, 'vMerge') === true,
      };
    }),
  }));
  return { type: 'table', box, columns, rows, borderColor: '#ffffff' };
}

/** `color` (#rrggbb) mixed with white, `share` of it kept. */
function mix(color: string, share: number): string {
  const value = Number.parseInt(color.slice(1), 16);
  const channel = (shift: number) => Math.round(255 - (255 - ((value >> shift) & 255)) * share);
  return `rgb(${channel(16)}, ${channel(8)}, ${channel(0)})`;
}

function readFrame(walk: Walk, node: XmlElement, transform: Transform, out: SlideElement[]): void {
  if (placeholderOf(node) && walk.skipPlaceholders) return;
  const box = readBox(child(node, 'xfrm'));
  if (!box) return;
  const data = child(node, 'graphic', 'graphicData');
  const table = child(data, 'tbl');
  if (table) {
    out.push(readTable(walk, table, transform(box)));
    return;
  }
  const chartRef = child(data, 'chart');
  if (chartRef) {
    const rel = walk.pkg.relationships(walk.part)[relAttr(chartRef, 'id') ?? ''];
    const chart = rel && !rel.external ? readChart(walk.pkg.part(rel.target), transform(box), walk.master.colors) : undefined;
    if (chart) out.push(chart);
    return;
  }
  // An OLE object or SmartArt keeps a picture of itself: draw that.
  const fallback = descendants(data, 'pic')[0];
  if (fallback) {
    const shape = readShape(walk, fallback, transform);
    if (shape) out.push({ ...shape, box: transform(box) });
  }
}

function groupTransform(group: XmlElement, outer: Transform): Transform {
  const xfrm = child(group, 'grpSpPr', 'xfrm');
  const box = readBox(xfrm);
  const chOff = child(xfrm, 'chOff');
  const chExt = child(xfrm, 'chExt');
  if (!box || !chOff || !chExt) return outer;
  const cx = emu(attr(chOff, 'x'));
  const cy = emu(attr(chOff, 'y'));
  const sx = emu(attr(chExt, 'cx')) ? box.w / emu(attr(chExt, 'cx')) : 1;
  const sy = emu(attr(chExt, 'cy')) ? box.h / emu(attr(chExt, 'cy')) : 1;
  return (inner) => outer({ ...inner, x: box.x + (inner.x - cx) * sx, y: box.y + (inner.y - cy) * sy, w: inner.w * sx, h: inner.h * sy });
}

function walkTree(walk: Walk, tree: XmlElement | undefined, transform: Transform, out: SlideElement[]): void {
  for (const node of children(tree)) {
    switch (node.localName) {
      case 'sp':
      case 'cxnSp':
      case 'pic': {
        const shape = readShape(walk, node, transform);
        if (shape) out.push(shape);
        break;
      }
      case 'grpSp':
        walkTree(walk, node, groupTransform(node, transform), out);
        break;
      case 'graphicFrame':
        readFrame(walk, node, transform, out);
        break;
      case 'AlternateContent': {
        // The fallback is what every reader understands (a picture for newer content types).
        const choice = child(node, 'Fallback') ?? child(node, 'Choice');
        walkTree(walk, choice, transform, out);
        break;
      }
      default:
    }
  }
}

function readBackground(walk: Walk, part: string, root: XmlElement | undefined): Fill | undefined {
  const bg = child(root, 'cSld', 'bg');
  if (!bg) return undefined;
  const colors = walk.master.colors;
  const bgPr = child(bg, 'bgPr');
  if (bgPr) return readFill(walk, part, bgPr, colors) ?? undefined;
  const bgRef = child(bg, 'bgRef');
  const color = colorOf(bgRef, colors);
  return color ? { kind: 'color', color } : undefined;
}

function readMaster(pkg: Package, path: string): MasterInfo {
  const master = pkg.part(path);
  const theme = pkg.part(pkg.related(path, 'theme') ?? '');
  const fonts = child(theme, 'themeElements', 'fontScheme');
  const face = (kind: string, script: string) => attr(child(fonts, kind, script), 'typeface') || undefined;
  const hans = (kind: string) =>
    attr(
      children(child(fonts, kind), 'font').find((f) => attr(f, 'script') === 'Hans'),
      'typeface',
    );
  const txStyles = child(master, 'txStyles');
  return {
    path,
    colors: { scheme: readScheme(theme), map: readColorMap(child(master, 'clrMap')) },
    theme: {
      major: { latin: face('majorFont', 'latin'), ea: face('majorFont', 'ea') ?? hans('majorFont') },
      minor: { latin: face('minorFont', 'latin'), ea: face('minorFont', 'ea') ?? hans('minorFont') },
    },
    titleStyle: child(txStyles, 'titleStyle'),
    bodyStyle: child(txStyles, 'bodyStyle'),
    otherStyle: child(txStyles, 'otherStyle'),
  };
}

/** Reads a .pptx into the slide model. Throws PptxFailure with the reason when it cannot. */
export function parsePresentation(bytes: Uint8Array): Presentation {
  const pkg = Package.open(bytes);
  const presentationPath = pkg.related('', 'officeDocument') ?? 'ppt/presentation.xml';
  const presentation = pkg.part(presentationPath);
  if (!presentation || presentation.localName !== 'presentation') throw new PptxFailure('corrupt');
  const size = child(presentation, 'sldSz');
  const width = emu(attr(size, 'cx')) || 960;
  const height = emu(attr(size, 'cy')) || 540;
  const defaultStyle = child(presentation, 'defaultTextStyle');
  const rels = pkg.relationships(presentationPath);
  const masters = new Map<string, MasterInfo>();
  const images: Record<string, PresentationImage> = {};
  const slidePaths = children(child(presentation, 'sldIdLst'), 'sldId')
    .map((sldId) => rels[relAttr(sldId, 'id') ?? ''])
    .filter((rel) => rel && !rel.external && pkg.files[rel.target])
    .map((rel) => rel!.target);
  const slides: Slide[] = slidePaths.map((path, index) => {
    const root = pkg.part(path);
    if (!root) throw new PptxFailure('corrupt');
    const layoutPath = pkg.related(path, 'slideLayout');
    const layout = layoutPath ? pkg.part(layoutPath) : undefined;
    const masterPath = layoutPath ? pkg.related(layoutPath, 'slideMaster') : undefined;
    const master = masterPath ? pkg.part(masterPath) : undefined;
    const info = masterPath ? (masters.get(masterPath) ?? readMaster(pkg, masterPath)) : readMaster(pkg, '');
    if (masterPath) masters.set(masterPath, info);
    const layoutTree = child(layout, 'cSld', 'spTree');
    const masterTree = child(master, 'cSld', 'spTree');
    const base = { pkg, master: info, layoutTree, masterTree, defaultStyle, slideNumber: index + 1, images };
    const elements: SlideElement[] = [];
    const showMaster = attr(root, 'showMasterSp') !== '0';
    if (showMaster && masterPath && attr(layout, 'showMasterSp') !== '0') {
      walkTree({ ...base, part: masterPath, skipPlaceholders: true, layoutTree: undefined }, masterTree, identity, elements);
    }
    if (showMaster && layoutPath) walkTree({ ...base, part: layoutPath, skipPlaceholders: true }, layoutTree, identity, elements);
    const walk: Walk = { ...base, part: path, skipPlaceholders: false };
    walkTree(walk, child(root, 'cSld', 'spTree'), identity, elements);
    const background =
      readBackground(walk, path, root) ??
      (layoutPath ? readBackground({ ...walk, part: layoutPath }, layoutPath, layout) : undefined) ??
      (masterPath ? readBackground({ ...walk, part: masterPath }, masterPath, master) : undefined);
    const notesPath = pkg.related(path, 'notesSlide');
    const notesTree = notesPath ? child(pkg.part(notesPath), 'cSld', 'spTree') : undefined;
    const notesBody = descendants(notesTree, 'sp').find((sp) => placeholderOf(sp)?.type === 'body');
    return {
      number: index + 1,
      hidden: attr(root, 'show') === '0',
      background,
      elements,
      notes: plainText(child(notesBody, 'txBody')),
    };
  });
  return { width, height, slides, images };
}
