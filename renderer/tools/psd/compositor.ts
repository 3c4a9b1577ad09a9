import { mixerFor } from './blend';

/**
 * Flattens a layer tree into one RGBA image, because ag-psd reads layers but never composites
 * them, and the file's own composite stops being right the moment a layer is hidden. What it draws:
 * pixels with opacity × fill opacity, every blend mode of blend.ts, layer and group masks, clipping
 * masks, groups (pass-through drawn as an isolated normal group) and solid colour fills. Layer
 * effects, adjustment layers and gradient/pattern fills are not drawn; the model names them.
 * Colours are straight (not premultiplied) 8-bit RGBA, as ag-psd hands them over.
 */

export interface Raster {
  left: number;
  top: number;
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface Mask {
  left: number;
  top: number;
  width: number;
  height: number;
  /** One byte per pixel, 0 hides, 255 shows. */
  data: Uint8Array;
  /** Value outside the mask's rectangle. */
  outside: number;
}

export interface CompositeNode {
  id: number;
  visible: boolean;
  /** Opacity × fill opacity, 0–1. */
  opacity: number;
  blendMode: string;
  clipping: boolean;
  mask?: Mask;
  pixels?: Raster;
  /** A solid colour fill layer: covers the document, shaped by its mask. */
  fill?: [number, number, number];
  /** Groups; bottom first, as in the file. */
  children?: CompositeNode[];
}

export interface Size {
  width: number;
  height: number;
}

const emptyRaster = (size: Size): Raster => ({
  left: 0,
  top: 0,
  width: size.width,
  height: size.height,
  data: new Uint8ClampedArray(size.width * size.height * 4),
});

function maskAt(mask: Mask, x: number, y: number): number {
  const mx = x - mask.left;
  const my = y - mask.top;
  if (mx < 0 || my < 0 || mx >= mask.width || my >= mask.height) return mask.outside;
  return mask.data[my * mask.width + mx]!;
}

interface BlendOptions {
  opacity: number;
  mode: string;
  mask?: Mask;
  /** Source-atop: the backdrop keeps its alpha (what a clipping mask does to the layers clipped to a base). */
  keepAlpha?: boolean;
}

/** Blends `source` over `target` (both in document coordinates) where they overlap. */
export function blendRaster(target: Raster, source: Raster, { opacity, mode, mask, keepAlpha = false }: BlendOptions): void {
  const mixer = mixerFor(mode);
  const x0 = Math.max(target.left, source.left);
  const y0 = Math.max(target.top, source.top);
  const x1 = Math.min(target.left + target.width, source.left + source.width);
  const y1 = Math.min(target.top + target.height, source.top + source.height);
  const dst = target.data;
  const src = source.data;
  const b: [number, number, number] = [0, 0, 0];
  const s: [number, number, number] = [0, 0, 0];
  for (let y = y0; y < y1; y++) {
    let di = ((y - target.top) * target.width + (x0 - target.left)) * 4;
    let si = ((y - source.top) * source.width + (x0 - source.left)) * 4;
    for (let x = x0; x < x1; x++, di += 4, si += 4) {
      let as = (src[si + 3]! / 255) * opacity;
      if (mask) as *= maskAt(mask, x, y) / 255;
      if (as <= 0) continue;
      const ab = dst[di + 3]! / 255;
      if (keepAlpha && ab === 0) continue;
      let sr = src[si]! / 255;
      let sg = src[si + 1]! / 255;
      let sb = src[si + 2]! / 255;
      const br = dst[di]! / 255;
      const bg = dst[di + 1]! / 255;
      const bb = dst[di + 2]! / 255;
      if (mixer && ab > 0) {
        b[0] = br;
        b[1] = bg;
        b[2] = bb;
        s[0] = sr;
        s[1] = sg;
        s[2] = sb;
        const mixed = mixer(b, s);
        // Where the backdrop is partly transparent the source shows through unmixed in proportion.
        sr = (1 - ab) * sr + ab * mixed[0];
        sg = (1 - ab) * sg + ab * mixed[1];
        sb = (1 - ab) * sb + ab * mixed[2];
      }
      if (keepAlpha) {
        dst[di] = (as * sr + (1 - as) * br) * 255;
        dst[di + 1] = (as * sg + (1 - as) * bg) * 255;
        dst[di + 2] = (as * sb + (1 - as) * bb) * 255;
        continue;
      }
      const ao = as + ab * (1 - as);
      const keep = ab * (1 - as);
      dst[di] = ((as * sr + keep * br) / ao) * 255;
      dst[di + 1] = ((as * sg + keep * bg) / ao) * 255;
      dst[di + 2] = ((as * sb + keep * bb) / ao) * 255;
      dst[di + 3] = ao * 255;
    }
  }
}

/** The node drawn alone at full opacity (its mask applied), or undefined when it draws nothing. */
function renderNode(node: CompositeNode, size: Size): Raster | undefined {
  if (node.children) {
    const group = emptyRaster(size);
    drawChildren(group, node.children, size);
    return group;
  }
  if (node.fill) {
    const [r, g, b] = node.fill;
    const raster = emptyRaster(size);
    for (let i = 0; i < raster.data.length; i += 4) {
      raster.data[i] = r;
      raster.data[i + 1] = g;
      raster.data[i + 2] = b;
      raster.data[i + 3] = 255;
    }
    return raster;
  }
  return node.pixels && node.pixels.width > 0 && node.pixels.height > 0 ? node.pixels : undefined;
}

/** Draws a list of siblings (bottom first) onto `target`, clipping groups included. */
function drawChildren(target: Raster, nodes: readonly CompositeNode[], size: Size): void {
  for (let i = 0; i < nodes.length; i++) {
    const base = nodes[i]!;
    // Layers clipped to this base follow it directly; they show only where the base does.
    let end = i + 1;
    while (end < nodes.length && nodes[end]!.clipping) end++;
    const clipped = nodes.slice(i + 1, end);
    i = end - 1;
    if (!base.visible) continue;
    const own = renderNode(base, size);
    if (!own) continue;
    const visibleClipped = clipped.filter((node) => node.visible);
    if (visibleClipped.length === 0) {
      blendRaster(target, own, { opacity: base.opacity, mode: base.blendMode, ...(base.mask ? { mask: base.mask } : {}) });
      continue;
    }
    // The base with its mask, then its clipped layers atop it, then the whole onto the target.
    const stack: Raster = { ...own, data: new Uint8ClampedArray(own.data.length) };
    blendRaster(stack, own, { opacity: 1, mode: 'normal', ...(base.mask ? { mask: base.mask } : {}) });
    for (const layer of visibleClipped) {
      const pixels = renderNode(layer, size);
      if (pixels)
        blendRaster(stack, pixels, {
          opacity: layer.opacity,
          mode: layer.blendMode,
          keepAlpha: true,
          ...(layer.mask ? { mask: layer.mask } : {}),
        });
    }
    blendRaster(target, stack, { opacity: base.opacity, mode: base.blendMode });
  }
}

/** The document as drawn from its layers (bottom first), transparent where nothing covers it. */
export function compositeLayers(size: Size, nodes: readonly CompositeNode[]): Raster {
  const canvas = emptyRaster(size);
  drawChildren(canvas, nodes, size);
  return canvas;
}

/** A group's own picture: its visible children alone, cropped to what they cover. */
export function compositeGroup(size: Size, group: CompositeNode): Raster {
  return cropToContent(compositeLayers(size, group.children ?? []));
}

/** The smallest rectangle holding every pixel that is not fully transparent (1 × 1 when none is). */
export function cropToContent(raster: Raster): Raster {
  const { width, height, data } = raster;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] === 0) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) return { left: raster.left, top: raster.top, width: 1, height: 1, data: new Uint8ClampedArray(4) };
  const w = maxX - minX + 1;
  const h = maxY - minY + 1;
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) out.set(data.subarray(((y + minY) * width + minX) * 4, ((y + minY) * width + maxX + 1) * 4), y * w * 4);
  return { left: raster.left + minX, top: raster.top + minY, width: w, height: h, data: out };
}
