import { describe, expect, it } from 'vitest';
import type { SketchDocument, SketchLayer } from './sketch-model';
import { boardSvg, estimateText, wrapLine } from './sketch-svg';

const doc: SketchDocument = { pages: [], symbols: new Map(), layerStyles: [], textStyles: [] };
const color = (red: number, green: number, blue: number, alpha = 1) => ({ red, green, blue, alpha });
const frame = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
const square = (x0: number, y0: number, x1: number, y1: number) =>
  [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ].map(([x, y]) => ({ point: `{${x}, ${y}}` }));
const board = (layers: SketchLayer[]): SketchLayer => ({ _class: 'artboard', name: 'B', frame: frame(0, 0, 200, 200), layers });
const images = {
  get: (path: string) => (path === 'images/tile.png' ? 'data:image/png;base64,AAAA' : undefined),
  size: (path: string) => (path === 'images/tile.png' ? { width: 8, height: 4 } : undefined),
};
const svgOf = (...layers: SketchLayer[]) => boardSvg(doc, board(layers), images);
const red = { isEnabled: true, fillType: 0, color: color(1, 0, 0) };

describe('effects', () => {
  it('draws a drop shadow (with spread), an inner shadow and a Gaussian blur as one filter on the layer', () => {
    const svg = svgOf({
      _class: 'rectangle',
      name: 'card',
      frame: frame(10, 10, 100, 50),
      fixedRadius: 4,
      style: {
        fills: [red],
        shadows: [{ isEnabled: true, blurRadius: 8, offsetX: 0, offsetY: 4, spread: 2, color: color(0, 0, 0, 0.5) }],
        innerShadows: [{ isEnabled: true, blurRadius: 2, offsetX: 1, offsetY: 1, color: color(1, 1, 1, 0.8) }],
        blur: { isEnabled: true, type: 0, radius: 6 },
      },
    });
    expect(svg).toMatch(/<filter id="(f\d+)" filterUnits="userSpaceOnUse"[^>]*>.*<\/filter>.*<g filter="url\(#\1\)"><rect width="100"/);
    expect(svg).toContain('<feMorphology in="SourceAlpha" operator="dilate" radius="2" result="ds0m"/>');
    expect(svg).toContain('<feGaussianBlur in="ds0m" stdDeviation="4"/><feOffset dx="0" dy="4" result="ds0o"/>');
    expect(svg).toContain('<feFlood flood-color="rgb(0,0,0)" flood-opacity="0.5"/>');
    expect(svg).toContain('<feFuncA type="table" tableValues="1 0"/>');
    expect(svg).toContain('<feMergeNode in="ds0"/><feMergeNode in="SourceGraphic"/><feMergeNode in="is0"/>');
    expect(svg).toContain('<feGaussianBlur in="fx" stdDeviation="3"/>');
    expect(svg).not.toContain('data-approx');
  });

  it('leaves disabled effects out and says which blurs it cannot draw', () => {
    const plain = svgOf({
      _class: 'rectangle',
      name: 'flat',
      frame: frame(0, 0, 10, 10),
      style: { fills: [red], shadows: [{ isEnabled: false, blurRadius: 4 }], blur: { isEnabled: false, radius: 4 } },
    });
    expect(plain).not.toContain('<filter');
    const glass = svgOf({
      _class: 'rectangle',
      name: '毛玻璃',
      frame: frame(0, 0, 10, 10),
      style: { fills: [red], blur: { isEnabled: true, type: 3, radius: 20 } },
    });
    expect(glass).toContain('data-name="毛玻璃" data-approx="backgroundBlur"');
    expect(glass).not.toContain('<filter');
    const moving = svgOf({
      _class: 'rectangle',
      name: 'moving',
      frame: frame(0, 0, 10, 10),
      style: { fills: [red], blur: { isEnabled: true, type: 1, radius: 8 } },
    });
    expect(moving).toContain('data-approx="motionBlur"');
    expect(moving).toContain('<feGaussianBlur in="fx" stdDeviation="4"/>');
  });
});

describe('fills', () => {
  it('tiles a picture fill at its size × the tile scale, and fits or stretches the others to the box', () => {
    const tiled = svgOf({
      _class: 'rectangle',
      name: 'tiles',
      frame: frame(0, 0, 100, 100),
      style: { fills: [{ isEnabled: true, fillType: 4, image: { _ref: 'images/tile.png' }, patternFillType: 0, patternTileScale: 2 }] },
    });
    expect(tiled).toContain(
      '<pattern id="p0" patternUnits="userSpaceOnUse" width="16" height="8"><image href="data:image/png;base64,AAAA"',
    );
    expect(tiled).toContain('fill="url(#p0)"');
    const fit = svgOf({
      _class: 'rectangle',
      name: 'fit',
      frame: frame(0, 0, 100, 100),
      style: { fills: [{ isEnabled: true, fillType: 4, image: { _ref: 'images/tile.png' }, patternFillType: 3 }] },
    });
    expect(fit).toContain('preserveAspectRatio="xMidYMid meet"');
  });

  it('says which fills are approximated: angular gradients and noise', () => {
    const svg = svgOf({
      _class: 'rectangle',
      name: 'cone',
      frame: frame(0, 0, 10, 10),
      style: {
        fills: [
          {
            isEnabled: true,
            fillType: 1,
            gradient: { gradientType: 2, from: '{0.5, 0}', to: '{0.5, 1}', stops: [{ position: 0, color: color(1, 0, 0) }] },
          },
          { isEnabled: true, fillType: 5 },
        ],
      },
    });
    expect(svg).toContain('data-approx="angularGradient noiseFill"');
    expect(svg).toContain('<linearGradient');
  });
});

