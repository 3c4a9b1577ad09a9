import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { pathData } from './sketch-svg';
import { artboardSvg, openSketch } from './sketch.service';

const color = (red: number, green: number, blue: number, alpha = 1) => ({ _class: 'color', red, green, blue, alpha });
const frame = (x: number, y: number, width: number, height: number) => ({ _class: 'rect', x, y, width, height });
const fill = (c: ReturnType<typeof color>) => ({ _class: 'fill', isEnabled: true, fillType: 0, color: c });
const point = (x: number, y: number) => ({
  _class: 'curvePoint',
  point: `{${x}, ${y}}`,
  curveFrom: `{${x}, ${y}}`,
  curveTo: `{${x}, ${y}}`,
  hasCurveFrom: false,
  hasCurveTo: false,
});
const text = (id: string, string: string, size: number) => ({
  _class: 'text',
  do_objectID: id,
  name: string,
  frame: frame(10, 10, 200, 40),
  attributedString: {
    _class: 'attributedString',
    string,
    attributes: [
      {
        location: 0,
        length: string.length,
        attributes: {
          MSAttributedStringFontAttribute: { attributes: { name: 'PingFangSC-Medium', size } },
          MSAttributedStringColorAttribute: color(1, 0, 0),
        },
      },
    ],
  },
});
/** A 1 × 1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005ff02fea3350bc90000000049454e44ae426082',
    'hex',
  ),
);

/** A Sketch 66-style file: a page with an artboard (rectangle, triangle, text, group, bitmap, hidden layer, symbol instance) and a symbols page. */
function generated(): Uint8Array {
  const master = {
    _class: 'symbolMaster',
    do_objectID: 'M1',
    symbolID: 'S1',
    name: '按钮/主要',
    frame: frame(0, 0, 100, 30),
    layers: [
      {
        _class: 'rectangle',
        do_objectID: 'R2',
        name: 'bg',
        frame: frame(0, 0, 100, 30),
        fixedRadius: 4,
        style: { fills: [fill(color(0, 0, 1))] },
      },
      text('T2', 'Button', 12),
    ],
  };
  const artboard = {
    _class: 'artboard',
    do_objectID: 'A1',
    name: '首页 Home 🏠',
    frame: frame(0, 0, 375, 667),
    hasBackgroundColor: true,
    backgroundColor: color(1, 1, 1),
    layers: [
      {
        _class: 'rectangle',
        do_objectID: 'R1',
        name: '卡片 <card>',
        frame: frame(20, 20, 100, 50),
        fixedRadius: 8,
        style: { fills: [fill(color(0, 0.5, 0))], borders: [{ isEnabled: true, fillType: 0, color: color(0, 0, 0), thickness: 2 }] },
      },
      {
        _class: 'triangle',
        do_objectID: 'P1',
        name: 'tri',
        frame: frame(0, 100, 10, 10),
        isClosed: true,
        points: [point(0.5, 0), point(1, 1), point(0, 1)],
        style: { fills: [fill(color(1, 0, 0))] },
      },
      {
        _class: 'group',
        do_objectID: 'G1',
        name: '分组',
        frame: frame(0, 200, 300, 100),
        layers: [text('T1', '你好，世界\n第二行 & more', 16)],
      },
      { _class: 'bitmap', do_objectID: 'B1', name: 'photo', frame: frame(0, 400, 50, 50), image: { _ref: 'images/abc.png' } },
      { _class: 'oval', do_objectID: 'H1', name: 'hidden oval', isVisible: false, frame: frame(0, 0, 10, 10), points: [point(0, 0)] },
      {
        _class: 'symbolInstance',
        do_objectID: 'I1',
        name: 'CTA',
        symbolID: 'S1',
        frame: frame(0, 500, 200, 60),
        overrideValues: [{ overrideName: 'T2_stringValue', value: '立即购买' }],
      },
    ],
  };
  const page = (id: string, name: string, layers: unknown[]) => ({
    _class: 'page',
    do_objectID: id,
    name,
    frame: frame(0, 0, 0, 0),
    layers,
  });
  const document = {
    _class: 'document',
    pages: [{ _ref: 'pages/P-1' }, { _ref: 'pages/P-2' }],
    foreignSymbols: [],
    layerStyles: { objects: [{ name: '卡片/阴影' }] },
    layerTextStyles: { objects: [{ name: '正文/14' }] },
  };
  return zipSync({
    'document.json': strToU8(JSON.stringify(document)),
    'meta.json': strToU8(JSON.stringify({ appVersion: '66' })),
    'pages/P-1.json': strToU8(JSON.stringify(page('P-1', '页面 1', [artboard]))),
    'pages/P-2.json': strToU8(JSON.stringify(page('P-2', 'Symbols', [master]))),
    'images/abc.png': PNG,
  });
}

