import type {
  CurvePoint,
  SketchColor,
  SketchDocument,
  SketchGradient,
  SketchLayer,
  SketchPaint,
  SketchShadow,
  SketchStyle,
  StringAttribute,
  TextAttributes,
} from './sketch-model';
import type { Approximation } from './sketch-approx';

/**
 * An artboard drawn from the document JSON as SVG, so that names and text stay real text in the
 * page and the export is a vector file. Drawn: groups, rectangles (with corner radius), ovals,
 * polygons, stars, triangles, shape paths and shape groups with their boolean operations (union,
 * subtract, intersect, difference as SVG masks); colour, linear and radial gradient and picture
 * (pattern) fills, borders, opacity, rotation and flips; drop and inner shadows and Gaussian blur as
 * SVG filters; text from the attributed string (font, size, colour, alignment; line breaks, and
 * wrapped to the box in fixed-width text layers); bitmaps from images/, symbol instances as their
 * masters (text overrides applied) and clipping masks.
 * What is drawn only roughly is said: the layer's group carries `data-approx` with the reasons
 * (APPROXIMATIONS), which the page lists. Everything read from the file is escaped: the SVG goes
 * into the page as markup.
 */

export interface SvgImages {
  /** `images/<hash>.png` → a URL the SVG may use (a data: URL, so the exported SVG stands alone). */
  get(path: string): string | undefined;
  /** The picture's own size in pixels, when it can be read from its header. */
  size?(path: string): { width: number; height: number } | undefined;
}

/** Width of a line of text in px, for wrapping fixed-width text boxes; `font` is a CSS font shorthand. */
export type MeasureText = (text: string, font: string) => number;

/**
 * A guess without a canvas (tests, Node): full-width characters are an em wide, others about half.
 * The worker measures with OffscreenCanvas instead.
 */
export const estimateText: MeasureText = (text, font) => {
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 14);
  let width = 0;
  for (const char of text)
    width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u.test(
      char,
    )
      ? size
      : size * 0.55;
  return width;
};

/**
 * Breaks one paragraph into lines no wider than `width`: between words for spaced scripts, between
 * any two characters of CJK text; a word longer than the line is broken where it overflows.
 */
