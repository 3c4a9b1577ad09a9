import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IceRecovery, linkStateFor } from './state';

describe('linkStateFor', () => {
  it('is connected only with the connection up and the channel open', () => {
    expect(linkStateFor('connected', 'open')).toBe('connected');
    expect(linkStateFor('connected', 'connecting')).toBe('connecting');
    expect(linkStateFor('new', 'connecting')).toBe('connecting');
    expect(linkStateFor('connecting', 'connecting')).toBe('connecting');
  });

  it('says disconnected and failed as the connection does, closed when either is closing or closed', () => {
    expect(linkStateFor('disconnected', 'open')).toBe('disconnected');
    expect(linkStateFor('failed', 'open')).toBe('failed');
    expect(linkStateFor('connected', 'closing')).toBe('closed');
    expect(linkStateFor('connected', 'closed')).toBe('closed');
    expect(linkStateFor('closed', 'open')).toBe('closed');
    expect(linkStateFor('failed', 'closed')).toBe('closed');
  });
});

describe('IceRecovery', () => {
  const policy = { disconnectedGraceMs: 2_000, restartTimeoutMs: 10_000, maxRestarts: 2 };
  let restarts: number;
  let gaveUp: number;
  let recovery: IceRecovery;

  beforeEach(() => {
    vi.useFakeTimers();
    restarts = 0;
    gaveUp = 0;
    recovery = new IceRecovery(policy, { restart: () => (restarts += 1), giveUp: () => (gaveUp += 1) });
  });
  afterEach(() => {
    recovery.dispose();
    vi.useRealTimers();
  });

  it('gives a disconnect its grace period and restarts nothing when it recovers by itself', () => {
    recovery.onIceState('disconnected');
    vi.advanceTimersByTime(1_999);
    recovery.onIceState('connected');
    vi.advanceTimersByTime(60_000);
    expect(restarts).toBe(0);
    expect(gaveUp).toBe(0);
  });

  it('restarts after the grace period, again after each restart timeout, then gives up', () => {
    recovery.onIceState('disconnected');
    vi.advanceTimersByTime(2_000);
    expect(restarts).toBe(1);
    // States ICE passes through during a restart do not start another.
    recovery.onIceState('checking');
    recovery.onIceState('disconnected');
    recovery.onIceState('failed');
    expect(restarts).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(restarts).toBe(2);
    expect(gaveUp).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(restarts).toBe(2);
    expect(gaveUp).toBe(1);
  });

  it('restarts at once on failed, and a reconnect refills the restarts', () => {
    recovery.onIceState('failed');
    expect(restarts).toBe(1);
    recovery.onIceState('connected');
    vi.advanceTimersByTime(60_000);
    expect(gaveUp).toBe(0);
    recovery.onIceState('failed');
    vi.advanceTimersByTime(10_000);
    expect(restarts).toBe(3);
    vi.advanceTimersByTime(10_000);
    expect(gaveUp).toBe(1);
  });
});
