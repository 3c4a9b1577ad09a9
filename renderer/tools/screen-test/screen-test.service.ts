/** What the screen tests show and how a refresh rate is measured: pure, no DOM. */

export type Channel = 'grey' | 'red' | 'green' | 'blue';

export type Slide =
  | { kind: 'solid'; name: SolidName; color: string }
  | { kind: 'gradient'; channel: Channel; steps: number }
  | { kind: 'pattern'; pattern: 'grid' | 'checker' | 'text' }
  | { kind: 'refresh' }
  | { kind: 'ghosting'; speed: number };

export type SolidName = 'black' | 'white' | 'red' | 'green' | 'blue' | 'grey' | 'dim';

export const TEST_IDS = ['colors', 'gradients', 'patterns', 'uniformity', 'refresh', 'ghosting'] as const;
export type TestId = (typeof TEST_IDS)[number];

const solid = (name: SolidName, color: string): Slide => ({ kind: 'solid', name, color });

/** Ghosting speeds in CSS pixels per second: slow enough to follow, fast enough to smear. */
export const GHOSTING_SPEEDS = [240, 480, 960] as const;

/** Each test's slides, in the order ←/→ cycles through them. */
export const SLIDES: Record<TestId, readonly Slide[]> = {
  colors: [
    solid('black', '#000000'),
    solid('white', '#ffffff'),
    solid('red', '#ff0000'),
    solid('green', '#00ff00'),
    solid('blue', '#0000ff'),
    solid('grey', '#808080'),
  ],
  // Smooth first (banding shows as visible bands), then 32 steps: each band should look even and
  // distinct from its neighbours; merged neighbours mean crushed levels.
  gradients: [
    { kind: 'gradient', channel: 'grey', steps: 0 },
    { kind: 'gradient', channel: 'grey', steps: 32 },
    { kind: 'gradient', channel: 'red', steps: 0 },
    { kind: 'gradient', channel: 'green', steps: 0 },
    { kind: 'gradient', channel: 'blue', steps: 0 },
  ],
  patterns: [
    { kind: 'pattern', pattern: 'grid' },
    { kind: 'pattern', pattern: 'checker' },
    { kind: 'pattern', pattern: 'text' },
  ],
  // 50 % grey shows clouding and tint; a dim grey shows backlight bleed at the edges.
  uniformity: [solid('grey', '#808080'), solid('dim', '#1a1a1a')],
  refresh: [{ kind: 'refresh' }],
  ghosting: GHOSTING_SPEEDS.map((speed): Slide => ({ kind: 'ghosting', speed })),
};

/** The slide `delta` steps from `index` in a list of `length`, wrapping both ways. */
export function cycle(index: number, length: number, delta: number): number {
  if (length <= 0) return 0;
  return (((index + delta) % length) + length) % length;
}

function channelColor(channel: Channel, level: number): string {
  const v = Math.round(Math.min(255, Math.max(0, level)));
  const [r, g, b] = channel === 'grey' ? [v, v, v] : channel === 'red' ? [v, 0, 0] : channel === 'green' ? [0, v, 0] : [0, 0, v];
  return `rgb(${r}, ${g}, ${b})`;
}

/**
 * A CSS background from black to the channel's full level, left to right; with `steps` > 1 it is
 * `steps` hard-edged bands (each band's level spread evenly from 0 to 255).
 */
export function gradientCss(channel: Channel, steps: number): string {
  if (steps <= 1) return `linear-gradient(to right, ${channelColor(channel, 0)}, ${channelColor(channel, 255)})`;
  const stops: string[] = [];
  for (let i = 0; i < steps; i++) {
    const color = channelColor(channel, (i * 255) / (steps - 1));
    const from = ((i * 100) / steps).toFixed(4);
    const to = (((i + 1) * 100) / steps).toFixed(4);
    stops.push(`${color} ${from}%`, `${color} ${to}%`);
  }
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

export interface RefreshEstimate {
  /** Frames per second from the median frame time, rounded to 0.1; 0 with fewer than two frames. */
  hz: number;
  /** The median frame time in ms. */
  frameMs: number;
  /** Standard deviation of the frame times in ms: how unevenly frames arrive. */
  jitterMs: number;
  /** Frame times over 1.5× the median: frames the display missed. */
  dropped: number;
}

/**
 * The refresh rate from requestAnimationFrame timestamps (ms, ascending). The median resists the odd
 * long frame (a tab switch, a GC pause), which a mean would turn into a wrong, lower rate.
 */
export function estimateRefresh(timestamps: readonly number[]): RefreshEstimate {
  const deltas: number[] = [];
  for (let i = 1; i < timestamps.length; i++) {
    const delta = timestamps[i]! - timestamps[i - 1]!;
    if (delta > 0) deltas.push(delta);
  }
  if (deltas.length === 0) return { hz: 0, frameMs: 0, jitterMs: 0, dropped: 0 };
  const sorted = [...deltas].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const mean = deltas.reduce((sum, d) => sum + d, 0) / deltas.length;
  const variance = deltas.reduce((sum, d) => sum + (d - mean) ** 2, 0) / deltas.length;
  return {
    hz: Math.round((1000 / median) * 10) / 10,
    frameMs: Math.round(median * 100) / 100,
    jitterMs: Math.round(Math.sqrt(variance) * 100) / 100,
    dropped: deltas.filter((d) => d > median * 1.5).length,
  };
}

/** A ring of the last `size` frame timestamps: the meter reads a recent window, not since the start. */
export class FrameWindow {
  private readonly times: number[] = [];
  constructor(private readonly size = 120) {}
  push(timestamp: number): void {
    this.times.push(timestamp);
    if (this.times.length > this.size) this.times.shift();
  }
  estimate(): RefreshEstimate {
    return estimateRefresh(this.times);
  }
}

/** The x of a block moving at `speed` px/s after `elapsedMs`, bouncing between 0 and `span`. */
export function ghostX(elapsedMs: number, speed: number, span: number): number {
  if (span <= 0) return 0;
  const travelled = (elapsedMs / 1000) * speed;
  const phase = travelled % (2 * span);
  return phase <= span ? phase : 2 * span - phase;
}
