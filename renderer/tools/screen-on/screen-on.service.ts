/**
 * Keeps the screen awake and says honestly whether it is: the browser may release a wake lock at
 * any time (the tab hidden, battery saver), so the keeper remembers what the user asked for and
 * takes the lock again when the page is visible. No DOM here: the page hands in the APIs, tests fakes.
 */

/** What `navigator.wakeLock.request('screen')` resolves to, as far as the keeper needs it. */
export interface SentinelLike {
  readonly released: boolean;
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}

export interface KeeperEnv {
  /** The desktop app's display blocker (`platform.screenAwake`): holds with the window in the background too. */
  native?: { keep(on: boolean): Promise<void> };
  /** `navigator.wakeLock`, undefined where the browser has none (then the video keeps the screen on). */
  wakeLock?: { request(type: 'screen'): Promise<SentinelLike> };
  /** A muted looping inline video: playing video keeps most phones' screens on. */
  video: { play(): Promise<void>; pause(): void };
  isVisible(): boolean;
  onVisibilityChange(listener: () => void): () => void;
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export type KeeperStatus =
  /** Not asked for; `ended` says the timer ran out. */
  | { kind: 'off'; ended?: 'timer' }
  | { kind: 'acquiring' }
  | { kind: 'on'; via: 'desktop' | 'wakeLock' | 'video' }
  /** Asked for, but the browser let go (tab hidden or its own reasons); taken again on visible. */
  | { kind: 'released' }
  /** The browser refused: the lock (`denied`) or the video as well (`unsupported`). */
  | { kind: 'failed'; reason: 'denied' | 'unsupported' };

export interface KeeperState {
  status: KeeperStatus;
  /** When the timer will turn it off (epoch ms); undefined without a timer. */
  expiresAt?: number;
}

export class ScreenKeeper {
  private state: KeeperState = { status: { kind: 'off' } };
  private wanted = false;
  private sentinel?: SentinelLike;
  private timer?: unknown;
  /** Counts start/stop calls so a late answer to an old request does not overwrite a newer choice. */
  private generation = 0;
  private readonly listeners = new Set<(state: KeeperState) => void>();
  private readonly stopWatching: () => void;

  constructor(private readonly env: KeeperEnv) {
    this.stopWatching = env.onVisibilityChange(() => {
      // The video is paused with a hidden page too, so it is played again like a lost lock is taken.
      if (this.wanted && env.isVisible() && !this.sentinel && !env.native) void this.acquire();
    });
  }

  get current(): KeeperState {
    return this.state;
  }

  subscribe(listener: (state: KeeperState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Turns it on; with `minutes`, turns itself off that many minutes later. */
  async start(minutes?: number): Promise<void> {
    this.clearTimer();
    this.wanted = true;
    const expiresAt = minutes ? this.env.now() + minutes * 60_000 : undefined;
    if (expiresAt !== undefined) this.timer = this.env.setTimer(() => void this.stop('timer'), expiresAt - this.env.now());
    this.set({ status: this.state.status, expiresAt });
    await this.acquire();
  }

  async stop(ended?: 'timer'): Promise<void> {
    this.generation += 1;
    this.wanted = false;
    this.clearTimer();
    this.set({ status: ended ? { kind: 'off', ended } : { kind: 'off' } });
    this.env.video.pause();
    if (this.env.native) await this.env.native.keep(false).catch(() => undefined);
    const sentinel = this.sentinel;
    this.sentinel = undefined;
    if (sentinel && !sentinel.released) await sentinel.release().catch(() => undefined);
  }

  dispose(): void {
    this.stopWatching();
    void this.stop();
  }

  private async acquire(): Promise<void> {
    const generation = ++this.generation;
    const expiresAt = this.state.expiresAt;
    this.set({ status: { kind: 'acquiring' }, expiresAt });
    const { native, wakeLock, video } = this.env;
    if (native) {
      try {
        await native.keep(true);
        if (generation === this.generation) this.set({ status: { kind: 'on', via: 'desktop' }, expiresAt });
      } catch {
        if (generation === this.generation) this.set({ status: { kind: 'failed', reason: 'unsupported' }, expiresAt });
      }
      return;
    }
    if (wakeLock) {
      try {
        const sentinel = await wakeLock.request('screen');
        if (generation !== this.generation) return void sentinel.release().catch(() => undefined);
        this.sentinel = sentinel;
        sentinel.addEventListener('release', () => {
          if (this.sentinel !== sentinel) return;
          this.sentinel = undefined;
          if (this.wanted) this.set({ status: { kind: 'released' }, expiresAt: this.state.expiresAt });
        });
        this.set({ status: { kind: 'on', via: 'wakeLock' }, expiresAt });
      } catch {
        // A hidden page is refused too; it is taken again when the page shows.
        if (generation === this.generation)
          this.set({ status: this.env.isVisible() ? { kind: 'failed', reason: 'denied' } : { kind: 'released' }, expiresAt });
      }
      return;
    }
    try {
      await video.play();
      if (generation === this.generation) this.set({ status: { kind: 'on', via: 'video' }, expiresAt });
    } catch {
      if (generation === this.generation) this.set({ status: { kind: 'failed', reason: 'unsupported' }, expiresAt });
    }
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.env.clearTimer(this.timer);
    this.timer = undefined;
  }

  private set(state: KeeperState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}

/** The time left as h:mm:ss, or m:ss under an hour; rounded up so it never shows 0:00 while on. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
