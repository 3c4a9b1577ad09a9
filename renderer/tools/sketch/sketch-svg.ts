import type {
  CurvePoint,
  SketchColor,
  SketchDocument,
  SketchGradient,
  SketchLayer,
  SketchPaint,
  StringAttribute,
  TextAttributes,
} from './sketch-model';

/**
 * An artboard drawn from the document JSON as SVG, so that names and text stay real text in the
 * page and the export is a vector file. Drawn: groups, rectangles (with corner radius), ovals,
 * polygons, stars, triangles, shape paths and old shape groups as paths from their curve points;
 * colour and gradient fills, borders, opacity, rotation and flips, text from the attributed string
 * (font, size, colour, alignment; one line per line break), bitmaps from images/, symbol
 * instances as their masters (text overrides applied) and clipping masks. Not drawn: shadows,
 * blurs, pattern fills, text wrapping and boolean operations other than a plain union.
 * Everything read from the file is escaped: the SVG goes into the page as markup.
 */

export interface SvgImages {
  /** `images/<hash>.png` → a URL the SVG may use (a data: URL, so the exported SVG stands alone). */
  get(path: string): string | undefined;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]!};`);

const num = (value: number) => (Number.isFinite(value) ? Math.round(value * 1000) / 1000 : 0);

function rgba(color: SketchColor | undefined, opacity = 1): { color: string; opacity: number } {
  if (!color) return { color: 'rgb(0,0,0)', opacity };
  const c = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255);
  return {
    color: `rgb(${c(color.red)},${c(color.green)},${c(color.blue)})`,
    opacity: num(Math.min(1, Math.max(0, color.alpha)) * opacity),
  };
}

/** "{0.5, 1}" → [0.5, 1]. */
function pointOf(text: string | undefined): [number, number] {
  const match = /\{\s*([-\d.e]+)\s*,\s*([-\d.e]+)\s*\}/i.exec(text ?? '');
  return match ? [Number(match[1]), Number(match[2])] : [0, 0];
}

/** The outline of a shape from its curve points (0–1 of its frame). */
export function pathData(points: readonly CurvePoint[], closed: boolean, width: number, height: number): string {
  if (points.length === 0) return '';
  const at = (text: string | undefined) => {
    const [x, y] = pointOf(text);
    return `${num(x * width)} ${num(y * height)}`;
  };
  const parts = [`M${at(points[0]!.point)}`];
  const count = closed ? points.length : points.length - 1;
  for (let i = 0; i < count; i++) {
    const from = points[i]!;
    const to = points[(i + 1) % points.length]!;
    if (from.hasCurveFrom || to.hasCurveTo) parts.push(`C${at(from.curveFrom)} ${at(to.curveTo)} ${at(to.point)}`);
    // The closing straight segment is the Z itself.
    else if (!(closed && i === points.length - 1)) parts.push(`L${at(to.point)}`);
  }
  if (closed) parts.push('Z');
  return parts.join(' ');
}

class Writer {
  private readonly defs: string[] = [];
  private next = 0;

  constructor(
    private readonly doc: SketchDocument,
    private readonly images: SvgImages,
  ) {}

  id(prefix: string): string {
    return `${prefix}${this.next++}`;
  }

  defsMarkup(): string {
    return this.defs.length > 0 ? `<defs>${this.defs.join('')}</defs>` : '';
  }

  private gradient(gradient: SketchGradient, opacity: number): string {
    const id = this.id('g');
    const [x1, y1] = pointOf(gradient.from);
    const [x2, y2] = pointOf(gradient.to);
    const stops = (gradient.stops ?? [])
      .map((stop) => {
        const paint = rgba(stop.color, opacity);
        return `<stop offset="${num(stop.position)}" stop-color="${paint.color}" stop-opacity="${paint.opacity}"/>`;
      })
      .join('');
    if (gradient.gradientType === 1) {
      const r = Math.hypot(x2 - x1, y2 - y1);
      this.defs.push(`<radialGradient id="${id}" cx="${num(x1)}" cy="${num(y1)}" r="${num(r)}">${stops}</radialGradient>`);
    } else {
      this.defs.push(
        `<linearGradient id="${id}" x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}">${stops}</linearGradient>`,
      );
    }
    return `url(#${id})`;
  }

  /** The fill attribute of one paint, or undefined for one not drawn (pattern, noise). */
  private paint(paint: SketchPaint): { value: string; opacity: number } | undefined {
    const opacity = paint.contextSettings?.opacity ?? 1;
    if (!paint.fillType) {
      const color = rgba(paint.color, opacity);
      return { value: color.color, opacity: color.opacity };
    }
    if (paint.fillType === 1 && paint.gradient) return { value: this.gradient(paint.gradient, opacity), opacity: 1 };
    return undefined;
  }

  /** One copy of the outline per enabled fill and border, bottom first, as Sketch stacks them. */
  private shape(outline: (attributes: string) => string, layer: SketchLayer): string {
    const style = layer.style ?? {};
    const parts: string[] = [];
    for (const fill of style.fills ?? []) {
      if (fill.isEnabled === false) continue;
      const paint = this.paint(fill);
      if (paint) parts.push(outline(`fill="${paint.value}" fill-opacity="${paint.opacity}" fill-rule="evenodd"`));
    }
    for (const border of style.borders ?? []) {
      if (border.isEnabled === false) continue;
      const paint = this.paint(border);
      if (paint)
        parts.push(
          outline(`fill="none" stroke="${paint.value}" stroke-opacity="${paint.opacity}" stroke-width="${num(border.thickness ?? 1)}"`),
        );
    }
    return parts.join('');
  }

  private text(layer: SketchLayer, width: number, override?: string): string {
    const string = override ?? layer.attributedString?.string ?? layer.name ?? '';
    const first: StringAttribute | undefined = layer.attributedString?.attributes?.[0];
    const attributes: TextAttributes = first?.attributes ?? layer.style?.textStyle?.encodedAttributes ?? {};
    const size = attributes.MSAttributedStringFontAttribute?.attributes?.size ?? 14;
    const font = attributes.MSAttributedStringFontAttribute?.attributes?.name ?? '';
    const color = rgba(attributes.MSAttributedStringColorAttribute);
    const alignment = attributes.paragraphStyle?.alignment ?? 0;
    const lineHeight = attributes.paragraphStyle?.maximumLineHeight || size * 1.2;
    const [anchor, x] = alignment === 1 ? ['end', width] : alignment === 2 ? ['middle', width / 2] : ['start', 0];
    const weight = /bold|semibold|heavy|black|medium/i.test(font) ? (/medium/i.test(font) ? 500 : 700) : 400;
    // PostScript names ("PingFangSC-Regular") are not CSS families: the family part first, then CJK and system fallbacks.
    const family = `${escapeXml(font.split('-')[0] ?? '')}, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif`;
    const lines = string.split(/\r\n|\r|\n|\u2028/);
    const spans = lines
      .map(
        (line, index) =>
          `<tspan x="${num(x)}" y="${num((lineHeight - size) / 2 + size * 0.9 + index * lineHeight)}">${escapeXml(line)}</tspan>`,
      )
      .join('');
    return `<text font-size="${num(size)}" font-family="${family}" font-weight="${weight}" fill="${color.color}" fill-opacity="${color.opacity}" text-anchor="${anchor}" xml:space="preserve">${spans}</text>`;
  }

  private overridesOf(layer: SketchLayer, inherited: ReadonlyMap<string, string>): Map<string, string> {
    const overrides = new Map(inherited);
    for (const override of layer.overrideValues ?? []) {
      const match = /^(?:.*\/)?([^/_]+)_stringValue$/.exec(override.overrideName ?? '');
      if (match && typeof override.value === 'string') overrides.set(match[1]!, override.value);
    }
    return overrides;
  }

  /** The layer's own content, in its own coordinates (0,0 at its frame's corner). */
  private content(layer: SketchLayer, overrides: ReadonlyMap<string, string>, depth: number): string {
    const width = layer.frame?.width ?? 0;
    const height = layer.frame?.height ?? 0;
    switch (layer._class) {
      case 'group':
      case 'shapeGroup':
        if (layer._class === 'shapeGroup') {
          const d = (layer.layers ?? []).map((path) => {
            const frame = path.frame ?? { x: 0, y: 0, width: 0, height: 0 };
            return pathData(path.points ?? [], path.isClosed !== false, frame.width, frame.height).replace(
              /(-?[\d.]+) (-?[\d.]+)/g,
              (_, px: string, py: string) => `${num(Number(px) + frame.x)} ${num(Number(py) + frame.y)}`,
            );
          });
          return this.shape((attributes) => `<path d="${d.join(' ')}" ${attributes}/>`, layer);
        }
        return this.children(layer.layers ?? [], overrides, depth);
      case 'rectangle':
        if (layer.fixedRadius !== undefined || !layer.points) {
          const r = Math.min(layer.fixedRadius ?? 0, width / 2, height / 2);
          return this.shape((attributes) => `<rect width="${num(width)}" height="${num(height)}" rx="${num(r)}" ${attributes}/>`, layer);
        }
        return this.shape((attributes) => `<path d="${pathData(layer.points ?? [], true, width, height)}" ${attributes}/>`, layer);
      case 'oval':
      case 'polygon':
      case 'star':
      case 'triangle':
      case 'shapePath':
        return this.shape(
          (attributes) => `<path d="${pathData(layer.points ?? [], layer.isClosed !== false, width, height)}" ${attributes}/>`,
          layer,
        );
      case 'text':
        return this.text(layer, width, overrides.get(layer.do_objectID ?? ''));
      case 'bitmap': {
        const href = this.images.get(`${layer.image?._ref ?? ''}`) ?? this.images.get(`${layer.image?._ref ?? ''}.png`);
        return href ? `<image href="${escapeXml(href)}" width="${num(width)}" height="${num(height)}" preserveAspectRatio="none"/>` : '';
      }
      case 'symbolInstance': {
        const master = this.doc.symbols.get(layer.symbolID ?? '');
        // Symbols may nest; a cycle (broken file) stops here instead of recursing for ever.
        if (!master || depth > 12) return '';
        const sx = master.frame?.width ? width / master.frame.width : 1;
        const sy = master.frame?.height ? height / master.frame.height : 1;
        const inner = this.children(master.layers ?? [], this.overridesOf(layer, overrides), depth + 1);
        return sx === 1 && sy === 1 ? inner : `<g transform="scale(${num(sx)} ${num(sy)})">${inner}</g>`;
      }
      default:
        return '';
    }
  }

  /** A list of siblings, bottom first; a layer with a clipping mask clips those above it until one breaks the chain. */
  children(layers: readonly SketchLayer[], overrides: ReadonlyMap<string, string>, depth: number): string {
    const out: string[] = [];
    let clipId: string | undefined;
    for (const layer of layers) {
      if (layer.shouldBreakMaskChain) clipId = undefined;
      if (layer.hasClippingMask) {
        clipId = this.id('m');
        this.defs.push(`<clipPath id="${clipId}">${this.placed(layer, overrides, depth, true)}</clipPath>`);
        continue;
      }
      if (layer.isVisible === false) continue;
      const drawn = this.placed(layer, overrides, depth, false);
      out.push(clipId ? `<g clip-path="url(#${clipId})">${drawn}</g>` : drawn);
    }
    return out.join('');
  }

  /** The layer moved to its frame, turned and flipped about its centre, with its opacity and name. */
  private placed(layer: SketchLayer, overrides: ReadonlyMap<string, string>, depth: number, asMask: boolean): string {
    const frame = layer.frame ?? { x: 0, y: 0, width: 0, height: 0 };
    const cx = frame.width / 2;
    const cy = frame.height / 2;
    const transforms = [`translate(${num(frame.x)} ${num(frame.y)})`];
    // Sketch turns counter-clockwise for positive angles, SVG clockwise.
    if (layer.rotation) transforms.push(`rotate(${num(-layer.rotation)} ${num(cx)} ${num(cy)})`);
    if (layer.isFlippedHorizontal || layer.isFlippedVertical)
      transforms.push(
        `translate(${num(cx)} ${num(cy)}) scale(${layer.isFlippedHorizontal ? -1 : 1} ${layer.isFlippedVertical ? -1 : 1}) translate(${num(-cx)} ${num(-cy)})`,
      );
    const opacity = layer.style?.contextSettings?.opacity;
    const content = this.content(layer, overrides, depth);
    if (asMask) return `<g transform="${transforms.join(' ')}">${content}</g>`;
    const name = layer.name ? ` data-name="${escapeXml(layer.name)}"` : '';
    return `<g transform="${transforms.join(' ')}"${opacity !== undefined && opacity < 1 ? ` opacity="${num(opacity)}"` : ''}${name}>${content}</g>`;
  }
}

/** The artboard (or symbol master) as a standalone SVG document. */
export function boardSvg(doc: SketchDocument, board: SketchLayer, images: SvgImages): string {
  const writer = new Writer(doc, images);
  const width = board.frame?.width ?? 0;
  const height = board.frame?.height ?? 0;
  const body = writer.children(board.layers ?? [], new Map(), 0);
  const background =
    board.hasBackgroundColor && board.backgroundColor
      ? (() => {
          const paint = rgba(board.backgroundColor);
          return `<rect width="${num(width)}" height="${num(height)}" fill="${paint.color}" fill-opacity="${paint.opacity}"/>`;
        })()
      : '';
  const clip = writer.id('board');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">` +
    `<title>${escapeXml(board.name ?? '')}</title>${writer.defsMarkup()}<clipPath id="${clip}"><rect width="${num(width)}" height="${num(height)}"/></clipPath>` +
    `<g clip-path="url(#${clip})">${background}${body}</g></svg>`
  );
}