describe('boolean operations', () => {
  const group = (operation: number, borders = false): SketchLayer => ({
    _class: 'shapeGroup',
    name: 'combined',
    frame: frame(0, 0, 100, 100),
    style: { fills: [red], ...(borders ? { borders: [{ isEnabled: true, fillType: 0, color: color(0, 0, 0), thickness: 1 }] } : {}) },
    layers: [
      { _class: 'shapePath', frame: frame(0, 0, 60, 60), isClosed: true, points: square(0, 0, 1, 1) },
      { _class: 'shapePath', frame: frame(40, 40, 60, 60), isClosed: true, points: square(0, 0, 1, 1), booleanOperation: operation },
    ],
  });
  const second = '<path d="M40 40 L100 40 L100 100 L40 100 Z"';

  it('subtracts, intersects, unites and takes the difference through masks', () => {
    const subtract = svgOf(group(1));
    expect(subtract).toContain(
      '<mask id="b0" maskUnits="userSpaceOnUse" x="-1" y="-1" width="102" height="102"><path d="M0 0 L60 0 L60 60 L0 60 Z" fill="#fff"',
    );
    expect(subtract).toContain(
      `<mask id="b1" maskUnits="userSpaceOnUse" x="-1" y="-1" width="102" height="102"><rect x="-1" y="-1" width="102" height="102" fill="#fff" mask="url(#b0)"/>${second} fill="#000"`,
    );
    expect(subtract).toContain('<rect width="100" height="100" fill="rgb(255,0,0)" fill-opacity="1" fill-rule="evenodd" mask="url(#b1)"/>');
    expect(svgOf(group(2))).toContain(`${second} fill="#fff" fill-rule="evenodd" mask="url(#b0)"/></mask>`);
    expect(svgOf(group(0))).toContain(`mask="url(#b0)"/>${second} fill="#fff" fill-rule="evenodd"/></mask>`);
    expect(svgOf(group(3))).toContain(
      `${second} fill="#fff" fill-rule="evenodd"/>${second} fill="#000" fill-rule="evenodd" mask="url(#b0)"/></mask>`,
    );
  });

  it('says that the border of a combined shape is not drawn', () => {
    const svg = svgOf(group(1, true));
    expect(svg).toContain('data-approx="booleanBorder"');
    expect(svg).not.toContain('stroke=');
  });
});

describe('text wrapping', () => {
  const measure = (text: string) => text.length * 10;

  it('breaks Latin text between words and CJK text between characters', () => {
    expect(wrapLine('hello big world', 100, '10px x', measure)).toEqual(['hello big', 'world']);
    expect(wrapLine('百宝箱在你的设备上打开文件', 50, '10px x', measure)).toEqual(['百宝箱在你', '的设备上打', '开文件']);
    expect(wrapLine('supercalifragilistic', 50, '10px x', measure)).toEqual(['super', 'calif', 'ragil', 'istic']);
    expect(wrapLine('short', 100, '10px x', measure)).toEqual(['short']);
  });

  it('keeps CJK closing punctuation with the character before it', () => {
    expect(wrapLine('你好，世界。再见', 30, '10px x', measure)).toEqual(['你好，', '世界。', '再见']);
  });

  it('wraps fixed-width text boxes only', () => {
    const text = (textBehaviour: number): SketchLayer => ({
      _class: 'text',
      name: 't',
      frame: frame(0, 0, 60, 40),
      textBehaviour,
      attributedString: {
        string: '在你的设备上打开 Sketch 文件',
        attributes: [
          {
            location: 0,
            length: 20,
            attributes: { MSAttributedStringFontAttribute: { attributes: { name: 'PingFangSC-Regular', size: 12 } } },
          },
        ],
      },
    });
    const tspans = (svg: string) => [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((match) => match[1]);
    expect(tspans(svgOf(text(0)))).toEqual(['在你的设备上打开 Sketch 文件']);
    const wrapped = tspans(svgOf(text(1)));
    expect(wrapped.length).toBeGreaterThan(2);
    expect(wrapped.join('').replace(/ /g, '')).toBe('在你的设备上打开Sketch文件');
    for (const line of wrapped) expect(estimateText(line!, '400 12px x')).toBeLessThanOrEqual(60);
  });
});

describe('imageSize', () => {
  it('reads a PNG and a JPEG header', async () => {
    const { imageSize } = await import('./sketch.service');
    const png = Uint8Array.from(Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000090806000000', 'hex'));
    expect(imageSize(png)).toEqual({ width: 16, height: 9 });
    // SOI, an APP0 segment of 4 bytes, then SOF0: precision 8, height 3, width 5.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 3, 0, 5, 1, 1, 0x11, 0]);
    expect(imageSize(jpeg)).toEqual({ width: 5, height: 3 });
    expect(imageSize(Uint8Array.from([1, 2, 3]))).toBeUndefined();
  });
});

describe('approximatedLayers', () => {
  it('lists the layers the page must name, with their reasons', async () => {
    const { approximatedLayers } = await import('./sketch-approx');
    const svg = svgOf(
      {
        _class: 'rectangle',
        name: 'a & <b>',
        frame: frame(0, 0, 10, 10),
        style: { fills: [red], blur: { isEnabled: true, type: 1, radius: 3 } },
      },
      { _class: 'rectangle', name: 'fine', frame: frame(0, 0, 10, 10), style: { fills: [red] } },
    );
    expect(approximatedLayers(svg)).toEqual([{ name: 'a & <b>', reasons: ['motionBlur'] }]);
  });
});
