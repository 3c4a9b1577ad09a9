import { describe, expect, it } from 'vitest';
import { together } from './cutmerge-jobs';

describe('together (digest and save side by side)', () => {
  it('stops the other job and waits for it before failing, so clean-up sees every file it created', async () => {
    const controller = new AbortController();
    const created: string[] = [];
    const digest = Promise.reject(new DOMException('cancelled', 'AbortError'));
    // A save that is creating its next part when the cancel arrives, and only then notices it.
    const save = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      created.push('slow.bin.006');
      controller.signal.throwIfAborted();
    })();
    await expect(together(controller, digest, save)).rejects.toMatchObject({ name: 'AbortError' });
    expect(controller.signal.aborted).toBe(true);
    expect(created).toEqual(['slow.bin.006']);
  });

  it('gives both results when both succeed', async () => {
    await expect(together(new AbortController(), Promise.resolve(1), Promise.resolve('a'))).resolves.toEqual([1, 'a']);
  });
});
