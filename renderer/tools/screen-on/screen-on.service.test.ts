import { describe, expect, it, vi } from 'vitest';
import { ScreenKeeper, formatCountdown } from './screen-on.service';
import type { KeeperEnv, SentinelLike } from './screen-on.service';

class FakeSentinel implements SentinelLike {
  released = false;
  private listeners: (() => void)[] = [];
  addEventListener(_type: 'release', listener: () => void) {
    this.listeners.push(listener);
  }
  /** What the browser does when it lets go on its own (or the page asks). */
  async release() {
    if (this.released) return;
    this.released = true;
    for (const listener of this.listeners) listener();
  }
}

function fakeEnv({ wakeLock = true, videoPlays = true, refuse = false, desktop = false } = {}) {
  const sentinels: FakeSentinel[] = [];
  let visible = true;
  let onVisibility = () => {};
  let clock = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  let nextTimer = 1;
  const video = { play: vi.fn(async () => (videoPlays ? undefined : Promise.reject(new Error('NotAllowedError')))), pause: vi.fn() };
  const blocker = { on: false, keep: vi.fn(async (on: boolean) => void (blocker.on = on)) };
  const env: KeeperEnv = {
    native: desktop ? blocker : undefined,
    wakeLock: wakeLock
      ? {
          request: vi.fn(async () => {
            if (refuse || !visible) throw new DOMException('refused', 'NotAllowedError');
            const sentinel = new FakeSentinel();
            sentinels.push(sentinel);
            return sentinel;
          }),
        }
      : undefined,
    video,
    isVisible: () => visible,
    onVisibilityChange: (listener) => {
      onVisibility = listener;
      return () => (onVisibility = () => {});
    },
    now: () => clock,
    setTimer: (callback, ms) => {
      timers.set(nextTimer, { at: clock + ms, callback });
      return nextTimer++;
    },
    clearTimer: (handle) => timers.delete(handle as number),
  };
  return {
    env,
    blocker,
    sentinels,
    video,
    setVisible(next: boolean) {
      visible = next;
      onVisibility();
    },
    advance(ms: number) {
      clock += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= clock) {
          timers.delete(id);
          timer.callback();
        }
      }
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ScreenKeeper', () => {
  it('holds a wake lock while on and releases it when turned off', async () => {
    const fake = fakeEnv();
    const keeper = new ScreenKeeper(fake.env);
    await keeper.start();
    expect(keeper.current.status).toEqual({ kind: 'on', via: 'wakeLock' });
    expect(fake.sentinels).toHaveLength(1);
    await keeper.stop();
    expect(keeper.current.status).toEqual({ kind: 'off' });
    expect(fake.sentinels[0]!.released).toBe(true);
  });

  it('says so when the browser lets go, and takes the lock again when the page shows', async () => {
    const fake = fakeEnv();
    const keeper = new ScreenKeeper(fake.env);
    await keeper.start();
    fake.setVisible(false);
    await fake.sentinels[0]!.release();
    expect(keeper.current.status).toEqual({ kind: 'released' });
    fake.setVisible(true);
    await flush();
    expect(keeper.current.status).toEqual({ kind: 'on', via: 'wakeLock' });
    expect(fake.sentinels).toHaveLength(2);
    expect(fake.sentinels[1]!.released).toBe(false);
  });

  it('does not take the lock again after the user turned it off', async () => {
    const fake = fakeEnv();
    const keeper = new ScreenKeeper(fake.env);
    await keeper.start();
    await keeper.stop();
    fake.setVisible(false);
    fake.setVisible(true);
    await flush();
    expect(fake.sentinels).toHaveLength(1);
    expect(keeper.current.status).toEqual({ kind: 'off' });
  });

  it('turns itself off when the timer runs out', async () => {
    const fake = fakeEnv();
    const keeper = new ScreenKeeper(fake.env);
    await keeper.start(5);
    expect(keeper.current.expiresAt).toBe(5 * 60_000);
    fake.advance(5 * 60_000 - 1);
    expect(keeper.current.status.kind).toBe('on');
    fake.advance(1);
    await flush();
    expect(keeper.current.status).toEqual({ kind: 'off', ended: 'timer' });
    expect(keeper.current.expiresAt).toBeUndefined();
    expect(fake.sentinels[0]!.released).toBe(true);
  });

  it('a restart without a timer cancels the old timer', async () => {
    const fake = fakeEnv();
    const keeper = new ScreenKeeper(fake.env);
    await keeper.start(1);
    await keeper.start();
    fake.advance(10 * 60_000);
    await flush();
    expect(keeper.current.status).toEqual({ kind: 'on', via: 'wakeLock' });
  });

  it('plays the looping video where there is no Wake Lock API, and again when the page shows', async () => {
    const fake = fakeEnv({ wakeLock: false });
    const keeper = new ScreenKeeper(fake.env);
    await keeper.start();
    expect(keeper.current.status).toEqual({ kind: 'on', via: 'video' });
    expect(fake.video.play).toHaveBeenCalledTimes(1);
    fake.setVisible(false);
    fake.setVisible(true);
    await flush();
    expect(fake.video.play).toHaveBeenCalledTimes(2);
    await keeper.stop();
    expect(fake.video.pause).toHaveBeenCalled();
  });

  it('reports unsupported when neither the lock nor the video works', async () => {
    const fake = fakeEnv({ wakeLock: false, videoPlays: false });
    const keeper = new ScreenKeeper(fake.env);
    await keeper.start();
    expect(keeper.current.status).toEqual({ kind: 'failed', reason: 'unsupported' });
  });

  it('reports a refused lock', async () => {
    const fake = fakeEnv({ refuse: true });
    const keeper = new ScreenKeeper(fake.env);
    await keeper.start();
    expect(keeper.current.status).toEqual({ kind: 'failed', reason: 'denied' });
  });

  it('a lock granted after the user turned it off is given back', async () => {
    const fake = fakeEnv();
    const keeper = new ScreenKeeper(fake.env);
    const starting = keeper.start();
    await keeper.stop();
    await starting;
    await flush();
    expect(keeper.current.status).toEqual({ kind: 'off' });
    expect(fake.sentinels[0]!.released).toBe(true);
  });

  it('asks the desktop app to keep the display awake, with no wake lock, and lets go on off and on timer', async () => {
    const fake = fakeEnv({ desktop: true });
    const keeper = new ScreenKeeper(fake.env);
    await keeper.start(1);
    expect(keeper.current.status).toEqual({ kind: 'on', via: 'desktop' });
    expect(fake.blocker.on).toBe(true);
    expect(fake.sentinels).toHaveLength(0);
    // The blocker holds with the window hidden: nothing to take again.
    fake.setVisible(false);
    fake.setVisible(true);
    await flush();
    expect(fake.blocker.keep).toHaveBeenCalledTimes(1);
    fake.advance(60_000);
    await flush();
    expect(keeper.current.status).toEqual({ kind: 'off', ended: 'timer' });
    expect(fake.blocker.on).toBe(false);
  });
});

describe('formatCountdown', () => {
  it('shows m:ss under an hour and h:mm:ss above, rounding up', () => {
    expect(formatCountdown(60_000)).toBe('1:00');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(2 * 3600_000 + 5 * 60_000 + 7_000)).toBe('2:05:07');
  });
});
