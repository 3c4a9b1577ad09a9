import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writePsd } from 'ag-psd';
import type { Layer } from 'ag-psd';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { compositeGroup, compositeLayers } from './compositor';
import type { CompositeNode, Raster } from './compositor';
import { exportPlan, notRenderedSummary, safeFileName } from './psd-model';
import type { LayerView } from './psd-model';
import { PsdError, readPsdModel } from './psd.service';

/** A width × height block of one straight-alpha colour. */
function block(width: number, height: number, [r, g, b, a]: [number, number, number, number]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, a], i);
  return { width, height, data };
}

const pixel = (raster: Raster, x: number, y: number) => [
  ...raster.data.subarray((y * raster.width + x) * 4, (y * raster.width + x) * 4 + 4),
];

/** A 20 × 10 document written by ag-psd itself: background, a group with CJK/emoji names, a hidden layer, a half-opaque layer, a clipped layer. */
function generated(): Uint8Array {
  const layer = (
    name: string,
    left: number,
    top: number,
    size: [number, number],
    color: [number, number, number, number],
    extra: Partial<Layer> = {},
  ): Layer => ({
    name,
    left,
    top,
    imageData: block(size[0], size[1], color),
    ...extra,
  });
  const psd = {
    width: 20,
    height: 10,
    children: [
      layer('背景', 0, 0, [20, 10], [0, 0, 255, 255]),
      {
        name: '组 1 📁',
        opened: true,
        children: [
          layer('红 🍎', 0, 0, [10, 10], [255, 0, 0, 255], { opacity: 0.5 }),
          layer('绿 clipped', 5, 0, [10, 10], [0, 255, 0, 255], { clipping: true }),
        ],
      },
      layer('隐藏', 0, 0, [20, 10], [255, 255, 255, 255], { hidden: true }),
    ],
  };
  return new Uint8Array(writePsd(psd as never, { noBackground: true }));
}

const names = (layers: readonly LayerView[]): unknown[] =>
  layers.map((layer) => (layer.children ? [layer.name, names(layer.children)] : layer.name));

describe('PSD model from a generated file', () => {
  const model = readPsdModel(generated());

  it('lists layers top first with their groups, names (CJK, emoji), visibility and opacity', () => {
    expect(names(model.layers)).toEqual(['隐藏', ['组 1 📁', ['绿 clipped', '红 🍎']], '背景']);
    const [hidden, group] = model.layers;
    expect(hidden).toMatchObject({ visible: false, kind: 'pixel', width: 20, height: 10 });
    expect(group).toMatchObject({ kind: 'group', visible: true });
    expect(group!.children![1]).toMatchObject({ opacity: 50, blendMode: 'normal', left: 0, width: 10 });
    expect(group!.children![0]).toMatchObject({ clipping: true, left: 5 });
    expect(model.info).toMatchObject({ width: 20, height: 10, colorMode: 'rgb', bitDepth: 8, layerCount: 5 });
    // ag-psd stores a flat black image as the composite and no versionInfo: drawn from layers instead.
    expect(model.info.hasComposite).toBe(false);
    expect(model.composite).toBeUndefined();
  });

  it('composites normal layers with opacity, clipping and hidden layers', () => {
    const image = compositeLayers(model.info, model.nodes);
    // Left: half red over blue.
    expect(pixel(image, 2, 5)).toEqual([128, 0, 127, 255]);
    // Middle: green clipped to the red layer covers it (green at full opacity inside a 50 % base).
    expect(pixel(image, 7, 5)).toEqual([0, 128, 127, 255]);
    // Right: green outside its base is clipped away; the hidden white layer is not drawn.
    expect(pixel(image, 17, 5)).toEqual([0, 0, 255, 255]);
  });

  it('re-composites when a layer is hidden', () => {
    const red = [...model.byId.values()].find((node) => node.pixels?.data[0] === 255 && node.pixels.data[1] === 0 && !node.clipping)!;
    red.visible = false;
    const image = compositeLayers(model.info, model.nodes);
    red.visible = true;
    // Hiding the base hides what is clipped to it too.
    expect(pixel(image, 2, 5)).toEqual([0, 0, 255, 255]);
    expect(pixel(image, 7, 5)).toEqual([0, 0, 255, 255]);
  });

  it('exports a group as its own picture, cropped to what it covers', () => {
    const group = [...model.byId.values()].find((node) => node.children)!;
    const image = compositeGroup(model.info, group);
    expect([image.left, image.width, image.height]).toEqual([0, 10, 10]);
    expect(pixel(image, 7, 5)).toEqual([0, 255, 0, 128]);
  });
});

