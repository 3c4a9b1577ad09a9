/**
 * Speed over a sliding window of (time, bytes) samples: a transfer's speed changes (another app
 * takes the link, a relay kicks in), and the average since the start would hide it for minutes.
 */
export class SpeedMeter {
  private samples: { at: number; bytes: number }[] = [];

  constructor(private readonly windowMs = 5000) {}

  add(at: number, bytes: number): void {
    this.samples.push({ at, bytes });
    // Keep one sample older than the window, so the span covers the whole window.
    while (this.samples.length > 2 && this.samples[1]!.at <= at - this.windowMs) this.samples.shift();
  }

  /** A resume or a pause: the old samples say nothing about the new connection. */
  reset(): void {
    this.samples = [];
  }

  bytesPerSecond(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at <= first.at) return 0;
    return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
  }

  etaSeconds(remaining: number): number | null {
    if (remaining <= 0) return 0;
    const speed = this.bytesPerSecond();
    return speed > 0 ? remaining / speed : null;
  }
}
