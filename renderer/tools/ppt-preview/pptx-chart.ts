import { colorOf } from './pptx-color';
import type { ColorContext } from './pptx-color';
import type { Box, ChartElement, ChartSeries } from './pptx-model';
import { attr, child, children, descendant, descendants, numberAttr, textOf } from './pptx-xml';
import type { XmlElement } from './pptx-xml';

const KINDS: Record<string, ChartElement['kind']> = {
  barChart: 'column',
  bar3DChart: 'column',
  lineChart: 'line',
  line3DChart: 'line',
  areaChart: 'area',
  area3DChart: 'area',
  pieChart: 'pie',
  pie3DChart: 'pie',
  ofPieChart: 'pie',
  doughnutChart: 'doughnut',
  scatterChart: 'scatter',
  bubbleChart: 'scatter',
  radarChart: 'line',
};

/** The cached points of a c:strRef/c:numRef/c:strLit/c:numLit, by index (gaps stay null). */
function points(element: XmlElement | undefined): (string | null)[] {
  const cache =
    descendant(element, 'strCache') ?? descendant(element, 'numCache') ?? descendant(element, 'strLit') ?? descendant(element, 'numLit');
  const container = cache ?? descendant(element, 'multiLvlStrCache');
  if (!container) return [];
  const count = numberAttr(child(container, 'ptCount'), 'val') ?? 0;
  const out: (string | null)[] = Array.from({ length: Math.min(count, 10_000) }, () => null);
  for (const pt of descendants(container, 'pt')) {
    const index = numberAttr(pt, 'idx') ?? out.length;
    if (index < 10_000) out[index] = textOf(child(pt, 'v'));
  }
  return out;
}

function titleText(title: XmlElement | undefined): string | undefined {
  if (!title) return undefined;
  const text = descendants(title, 't')
    .map((t) => textOf(t))
    .join('');
  return text || points(child(title, 'tx', 'strRef')).join(' ') || undefined;
}

/**
 * A chart drawn from the values cached in its part (what PowerPoint last showed), not from the
 * embedded workbook: the first plot of the plot area, its series' names, categories and values.
 */
export function readChart(chartSpace: XmlElement | undefined, box: Box, colors: ColorContext): ChartElement | undefined {
  const chart = child(chartSpace, 'chart');
  const plotArea = child(chart, 'plotArea');
  const plot = children(plotArea).find((node) => KINDS[node.localName ?? '']);
  if (!plot) return undefined;
  let kind = KINDS[plot.localName ?? '']!;
  if (kind === 'column' && attr(child(plot, 'barDir'), 'val') === 'bar') kind = 'bar';
  const grouping = attr(child(plot, 'grouping'), 'val');
  const accents = ['accent1', 'accent2', 'accent3', 'accent4', 'accent5', 'accent6'].map((name) => `#${colors.scheme[name] ?? '4472C4'}`);
  let categories: string[] = [];
  const series: ChartSeries[] = children(plot, 'ser').map((ser, index) => {
    const cats = points(child(ser, 'cat') ?? child(ser, 'xVal'));
    if (cats.length > categories.length) categories = cats.map((c) => c ?? '');
    const values = points(child(ser, 'val') ?? child(ser, 'yVal')).map((v) =>
      v === null || v === '' || !Number.isFinite(Number(v)) ? null : Number(v),
    );
    const fill = child(ser, 'spPr', 'solidFill') ?? child(ser, 'spPr', 'ln', 'solidFill');
    return {
      name: points(child(ser, 'tx')).join(' ') || `Series ${index + 1}`,
      color: colorOf(fill, colors) ?? accents[index % accents.length]!,
      values,
    };
  });
  const first = children(plot, 'ser')[0];
  const pointColors = (first ? children(first, 'dPt') : []).reduce<string[]>((acc, dPt) => {
    const index = numberAttr(child(dPt, 'idx'), 'val');
    const color = colorOf(child(dPt, 'spPr', 'solidFill'), colors);
    if (index !== undefined && color) acc[index] = color;
    return acc;
  }, []);
  const pieColors = categories.map((_, i) => pointColors[i] ?? accents[i % accents.length]!);
  const autoDeleted = attr(child(chart, 'autoTitleDeleted'), 'val') === '1';
  const explicit = titleText(child(chart, 'title'));
  const title = explicit ?? (!autoDeleted && child(chart, 'title') && series.length === 1 ? series[0]!.name : undefined);
  return {
    type: 'chart',
    box,
    kind,
    stacked: grouping === 'stacked' || grouping === 'percentStacked',
    title,
    categories,
    series,
    pointColors: pieColors,
  };
}