describe('masks and blend modes', () => {
  const node = (extra: Partial<CompositeNode>): CompositeNode => ({
    id: 0,
    visible: true,
    opacity: 1,
    blendMode: 'normal',
    clipping: false,
    ...extra,
  });
  const raster = (color: [number, number, number, number]): Raster => ({ left: 0, top: 0, ...block(2, 1, color) });

  it('a layer mask hides where it is black and shows the outside as its default colour', () => {
    const image = compositeLayers({ width: 2, height: 1 }, [
      node({ pixels: raster([0, 0, 0, 255]) }),
      node({
        pixels: raster([255, 255, 255, 255]),
        mask: { left: 0, top: 0, width: 1, height: 1, data: new Uint8Array([0]), outside: 255 },
      }),
    ]);
    expect(pixel(image, 0, 0)).toEqual([0, 0, 0, 255]);
    expect(pixel(image, 1, 0)).toEqual([255, 255, 255, 255]);
  });

  it('multiply, screen and difference mix with the backdrop', () => {
    const over = (mode: string) =>
      pixel(
        compositeLayers({ width: 2, height: 1 }, [
          node({ pixels: raster([128, 255, 0, 255]) }),
          node({ pixels: raster([128, 128, 128, 255]), blendMode: mode }),
        ]),
        0,
        0,
      );
    expect(over('multiply')).toEqual([64, 128, 0, 255]);
    expect(over('screen')).toEqual([192, 255, 128, 255]);
    expect(over('difference')).toEqual([0, 127, 128, 255]);
    expect(over('normal')).toEqual([128, 128, 128, 255]);
  });
});

