import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

describe('createLimiter', () => {
  it('runs at most the limit at once, in order, and drops waiting tasks', async () => {
    const limiter = createLimiter(2);
    const started: string[] = [];
    const finishers = new Map<string, () => void>();
    const task = (id: string) => () => {
      started.push(id);
      return new Promise<void>((resolve) => finishers.set(id, resolve));
    };
    for (const id of ['a', 'b', 'c', 'd']) limiter.schedule(id, task(id));
    expect(started).toEqual(['a', 'b']);
    expect(limiter.drop('c')).toBe(true);
    expect(limiter.drop('a')).toBe(false);
    finishers.get('a')!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['a', 'b', 'd']);
  });
});
