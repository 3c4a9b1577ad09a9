import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { ChartView, labelGutter } from './ChartView';
import type { ChartElement } from './pptx-model';

const chart = (kind: ChartElement['kind'], categories: string[], values: number[]): ChartElement => ({
  type: 'chart',
  box: { x: 0, y: 0, w: 600, h: 400 },
  kind,
  stacked: false,
  categories,
  series: [{ name: 'Series 1', color: '#4472c4', values }],
  pointColors: [],
});

/** x of the plot's left edge: where the first gridline of a bar chart (the value 0) stands. */
const plotLeft = (markup: string) => Number(/<line x1="([\d.]+)"/.exec(markup)?.[1]);

it('a horizontal bar chart leaves room left of the plot for its longest category name', () => {
  const markup = renderToStaticMarkup(
    createElement(ChartView, { chart: chart('bar', ['Category 1', 'Category 2', 'Category 4'], [4.3, 2.5, 3.5]) }),
  );
  expect(markup).toContain('>Category 4</text>');
  // "Category 4" at 11 px is about 66 px wide; its right end sits 4 px left of the plot.
  expect(plotLeft(markup)).toBeGreaterThanOrEqual(70);
});

it('the gutter fits CJK names, keeps 40 px for short labels and never takes more than a third of the chart', () => {
  expect(labelGutter(['Q1', 'Q2'], 600)).toBe(40);
  expect(labelGutter(['华东地区销售额'], 600)).toBe(7 * 11 + 8);
  expect(labelGutter(['A very long category name that would eat the plot'], 300)).toBe(100);
  expect(labelGutter([], 600)).toBe(40);
});