export function wrapLine(text: string, width: number, font: string, measure: MeasureText): string[] {
  if (width <= 0 || measure(text, font) <= width) return [text];
  // Pieces that may not be split: a run of non-space Latin characters with its trailing spaces, or one CJK character.
  const pieces = text.match(
    /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6][\u3001\u3002\uff0c\uff01\uff1f\uff1b\uff1a\u300d\u300f\uff09]*|[^\s\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]+\s*|\s+/gu,
  ) ?? [text];
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    if (measure((line + piece).trimEnd(), font) <= width || line === '') {
      line += piece;
      // A single piece wider than the line is cut character by character.
      while (measure(line.trimEnd(), font) > width && [...line].length > 1) {
        const chars = [...line];
        let fit = chars.length - 1;
        while (fit > 1 && measure(chars.slice(0, fit).join(''), font) > width) fit -= 1;
        lines.push(chars.slice(0, fit).join(''));
        line = chars.slice(fit).join('');
      }
    } else {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    }
  }
  if (line) lines.push(line.trimEnd());
  return lines;
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
  /** What the layer being written is drawn only roughly with. */
  private approximate = new Set<Approximation>();

  constructor(
    private readonly doc: SketchDocument,
    private readonly images: SvgImages,
    private readonly measure: MeasureText,
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
    if (paint.fillType === 1 && paint.gradient) {
      // SVG has no conic gradient: an angular one is drawn as a linear one with its stops.
      if (paint.gradient.gradientType === 2) this.approximate.add('angularGradient');
      return { value: this.gradient(paint.gradient, opacity), opacity: 1 };
    }
    if (paint.fillType === 4) return this.pattern(paint, opacity);
    if (paint.fillType === 5) this.approximate.add('noiseFill');
    return undefined;
  }

  /** A picture fill: tiled at its own size × the tile scale, or filling, stretched to or fitting the shape's box. */
  private pattern(paint: SketchPaint, opacity: number): { value: string; opacity: number } | undefined {
    const path = paint.image?._ref ?? '';
    const href = this.images.get(path) ?? this.images.get(`${path}.png`);
    if (!href) return undefined;
    const id = this.id('p');
    const size = this.images.size?.(path) ?? this.images.size?.(`${path}.png`);
    if (paint.patternFillType === 0 && size) {
      const scale = paint.patternTileScale || 1;
      const [w, h] = [num(size.width * scale), num(size.height * scale)];
      this.defs.push(
        `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${w}" height="${h}"><image href="${escapeXml(href)}" width="${w}" height="${h}" preserveAspectRatio="none"/></pattern>`,
      );
    } else {
      if (paint.patternFillType === 0) this.approximate.add('patternTile');
      const aspect = paint.patternFillType === 2 ? 'none' : paint.patternFillType === 3 ? 'xMidYMid meet' : 'xMidYMid slice';
      this.defs.push(
        `<pattern id="${id}" patternContentUnits="objectBoundingBox" width="1" height="1"><image href="${escapeXml(href)}" width="1" height="1" preserveAspectRatio="${aspect}"/></pattern>`,
      );
    }
    return { value: `url(#${id})`, opacity: num(opacity) };
  }

  /**
   * Shadows, inner shadows and a layer blur as one SVG filter over the layer's content: shadows
   * below it (spread by dilating the shape's alpha), inner shadows on it, then the blur. Sketch's
   * blur radii are CSS ones (its "Copy CSS" writes the same numbers), and a CSS blur radius is two
   * standard deviations.
   */
  private effects(style: SketchStyle, width: number, height: number, content: string): string {
    const on = (shadow: SketchShadow) => shadow.isEnabled !== false;
    const shadows = (style.shadows ?? []).filter(on);
    const inner = (style.innerShadows ?? []).filter(on);
    const blur = style.blur?.isEnabled ? style.blur : undefined;
    if (blur?.type === 1) this.approximate.add('motionBlur');
    if (blur?.type === 2) this.approximate.add('zoomBlur');
    if (blur?.type === 3) this.approximate.add('backgroundBlur');
    // Motion and zoom blurs are drawn as a Gaussian blur of the same radius; a background blur needs what lies below, which a filter cannot see.
    const blurRadius = blur && (blur.type ?? 0) !== 3 ? (blur.radius ?? 0) : 0;
    if (!shadows.length && !inner.length && !blurRadius) return content;
    const id = this.id('f');
    const parts: string[] = [];
    const merged: string[] = [];
    let pad = blurRadius * 1.5;
    shadows.forEach((shadow, index) => {
      const spread = shadow.spread ?? 0;
      const blurred = (shadow.blurRadius ?? 0) / 2;
      pad = Math.max(pad, Math.abs(shadow.offsetX ?? 0) + Math.abs(shadow.offsetY ?? 0) + blurred * 3 + Math.abs(spread));
      const paint = rgba(shadow.color);
      const source = spread > 0 ? `ds${index}m` : 'SourceAlpha';
      if (spread > 0) parts.push(`<feMorphology in="SourceAlpha" operator="dilate" radius="${num(spread)}" result="ds${index}m"/>`);
      parts.push(
        `<feGaussianBlur in="${source}" stdDeviation="${num(blurred)}"/><feOffset dx="${num(shadow.offsetX ?? 0)}" dy="${num(shadow.offsetY ?? 0)}" result="ds${index}o"/>` +
          `<feFlood flood-color="${paint.color}" flood-opacity="${paint.opacity}"/><feComposite in2="ds${index}o" operator="in" result="ds${index}"/>`,
      );
      merged.push(`ds${index}`);
    });
    merged.push('SourceGraphic');
    inner.forEach((shadow, index) => {
      const paint = rgba(shadow.color);
      // The shape's outside (inverted alpha), blurred and moved in, coloured, and kept inside the shape.
      parts.push(
        `<feComponentTransfer in="SourceAlpha"><feFuncA type="table" tableValues="1 0"/></feComponentTransfer>` +
          `<feGaussianBlur stdDeviation="${num((shadow.blurRadius ?? 0) / 2)}"/><feOffset dx="${num(shadow.offsetX ?? 0)}" dy="${num(shadow.offsetY ?? 0)}" result="is${index}o"/>` +
          `<feFlood flood-color="${paint.color}" flood-opacity="${paint.opacity}"/><feComposite in2="is${index}o" operator="in"/>` +
          `<feComposite in2="SourceAlpha" operator="in" result="is${index}"/>`,
      );
      merged.push(`is${index}`);
    });
    parts.push(`<feMerge${blurRadius ? ' result="fx"' : ''}>${merged.map((name) => `<feMergeNode in="${name}"/>`).join('')}</feMerge>`);
    if (blurRadius) parts.push(`<feGaussianBlur in="fx" stdDeviation="${num(blurRadius / 2)}"/>`);
    pad = Math.ceil(pad + 2);
    this.defs.push(
      `<filter id="${id}" filterUnits="userSpaceOnUse" x="${-pad}" y="${-pad}" width="${num(width + 2 * pad)}" height="${num(height + 2 * pad)}" color-interpolation-filters="sRGB">${parts.join('')}</filter>`,
    );
    return `<g filter="url(#${id})">${content}</g>`;
  }

  /** One copy of the outline per enabled fill and border, bottom first, as Sketch stacks them. */
  private shape(outline: (attributes: string) => string, layer: SketchLayer, withBorders = true): string {
    const style = layer.style ?? {};
    const parts: string[] = [];
    for (const fill of style.fills ?? []) {
      if (fill.isEnabled === false) continue;
      const paint = this.paint(fill);
      if (paint) parts.push(outline(`fill="${paint.value}" fill-opacity="${paint.opacity}" fill-rule="evenodd"`));
    }
    for (const border of withBorders ? (style.borders ?? []) : []) {
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
    const paragraphs = string.split(/\r\n|\r|\n|\u2028/);
    // Fixed-width and fixed-size boxes wrap their lines as Sketch does; auto-width ones never wrap.
    const cssFont = `${weight} ${num(size)}px ${font.split('-')[0] || 'sans-serif'}, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif`;
    const lines =
      layer.textBehaviour === 1 || layer.textBehaviour === 2
        ? paragraphs.flatMap((line) => wrapLine(line, width, cssFont, this.measure))
        : paragraphs;
    const spans = lines
      .map(
        (line, index) =>
          `<tspan x="${num(x)}" y="${num((lineHeight - size) / 2 + size * 0.9 + index * lineHeight)}">${escapeXml(line)}</tspan>`,
      )
      .join('');
    return `<text font-size="${num(size)}" font-family="${family}" font-weight="${weight}" fill="${color.color}" fill-opacity="${color.opacity}" text-anchor="${anchor}" xml:space="preserve">${spans}</text>`;
  }

  /**
   * A shape group: its paths combined by each one's boolean operation with all below it, in order.
   * One path is drawn as it is; several become an SVG mask built step by step (union adds the path,
   * subtract paints it black, intersect keeps what lies under both, difference paints the overlap
   * black), and the fills paint the group's box through the final mask. A border would need the
   * combined outline, which masks do not give: it is left out and said.
   */
  private shapeGroup(layer: SketchLayer, width: number, height: number): string {
    const paths = (layer.layers ?? [])
      .filter((path) => path.isVisible !== false)
      .map((path) => {
        const frame = path.frame ?? { x: 0, y: 0, width: 0, height: 0 };
        const d = pathData(path.points ?? [], path.isClosed !== false, frame.width, frame.height).replace(
          /(-?[\d.]+) (-?[\d.]+)/g,
          (_, px: string, py: string) => `${num(Number(px) + frame.x)} ${num(Number(py) + frame.y)}`,
        );
        return { d, operation: path.booleanOperation ?? -1 };
      });
    if (paths.length <= 1) return this.shape((attributes) => `<path d="${paths[0]?.d ?? ''}" ${attributes}/>`, layer);
    const box = `x="-1" y="-1" width="${num(width + 2)}" height="${num(height + 2)}"`;
    const path = (d: string, colour: string, mask?: string) =>
      `<path d="${d}" fill="${colour}" fill-rule="evenodd"${mask ? ` mask="url(#${mask})"` : ''}/>`;
    let mask = this.id('b');
    this.defs.push(`<mask id="${mask}" maskUnits="userSpaceOnUse" ${box}>${path(paths[0]!.d, '#fff')}</mask>`);
    for (const { d, operation } of paths.slice(1)) {
      const below = `<rect ${box} fill="#fff" mask="url(#${mask})"/>`;
      const content =
        operation === 1
          ? below + path(d, '#000')
          : operation === 2
            ? path(d, '#fff', mask)
            : operation === 3
              ? below + path(d, '#fff') + path(d, '#000', mask)
              : below + path(d, '#fff');
      mask = this.id('b');
      this.defs.push(`<mask id="${mask}" maskUnits="userSpaceOnUse" ${box}>${content}</mask>`);
    }
    if ((layer.style?.borders ?? []).some((border) => border.isEnabled !== false)) this.approximate.add('booleanBorder');
    const final = mask;
    return this.shape(
      (attributes) => `<rect width="${num(width)}" height="${num(height)}" ${attributes} mask="url(#${final})"/>`,
      layer,
      false,
    );
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
        if (layer._class === 'shapeGroup') return this.shapeGroup(layer, width, height);
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
    const outer = this.approximate;
    this.approximate = new Set();
    try {
      const content = this.content(layer, overrides, depth);
      if (asMask) return `<g transform="${transforms.join(' ')}">${content}</g>`;
      const drawn = layer.style ? this.effects(layer.style, frame.width, frame.height, content) : content;
      const name = layer.name ? ` data-name="${escapeXml(layer.name)}"` : '';
      const approximate = this.approximate.size ? ` data-approx="${[...this.approximate].join(' ')}"` : '';
      return `<g transform="${transforms.join(' ')}"${opacity !== undefined && opacity < 1 ? ` opacity="${num(opacity)}"` : ''}${name}${approximate}>${drawn}</g>`;
    } finally {
      this.approximate = outer;
    }
  }
}

/** The artboard (or symbol master) as a standalone SVG document. */
export function boardSvg(doc: SketchDocument, board: SketchLayer, images: SvgImages, measure: MeasureText = estimateText): string {
  const writer = new Writer(doc, images, measure);
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