describe('files that cannot be read', () => {
  const codeOf = (bytes: Uint8Array) => {
    try {
      readPsdModel(bytes);
    } catch (error) {
      return error instanceof PsdError ? error.code : `other: ${String(error)}`;
    }
    return 'read';
  };

  it('names empty, wrong-type and damaged files', () => {
    const whole = generated();
    expect(codeOf(new Uint8Array(0))).toBe('empty');
    expect(codeOf(new TextEncoder().encode('{"not": "a psd"}'))).toBe('notPsd');
    expect(codeOf(whole.subarray(0, 40))).toBe('damaged');
    expect(codeOf(whole.subarray(0, Math.floor(whole.length / 2)))).toBe('damaged');
  });
});

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
if (!corpusPresent) console.info(`psd: corpus checks skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
const psdFile = (path: string) => new Uint8Array(readFileSync(join(corpusDir, 'psd', path)));

interface ExpectedLayer {
  name: string;
  hidden?: boolean;
  opacity?: number;
  blendMode?: string;
  clipping?: boolean;
  children?: ExpectedLayer[];
}

describe.runIf(corpusPresent)('real PSDs from the corpus', () => {
  const agPsd = ['bitmap', 'effects', 'grayscale', 'groups', 'layer-mask', 'layers', 'smart-object', 'text-complex', 'text-layer'] as const;

  it.each([...agPsd.map((name) => `${name}.psd`), 'psb.psb'])('%s: the layer tree matches the expected data', (file) => {
    const base = file.replace(/\.ps[db]$/, '');
    const expected = JSON.parse(readFileSync(join(corpusDir, 'psd/ag-psd', `${base}.data.json`), 'utf8')) as {
      width: number;
      children?: ExpectedLayer[];
    };
    const model = readPsdModel(psdFile(`ag-psd/${file}`));
    expect(model.info.width).toBe(expected.width);
    const compare = (views: readonly LayerView[], layers: readonly ExpectedLayer[]) => {
      const bottomFirst = [...views].reverse();
      expect(bottomFirst.map((view) => view.name)).toEqual(layers.map((layer) => layer.name));
      layers.forEach((layer, index) => {
        const view = bottomFirst[index]!;
        expect(view.visible).toBe(!layer.hidden);
        expect(view.opacity).toBe(Math.round((layer.opacity ?? 1) * 100));
        expect(view.blendMode).toBe(layer.blendMode ?? 'normal');
        expect(view.clipping).toBe(Boolean(layer.clipping));
        if (layer.children) compare(view.children ?? [], layer.children);
      });
    };
    compare(model.layers, expected.children ?? []);
  });

  // Documents whose looks come from pixels, masks and groups only: drawn from layers they must match the
  // reference. (Photoshop blends text edges with its own text gamma, so text-layer.psd differs at the edges.)
  it.each(['layers.psd', 'groups.psd', 'layer-mask.psd', 'psb.psb', 'smart-object.psd'])(
    '%s: composited from layers like the reference image',
    (file) => {
      const model = readPsdModel(psdFile(`ag-psd/${file}`));
      const reference = decode(readFileSync(join(corpusDir, 'psd/ag-psd', `${file.replace(/\.ps[db]$/, '')}.canvas.png`)));
      const drawn = compositeLayers(model.info, model.nodes);
      expect([drawn.width, drawn.height]).toEqual([reference.width, reference.height]);
      const channels = reference.channels;
      let off = 0;
      for (let i = 0, j = 0; i < drawn.data.length; i += 4, j += channels) {
        const alpha = channels === 4 ? reference.data[j + 3]! : 255;
        const worst = Math.max(
          ...[0, 1, 2].map((c) => Math.abs((drawn.data[i + c]! * drawn.data[i + 3]!) / 255 - (reference.data[j + c]! * alpha) / 255)),
          Math.abs(drawn.data[i + 3]! - alpha),
        );
        if (worst > 3) off++;
      }
      expect(off / (drawn.width * drawn.height)).toBeLessThan(0.01);
    },
  );

  it('names effects the compositor leaves out', () => {
    const model = readPsdModel(psdFile('ag-psd/effects.psd'));
    expect(notRenderedSummary(model.layers)).toEqual(
      expect.arrayContaining(['effect:dropShadow', 'effect:bevel', 'effect:gradientOverlay']),
    );
    // The disabled effects of "solid fill" are not said to be missing.
    expect(model.layers.find((layer) => layer.name === 'solid fill')!.notRendered).toEqual([]);
  });

  it('reads 16-bit, 32-bit and grayscale documents and says which colour modes it cannot', () => {
    expect(readPsdModel(psdFile('ag-psd/layers.psd')).info.hasComposite).toBe(true);
    const sixteen = readPsdModel(psdFile('psd-tools/colormodes__4x4_16bit_rgb.psd'));
    expect(sixteen.info).toMatchObject({ bitDepth: 16, colorMode: 'rgb', layerCount: 2 });
    expect(sixteen.composite!.data).toBeInstanceOf(Uint8ClampedArray);
    expect(readPsdModel(psdFile('psd-tools/32bit5x5.psd')).info).toMatchObject({ bitDepth: 32, width: 5 });
    expect(readPsdModel(psdFile('psd-tools/colormodes__4x4_8bit_grayscale.psd')).info.colorMode).toBe('grayscale');
    expect(() => readPsdModel(psdFile('ag-psd/cmyk.psd'))).toThrow(expect.objectContaining({ code: 'colorMode', detail: 'cmyk' }));
  });

  it('keeps emoji layer names and text layers’ text', () => {
    expect(readPsdModel(psdFile('psd-tools/layer-name-emoji.psd')).layers[0]).toMatchObject({
      name: '👽',
      blendMode: 'linear dodge',
      opacity: 50,
    });
    expect(readPsdModel(psdFile('psd-tools/text.psd')).layers[0]).toMatchObject({ kind: 'text', text: 'Line 1\nLine 2\nLine 3 and text' });
  });
});

describe('export plan', () => {
  it('puts every layer with pixels in its group folders, with names safe for any file system', () => {
    const model = readPsdModel(generated());
    expect(exportPlan(model.layers).map((entry) => entry.path)).toEqual([
      '隐藏.png',
      '组 1 📁/绿 clipped.png',
      '组 1 📁/红 🍎.png',
      '背景.png',
    ]);
    expect(safeFileName('a/b:c*?.', 'x')).toBe('a_b_c__.');
    expect(safeFileName('..', 'x')).toBe('_');
    expect(safeFileName('  ', 'fallback')).toBe('fallback');
  });
});
