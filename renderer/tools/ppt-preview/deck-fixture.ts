import PptxGenJS from 'pptxgenjs';

/** A 2×2 red PNG, so decks made here carry a real picture. */
export const RED_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

/**
 * A deck made by a second, independent writer (pptxgenjs) for tests and the bench: each slide has
 * a CJK title, a bullet list, speaker notes; the first also a picture, a table, a chart and a shape.
 * `busy` adds to every slide what a real report slide carries: a 6×5 table and 16 captioned shapes
 * (the 50-slide long-task check needs slides heavy enough that drawing them all at once is a long task).
 */
export async function makeDeck(slides = 3, { busy = false }: { busy?: boolean } = {}): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  for (let i = 1; i <= slides; i += 1) {
    const slide = pptx.addSlide();
    slide.background = { color: i % 2 ? 'FFFFFF' : 'F3F7FF' };
    slide.addText(`第 ${i} 页 标题 Slide ${i}`, {
      x: 0.5,
      y: 0.3,
      w: 9,
      h: 0.8,
      fontSize: 32,
      bold: true,
      color: '1F3864',
      fontFace: '微软雅黑',
    });
    slide.addText(
      [
        { text: `要点一 point one ${i}`, options: { bullet: true } },
        { text: '要点二 point two', options: { bullet: true } },
      ],
      { x: 0.5, y: 1.3, w: 4.5, h: 1.5, fontSize: 18, fontFace: '宋体' },
    );
    slide.addNotes(`备注 notes for slide ${i}`);
    if (busy) {
      slide.addTable(
        Array.from({ length: 6 }, (_, row) =>
          Array.from({ length: 5 }, (_, column) => ({
            text: row === 0 ? `指标 ${column + 1}` : `${(row * 37 + column * 11 + i) % 100}.${row}%`,
          })),
        ),
        { x: 5.2, y: 1.3, w: 4.3, fontSize: 10, border: { type: 'solid', pt: 0.5, color: 'BFBFBF' } },
      );
      for (let box = 0; box < 16; box += 1)
        slide.addText(
          [
            { text: `区域 ${box + 1} `, options: { bold: true, color: '1F3864' } },
            { text: `同比 +${(box * 7 + i) % 30}% · region ${box + 1}`, options: { color: '595959' } },
          ],
          {
            shape: pptx.ShapeType.roundRect,
            x: 0.3 + (box % 8) * 1.17,
            y: 3.6 + Math.floor(box / 8) * 0.9,
            w: 1.1,
            h: 0.8,
            fontSize: 9,
            fill: { color: box % 2 ? 'EAF1FB' : 'FDF2E9' },
          },
        );
    }
    if (i === 1) {
      slide.addImage({ data: `image/png;base64,${RED_PNG}`, x: 6, y: 0.3, w: 1, h: 1 });
      slide.addTable(
        [
          [{ text: '城市' }, { text: 'Population' }],
          [{ text: '北京' }, { text: '2189' }],
        ],
        { x: 0.5, y: 3, w: 4, fontSize: 14 },
      );
      slide.addChart(pptx.ChartType.bar, [{ name: 'Sales 销量', labels: ['Q1', 'Q2', 'Q3'], values: [3, 5, 4] }], {
        x: 5.2,
        y: 2.2,
        w: 4.3,
        h: 3,
        barDir: 'col',
        showTitle: true,
        title: '季度销量',
      });
      slide.addShape(pptx.ShapeType.ellipse, { x: 7.5, y: 0.3, w: 1.2, h: 1, fill: { color: '00B050' } });
    }
  }
  const out = (await pptx.write({ outputType: 'uint8array' })) as Uint8Array;
  return out;
}
