import { strToU8, zipSync } from 'fflate';
import { expect, test } from '../../../e2e/privacy';

const color = (red: number, green: number, blue: number, alpha = 1) => ({ _class: 'color', red, green, blue, alpha });
const frame = (x: number, y: number, width: number, height: number) => ({ _class: 'rect', x, y, width, height });
const square = (x0: number, y0: number, x1: number, y1: number) =>
  [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ].map(([x, y]) => ({ _class: 'curvePoint', point: `{${x}, ${y}}`, curveFrom: `{${x}, ${y}}`, curveTo: `{${x}, ${y}}` }));
const blue = { isEnabled: true, fillType: 0, color: color(0.1, 0.4, 1) };
const WRAPPED = '在你的设备上打开 Sketch 文件，阴影、模糊和布尔运算都按文件绘制。';

/** One artboard with a shadowed card, a motion-blurred layer, a fixed-width text box and a frame cut by subtraction. */
function effectsFile(): Uint8Array {
  const layers = [
    {
      _class: 'rectangle',
      do_objectID: 'R1',
      name: '卡片 Card',
      frame: frame(20, 20, 200, 100),
      fixedRadius: 12,
      style: {
        fills: [blue],
        shadows: [{ _class: 'shadow', isEnabled: true, blurRadius: 16, offsetX: 0, offsetY: 8, spread: 0, color: color(0, 0, 0, 0.4) }],
      },
    },
    {
      _class: 'rectangle',
      do_objectID: 'R2',
      name: '动感模糊 Motion',
      frame: frame(240, 20, 100, 100),
      style: { fills: [blue], blur: { _class: 'blur', isEnabled: true, type: 1, radius: 10 } },
    },
    {
      _class: 'text',
      do_objectID: 'T1',
      name: '说明文字',
      frame: frame(20, 160, 160, 80),
      textBehaviour: 1,
      attributedString: {
        string: WRAPPED,
        attributes: [
          {
            location: 0,
            length: WRAPPED.length,
            attributes: { MSAttributedStringFontAttribute: { attributes: { name: 'PingFangSC-Regular', size: 16 } } },
          },
        ],
      },
    },
    {
      _class: 'shapeGroup',
      do_objectID: 'S1',
      name: '镂空 Frame',
      frame: frame(200, 160, 100, 100),
      style: { fills: [blue] },
      layers: [
        { _class: 'rectangle', frame: frame(0, 0, 100, 100), isClosed: true, points: square(0, 0, 1, 1) },
        { _class: 'rectangle', frame: frame(25, 25, 50, 50), isClosed: true, points: square(0, 0, 1, 1), booleanOperation: 1 },
      ],
    },
  ];
  const artboard = {
    _class: 'artboard',
    do_objectID: 'A1',
    name: '效果 Effects',
    frame: frame(0, 0, 375, 300),
    hasBackgroundColor: true,
    backgroundColor: color(1, 1, 1),
    layers,
  };
  const page = { _class: 'page', do_objectID: 'P1', name: '页面', layers: [artboard] };
  return zipSync({
    'document.json': strToU8(JSON.stringify({ _class: 'document', pages: [{ _ref: 'pages/P1' }] })),
    'meta.json': strToU8(JSON.stringify({ appVersion: '70' })),
    'pages/P1.json': strToU8(JSON.stringify(page)),
  });
}

test('shadows, boolean operations and fixed-width text are drawn; a blur drawn only roughly is named under the preview', async ({
  page,
}) => {
  await page.goto('/sketch');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'effects.sketch', mimeType: 'application/octet-stream', buffer: Buffer.from(effectsFile()) });
  const preview = page.getByTestId('sketch-preview');
  await expect(preview.locator('svg')).toBeVisible();

  // The card's shadow is a filter the browser applies (its region reaches below the card).
  const card = preview.locator('g[data-name="卡片 Card"] > g[filter]');
  await expect(card).toHaveCount(1);
  const filterBox = await card.evaluate((element) => {
    const id = /url\(#([^)]+)\)/.exec(element.getAttribute('filter') ?? '')![1]!;
    return document.getElementById(id) instanceof SVGFilterElement;
  });
  expect(filterBox).toBe(true);

  // The fixed-width box wraps: several lines, each inside the 160 px box.
  const lines = preview.locator('g[data-name="说明文字"] tspan');
  expect(await lines.count()).toBeGreaterThan(2);
  expect((await lines.allTextContents()).join('').replace(/ /g, '')).toBe(WRAPPED.replace(/ /g, ''));
  const widest = await preview.locator('g[data-name="说明文字"] text').evaluate((element) => (element as SVGTextElement).getBBox().width);
  expect(widest).toBeLessThanOrEqual(162);

  // The cut-out: the middle of the frame shows the white board, its edge the fill.
  const pixel = async (x: number, y: number) =>
    preview.locator('svg').evaluate(
      async (svg, [px, py]) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.outerHTML)}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = 375;
        canvas.height = 300;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0, 375, 300);
        return [...context.getImageData(px!, py!, 1, 1).data];
      },
      [x, y],
    );
  expect(await pixel(250, 210)).toEqual([255, 255, 255, 255]);
  expect(await pixel(210, 170)).toEqual([26, 102, 255, 255]);

  // What is not drawn is said, by layer name.
  await expect(page.getByTestId('sketch-approximated')).toContainText('以下图层只能近似显示');
  await expect(page.getByTestId('sketch-approximated')).toContainText('动感模糊 Motion：动感模糊按高斯模糊绘制');
  await expect(page.getByTestId('sketch-approximated')).not.toContainText('卡片 Card');
});