describe('sketch JSON → drawable', () => {
  const opened = openSketch(generated());

  it('lists pages, artboards with their layer trees, symbols and shared styles', () => {
    const { summary } = opened;
    expect(
      summary.pages.map((page) => [page.name, page.artboards.map((board) => [board.name, board.symbol, board.width, board.height])]),
    ).toEqual([
      ['页面 1', [['首页 Home 🏠', false, 375, 667]]],
      ['Symbols', [['按钮/主要', true, 100, 30]]],
    ]);
    const layers = summary.pages[0]!.artboards[0]!.layers;
    expect(layers.map((layer) => layer.name)).toEqual(['卡片 <card>', 'tri', '分组', 'photo', 'hidden oval', 'CTA']);
    expect(layers[2]!.children!.map((layer) => layer.name)).toEqual(['你好，世界\n第二行 & more']);
    expect(layers[4]!.visible).toBe(false);
    expect(summary).toMatchObject({ symbols: ['按钮/主要'], layerStyles: ['卡片/阴影'], textStyles: ['正文/14'], app: 'Sketch 66' });
  });

  it('draws shapes, text, bitmaps and symbol instances as SVG, escaping what the file says', () => {
    const svg = artboardSvg(opened, 'A1');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="375" height="667"/);
    expect(svg).toContain('<rect width="375" height="667" fill="rgb(255,255,255)"');
    expect(svg).toContain('<rect width="100" height="50" rx="8" fill="rgb(0,128,0)"');
    expect(svg).toContain('stroke="rgb(0,0,0)" stroke-opacity="1" stroke-width="2"');
    expect(svg).toContain('<path d="M5 0 L10 10 L0 10 Z" fill="rgb(255,0,0)"');
    expect(svg).toContain('data-name="卡片 &lt;card&gt;"');
    expect(svg).toContain('>你好，世界</tspan>');
    expect(svg).toContain('>第二行 &amp; more</tspan>');
    expect(svg).toContain('font-weight="500"');
    expect(svg).toContain(`<image href="data:image/png;base64,${Buffer.from(PNG).toString('base64')}" width="50" height="50"`);
    expect(svg).not.toContain('hidden oval');
    // The instance is the master scaled 2×, with its text overridden.
    expect(svg).toContain('<g transform="scale(2 2)">');
    expect(svg).toContain('>立即购买</tspan>');
    expect(svg).not.toContain('>Button</tspan>');
  });

  it('turns curve points into a path', () => {
    const curved = [
      { point: '{0, 0.5}', curveFrom: '{0, 0}', curveTo: '{0, 1}', hasCurveFrom: true, hasCurveTo: true },
      { point: '{1, 0.5}', curveFrom: '{1, 1}', curveTo: '{1, 0}', hasCurveFrom: true, hasCurveTo: true },
    ];
    expect(pathData(curved, true, 10, 20)).toBe('M0 10 C0 0 10 0 10 10 C10 20 0 20 0 10 Z');
  });

  it('names empty, wrong-type, truncated and other zip files', () => {
    const codeOf = (bytes: Uint8Array) => {
      try {
        openSketch(bytes);
        return 'read';
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    const whole = generated();
    expect(codeOf(new Uint8Array(0))).toBe('empty');
    expect(codeOf(PNG)).toBe('notSketch');
    expect(codeOf(whole.subarray(0, whole.length - 40))).toBe('damaged');
    expect(codeOf(zipSync({ 'word/document.xml': strToU8('<w/>') }))).toBe('notSketch');
    expect(codeOf(zipSync({ 'document.json': strToU8('{not json') }))).toBe('damaged');
  });
});

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
if (!corpusPresent) console.info(`sketch: corpus checks skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);

describe.runIf(corpusPresent)('real .sketch files from the corpus', () => {
  const manifest = corpusPresent
    ? readFileSync(join(corpusDir, 'MANIFEST.tsv'), 'utf8')
        .split('\n')
        .map((line) => line.split('\t'))
        .filter((row) => row[1] === 'sketch')
    : [];
  const facts = (path: string) =>
    Object.fromEntries((manifest.find((row) => row[0] === path)?.[19] ?? '').split(';').map((fact) => fact.split('=')));

  it.each(
    corpusPresent
      ? readdirSync(join(corpusDir, 'sketch'), { recursive: true })
          .map(String)
          .filter((path) => path.endsWith('.sketch'))
      : [],
  )('%s: pages and artboards as its meta says, each drawn', (path) => {
    const opened = openSketch(new Uint8Array(readFileSync(join(corpusDir, 'sketch', path))));
    const expected = facts(`sketch/${path}`);
    expect(opened.summary.pages).toHaveLength(Number(expected.pages));
    const boards = opened.summary.pages.flatMap((page) => page.artboards);
    expect(boards).toHaveLength(Number(expected.artboards));
    for (const board of boards) expect(artboardSvg(opened, board.id)).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
  });

  it('draws the text and symbol instances of a real design file', () => {
    const opened = openSketch(new Uint8Array(readFileSync(join(corpusDir, 'sketch/sketch-json-api/TechUIdemo.sketch'))));
    const info = opened.summary.pages.find((page) => page.name === 'Info')!.artboards[0]!;
    expect(artboardSvg(opened, info.id)).toContain('TechUI 是蚂蚁金融科技 UI 资产库。');
  });
});
