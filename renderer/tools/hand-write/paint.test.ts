import { describe, expect, it } from 'vitest';
import { DEFAULT_JITTER, layoutHandwriting } from '@shared/handwriting';
import type { LayoutOptions } from '@shared/handwriting';
import { paintPage } from './paint';
import type { Ink } from './paint';

/** Records what a page asks of its canvas: no canvas under Node, and the calls are what matters here. */
function recorder(width: number, height: number) {
  const calls: { name: string; args: unknown[]; alpha: number; font: string }[] = [];
  const state = { globalAlpha: 1, font: '', fillStyle: '', strokeStyle: '', lineWidth: 1, lineCap: 'butt', textBaseline: '' };
  const ctx = new Proxy(state as Record<string, unknown>, {
    get(target, name) {
      if (name === 'canvas') return { width, height };
      if (typeof name === 'string' && name in target) return target[name];
      return (...args: unknown[]) => calls.push({ name: String(name), args, alpha: state.globalAlpha, font: state.font });
    },
    set(target, name, value) {
      target[name as string] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as OffscreenCanvasRenderingContext2D, calls };
}

const options = (overrides: Partial<LayoutOptions> = {}): LayoutOptions => ({
  page: { width: 148, height: 210 },
  margins: { top: 15, right: 12, bottom: 15, left: 12 },
  fontSizePt: 16,
  lineSpacing: 1.8,
  paper: 'lined',
  indent: 2,
  jitter: DEFAULT_JITTER,
  seed: 3,
  ...overrides,
});
const ink: Ink = { family: '"hw-test", serif', ink: '#123456', paperColor: '#fffdf6', ruleColor: '#99aacc', measure: () => 1 };

describe('paintPage', () => {
  it('writes every glyph of the page once, at its size and opacity', () => {
    const layout = layoutHandwriting('床前明月光，疑是地上霜。', options());
    const { ctx, calls } = recorder(500, 700);
    paintPage(ctx, layout.paper, layout.pages[0]!, 3, ink, 1);
    const written = calls.filter((c) => c.name === 'fillText');
    expect(written.map((c) => c.args[0]).join('')).toBe('床前明月光，疑是地上霜。');
    written.forEach((call, i) => {
      const glyph = layout.pages[0]!.glyphs[i]!;
      expect(call.font).toBe(`${glyph.size}px "hw-test", serif`);
      expect(call.alpha).toBeCloseTo(glyph.opacity, 9);
    });
  });

  it('strikes out each mistaken character (涂改) and nothing else', () => {
    const layout = layoutHandwriting(
      '床前明月光疑是地上霜举头望明月低头思故乡'.repeat(5),
      options({ jitter: { ...DEFAULT_JITTER, corrections: 0.2 } }),
    );
    const page = layout.pages[0]!;
    const struck = page.glyphs.filter((g) => g.struck).length;
    expect(struck).toBeGreaterThan(0);
    const { ctx, calls } = recorder(500, 700);
    paintPage(ctx, layout.paper, page, 3, ink, 1);
    // One stroke for the paper's rules, one per struck glyph.
    expect(calls.filter((c) => c.name === 'stroke')).toHaveLength(1 + struck);
  });

  it('draws a square for every column of every row on 稿纸, all inside the page', () => {
    const layout = layoutHandwriting('字', options({ paper: 'squares' }));
    const { ctx, calls } = recorder(500, 700);
    paintPage(ctx, layout.paper, layout.pages[0]!, 3, ink, 1);
    const rows = calls.filter((c) => c.name === 'rect');
    expect(rows).toHaveLength(layout.paper.rowTops.length);
    for (const { args } of rows) {
      const [x, y, w, h] = args as number[];
      expect(x! + w!).toBeLessThanOrEqual(148);
      expect(y! + h!).toBeLessThanOrEqual(210 - 15 + 1e-6);
    }
  });

  it('covers the page with a background picture, keeping its proportions', () => {
    const layout = layoutHandwriting('字', options({ paper: 'blank' }));
    const { ctx, calls } = recorder(400, 600);
    paintPage(ctx, layout.paper, layout.pages[0]!, 3, { ...ink, background: { width: 100, height: 100 } as ImageBitmap }, 1);
    const [, x, y, w, h] = calls.find((c) => c.name === 'drawImage')!.args as number[];
    expect([w, h]).toEqual([600, 600]);
    expect([x, y]).toEqual([-100, 0]);
  });
});
