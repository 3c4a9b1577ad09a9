import { describe, expect, it } from 'vitest';
import { cycle, estimateRefresh, FrameWindow, ghostX, gradientCss, SLIDES, TEST_IDS } from './screen-test.service';

const frames = (count: number, interval: number, start = 1000) => Array.from({ length: count }, (_, i) => start + i * interval);

describe('estimateRefresh', () => {
  it('reads 60 Hz from 16.67 ms frames with no jitter', () => {
    const estimate = estimateRefresh(frames(61, 1000 / 60));
    expect(estimate.hz).toBe(60);
    expect(estimate.jitterMs).toBe(0);
    expect(estimate.dropped).toBe(0);
  });

  it('reads 144 Hz and 120 Hz', () => {
    expect(estimateRefresh(frames(100, 1000 / 144)).hz).toBe(144);
    expect(estimateRefresh(frames(100, 1000 / 120)).hz).toBe(120);
  });

  it('keeps the rate when a frame is missed, counting it as dropped and as jitter', () => {
    const times = frames(30, 1000 / 60);
    // One 50 ms stall in the middle: every later frame shifts by it.
    const stalled = [...times.slice(0, 15), ...times.slice(15).map((t) => t + 50)];
    const estimate = estimateRefresh(stalled);
    expect(estimate.hz).toBe(60);
    expect(estimate.dropped).toBe(1);
    expect(estimate.jitterMs).toBeGreaterThan(5);
  });

  it('measures alternating frame times as jitter around their median', () => {
    const times = [0];
    for (let i = 0; i < 40; i++) times.push(times.at(-1)! + (i % 2 ? 14 : 19));
    const estimate = estimateRefresh(times);
    expect(estimate.jitterMs).toBe(2.5);
    expect(estimate.frameMs).toBe(16.5);
  });

  it('answers 0 for fewer than two frames and ignores repeated timestamps', () => {
    expect(estimateRefresh([]).hz).toBe(0);
    expect(estimateRefresh([5]).hz).toBe(0);
    expect(estimateRefresh([5, 5, 5]).hz).toBe(0);
  });

  it('FrameWindow reads only the recent frames', () => {
    const window = new FrameWindow(10);
    for (const t of frames(50, 1000 / 30)) window.push(t);
    for (const t of frames(11, 1000 / 60, 10_000)) window.push(t);
    expect(window.estimate().hz).toBe(60);
  });
});

describe('cycle', () => {
  it('moves forward and back, wrapping both ends', () => {
    expect(cycle(0, 6, 1)).toBe(1);
    expect(cycle(5, 6, 1)).toBe(0);
    expect(cycle(0, 6, -1)).toBe(5);
    expect(cycle(2, 6, -8)).toBe(0);
    expect(cycle(0, 1, 1)).toBe(0);
    expect(cycle(0, 0, 1)).toBe(0);
  });

  it('steps through the colour test in its order and back to black', () => {
    const colors = SLIDES.colors;
    const names: string[] = [];
    let index = 0;
    for (let i = 0; i <= colors.length; i++) {
      const slide = colors[index]!;
      names.push(slide.kind === 'solid' ? slide.name : slide.kind);
      index = cycle(index, colors.length, 1);
    }
    expect(names).toEqual(['black', 'white', 'red', 'green', 'blue', 'grey', 'black']);
  });

  it('every test has at least one slide', () => {
    for (const id of TEST_IDS) expect(SLIDES[id].length).toBeGreaterThan(0);
  });
});

describe('gradientCss', () => {
  it('is a smooth ramp without steps', () => {
    expect(gradientCss('red', 0)).toBe('linear-gradient(to right, rgb(0, 0, 0), rgb(255, 0, 0))');
  });

  it('is hard-edged bands from black to full with steps', () => {
    const css = gradientCss('grey', 4);
    expect(css.match(/rgb\(/g)).toHaveLength(8);
    expect(css).toContain('rgb(0, 0, 0) 0.0000%, rgb(0, 0, 0) 25.0000%');
    expect(css).toContain('rgb(85, 85, 85) 25.0000%');
    expect(css).toContain('rgb(255, 255, 255) 100.0000%');
  });
});

describe('ghostX', () => {
  it('bounces between 0 and the span', () => {
    expect(ghostX(0, 500, 1000)).toBe(0);
    expect(ghostX(1000, 500, 1000)).toBe(500);
    expect(ghostX(2000, 500, 1000)).toBe(1000);
    expect(ghostX(3000, 500, 1000)).toBe(500);
    expect(ghostX(4000, 500, 1000)).toBe(0);
    expect(ghostX(1000, 500, 0)).toBe(0);
  });
});
