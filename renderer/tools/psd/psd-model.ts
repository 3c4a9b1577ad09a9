import type { Layer, PixelData, Psd } from 'ag-psd';
import { isRenderedBlendMode } from './blend';
import type { CompositeNode, Mask, Raster } from './compositor';

/**
 * What the page shows of a PSD (document facts and the layer tree, top layer first as Photoshop
 * lists it) and what the compositor draws (bottom first, 8-bit straight RGBA), built from one
 * `readPsd(..., { useImageData: true })` result. Pure: runs in the worker and under Node.
 */

export type ColorModeName = 'bitmap' | 'grayscale' | 'indexed' | 'rgb' | 'cmyk' | 'multichannel' | 'duotone' | 'lab';

const COLOR_MODES: Readonly<Record<number, ColorModeName>> = {
  0: 'bitmap',
  1: 'grayscale',
  2: 'indexed',
  3: 'rgb',
  4: 'cmyk',
  7: 'multichannel',
  8: 'duotone',
  9: 'lab',
};

export interface PsdInfo {
  width: number;
  height: number;
  colorMode: ColorModeName;
  bitDepth: number;
  /** Pixels per inch, when the file says. */
  resolution?: number;
  /** Layers and groups, all levels. */
  layerCount: number;
  /** Whether the file carries Photoshop's flattened image (else the preview is drawn from layers). */
  hasComposite: boolean;
}

export type LayerKind = 'group' | 'pixel' | 'text' | 'adjustment' | 'fill' | 'smartObject';

/** A feature the compositor leaves out, as `<kind>:<name>` (`effect:dropShadow`, `blend:dissolve`, `adjustment:curves`, `fill:gradient`). */
export type NotRendered = `${'effect' | 'blend' | 'adjustment' | 'fill'}:${string}`;

export interface LayerView {
  id: number;
  name: string;
  kind: LayerKind;
  visible: boolean;
  /** 0–100, as Photoshop shows it. */
  opacity: number;
  blendMode: string;
  clipping: boolean;
  left: number;
  top: number;
  width: number;
  height: number;
  text?: string;
  notRendered: NotRendered[];
  /** Groups only; top first. */
  children?: LayerView[];
}

export interface PsdModel {
  info: PsdInfo;
  layers: LayerView[];
  /** Bottom first, for the compositor. */
  nodes: CompositeNode[];
  byId: Map<number, CompositeNode>;
  /** The file's own flattened image, 8-bit RGBA. */
  composite?: Raster;
}

const EFFECT_KEYS = [
  'dropShadow',
  'innerShadow',
  'outerGlow',
  'innerGlow',
  'bevel',
  'solidFill',
  'satin',
  'stroke',
  'gradientOverlay',
  'patternOverlay',
] as const;

/** ag-psd gives 16-bit channels as 0–65535 and 32-bit ones as linear floats; the page works in 8-bit sRGB. */
export function toRgba8(pixels: PixelData): Uint8ClampedArray {
  const { data } = pixels;
  if (data instanceof Uint8ClampedArray) return data;
  if (data instanceof Uint8Array) return new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const out = new Uint8ClampedArray(data.length);
  if (data instanceof Uint16Array) {
    for (let i = 0; i < data.length; i++) out[i] = data[i]! / 257;
    return out;
  }
  for (let i = 0; i < data.length; i++) {
    const value = Math.min(1, Math.max(0, data[i]!));
    // Alpha stays linear; colour channels leave linear light for sRGB.
    out[i] = (i % 4 === 3 ? value : value <= 0.0031308 ? 12.92 * value : 1.055 * value ** (1 / 2.4) - 0.055) * 255;
  }
  return out;
}

function toMask(layer: Layer): Mask | undefined {
  const mask = layer.mask;
  if (!mask || mask.disabled) return undefined;
  const outside = mask.defaultColor ?? 255;
  const image = mask.imageData;
  if (!image || image.width === 0 || image.height === 0)
    return outside === 255 ? undefined : { left: 0, top: 0, width: 0, height: 0, data: new Uint8Array(0), outside };
  const rgba = toRgba8(image);
  const data = new Uint8Array(image.width * image.height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { left: mask.left ?? 0, top: mask.top ?? 0, width: image.width, height: image.height, data, outside };
}

function solidFill(layer: Layer): [number, number, number] | undefined {
  const fill = layer.vectorFill;
  if (fill?.type !== 'color') return undefined;
  const color = fill.color as Partial<Record<'r' | 'g' | 'b' | 'fr' | 'fg' | 'fb', number>>;
  if (color.r !== undefined && color.g !== undefined && color.b !== undefined) return [color.r, color.g, color.b];
  if (color.fr !== undefined && color.fg !== undefined && color.fb !== undefined) return [color.fr * 255, color.fg * 255, color.fb * 255];
  return undefined;
}

function kindOf(layer: Layer): LayerKind {
  if (layer.children) return 'group';
  if (layer.text) return 'text';
  if (layer.adjustment) return 'adjustment';
  if (layer.vectorFill) return 'fill';
  if (layer.placedLayer) return 'smartObject';
  return 'pixel';
}

function notRenderedOf(layer: Layer, kind: LayerKind, fill: [number, number, number] | undefined): NotRendered[] {
  const missing: NotRendered[] = [];
  const mode = layer.blendMode ?? 'normal';
  if (!isRenderedBlendMode(mode)) missing.push(`blend:${mode}`);
  if (layer.effects && !layer.effects.disabled) {
    for (const key of EFFECT_KEYS) {
      const effect = layer.effects[key];
      const list = Array.isArray(effect) ? effect : effect ? [effect] : [];
      if (list.some((item) => item.enabled !== false)) missing.push(`effect:${key}`);
    }
  }
  if (kind === 'adjustment' && layer.adjustment) missing.push(`adjustment:${layer.adjustment.type}`);
  if (kind === 'fill' && !fill) missing.push(`fill:${layer.vectorFill?.type ?? 'unknown'}`);
  return missing;
}

const ppi = (value: number, unit: string | undefined) => Math.round((unit === 'PPCM' ? value * 2.54 : value) * 100) / 100;

/**
 * Whether the file's flattened image shows the document. Photoshop says so itself
 * (`hasRealMergedData` is false when "maximize compatibility" was off); files from other writers
 * (ag-psd among them) leave out that resource and may store one flat colour, typically black,
 * in its place, which would hide every layer.
 */
function realComposite(psd: Psd): boolean {
  const said = psd.imageResources?.versionInfo?.hasRealMergedData;
  if (said !== undefined) return said;
  if (!psd.children?.length || !psd.imageData) return true;
  const data = psd.imageData.data;
  for (let i = 4; i < data.length; i++) if (data[i] !== data[i % 4]) return true;
  return false;
}

/** Builds the page's model. Ids are positions in a depth-first walk, stable for one file. */
export function buildModel(psd: Psd): PsdModel {
  const byId = new Map<number, CompositeNode>();
  let nextId = 0;
  let layerCount = 0;

  const walk = (layers: readonly Layer[]): { views: LayerView[]; nodes: CompositeNode[] } => {
    const views: LayerView[] = [];
    const nodes: CompositeNode[] = [];
    for (const layer of layers) {
      const id = nextId++;
      layerCount++;
      const kind = kindOf(layer);
      const fill = kind === 'fill' ? solidFill(layer) : undefined;
      const mode = layer.blendMode ?? 'normal';
      const opacity = (layer.opacity ?? 1) * (layer.fillOpacity ?? 1);
      const mask = toMask(layer);
      const node: CompositeNode = {
        id,
        visible: !layer.hidden,
        opacity,
        blendMode: isRenderedBlendMode(mode) ? mode : 'normal',
        clipping: Boolean(layer.clipping),
        ...(mask ? { mask } : {}),
        ...(fill ? { fill } : {}),
      };
      const left = layer.left ?? 0;
      const top = layer.top ?? 0;
      const image = layer.imageData;
      if (image && image.width > 0 && image.height > 0)
        node.pixels = { left, top, width: image.width, height: image.height, data: toRgba8(image) };
      const view: LayerView = {
        id,
        name: layer.name ?? '',
        kind,
        visible: node.visible,
        opacity: Math.round((layer.opacity ?? 1) * 100),
        blendMode: mode,
        clipping: node.clipping,
        left,
        top,
        width: image?.width ?? Math.max(0, (layer.right ?? 0) - left),
        height: image?.height ?? Math.max(0, (layer.bottom ?? 0) - top),
        notRendered: notRenderedOf(layer, kind, fill),
      };
      if (layer.text?.text !== undefined) view.text = layer.text.text;
      if (layer.children) {
        const inner = walk(layer.children);
        node.children = inner.nodes;
        view.children = inner.views;
      }
      byId.set(id, node);
      nodes.push(node);
      views.unshift(view);
    }
    return { views, nodes };
  };

  const { views, nodes } = walk(psd.children ?? []);
  const resolution = psd.imageResources?.resolutionInfo;
  const composite = psd.imageData && psd.imageData.width > 0 && realComposite(psd) ? psd.imageData : undefined;
  return {
    info: {
      width: psd.width,
      height: psd.height,
      colorMode: COLOR_MODES[psd.colorMode ?? 3] ?? 'rgb',
      bitDepth: psd.bitsPerChannel ?? 8,
      ...(resolution ? { resolution: ppi(resolution.horizontalResolution, resolution.horizontalResolutionUnit) } : {}),
      layerCount,
      hasComposite: composite !== undefined,
    },
    layers: views,
    nodes,
    byId,
    ...(composite ? { composite: { left: 0, top: 0, width: composite.width, height: composite.height, data: toRgba8(composite) } } : {}),
  };
}

/** Every feature left out, once each, in the order met (top layer first). */
export function notRenderedSummary(layers: readonly LayerView[]): NotRendered[] {
  const seen = new Set<NotRendered>();
  const visit = (list: readonly LayerView[]) => {
    for (const layer of list) {
      for (const feature of layer.notRendered) seen.add(feature);
      if (layer.children) visit(layer.children);
    }
  };
  visit(layers);
  return [...seen];
}

/** A name that is safe as a file or folder name on every system (the layer's own, or `fallback`). */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f/\\:*?"<>|]/g, '_')
    .trim()
    .replace(/^\.+/, '_');
  return cleaned.slice(0, 120) || fallback;
}

/** The zip of all layers: every layer with pixels as `<group>/<layer>.png`, top first, ids to draw. */
export function exportPlan(layers: readonly LayerView[], folder = ''): { id: number; path: string }[] {
  return layers.flatMap((layer) => {
    const name = safeFileName(layer.name, `layer-${layer.id}`);
    if (layer.children) return exportPlan(layer.children, `${folder}${name}/`);
    return layer.width > 0 && layer.height > 0 ? [{ id: layer.id, path: `${folder}${name}.png` }] : [];
  });
}
