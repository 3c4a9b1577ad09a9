import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createViewCounter } from './view-counter';
import type { View } from './view-counter';

class Refused extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}

function setup(answer: (view: View, index: number) => Promise<unknown> = () => Promise.resolve()) {
  const sent: View[] = [];
  const counter = createViewCounter({ send: (view) => answer(view, sent.push(view) - 1), debounceMs: 500, backoffMs: 60_000 });
  return { sent, counter };
}

describe('createViewCounter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts a tool once per page session, whatever its address or language', async () => {
    const { sent, counter } = setup();
    counter.view('file-hasher', 'http://x/file/hasher');
    await vi.advanceTimersByTimeAsync(600);
    counter.view('file-hasher', 'http://x/en/file/hasher');
    await vi.advanceTimersByTimeAsync(600);
    counter.view(undefined, 'http://x/');
    counter.view('file-hasher', 'http://x/file/hasher#top');
    await vi.advanceTimersByTimeAsync(600);
    expect(sent).toEqual([{ toolId: 'file-hasher', sourceUrl: 'http://x/file/hasher' }]);
  });

  it('does not count tools the visitor only passed through', async () => {
    const { sent, counter } = setup();
    counter.view('a', 'http://x/a');
    await vi.advanceTimersByTimeAsync(200);
    counter.view('b', 'http://x/b');
    await vi.advanceTimersByTimeAsync(200);
    counter.view(undefined, 'http://x/');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([]);
    counter.view('b', 'http://x/b');
    await vi.advanceTimersByTimeAsync(500);
    expect(sent.map((view) => view.toolId)).toEqual(['b']);
  });

  it('after a 429 holds views until the window has passed, then sends them', async () => {
    const { sent, counter } = setup((_view, index) => (index === 0 ? Promise.reject(new Refused(429)) : Promise.resolve()));
    counter.view('a', 'http://x/a');
    await vi.advanceTimersByTimeAsync(500);
    counter.view('b', 'http://x/b');
    await vi.advanceTimersByTimeAsync(500);
    counter.view('c', 'http://x/c');
    await vi.advanceTimersByTimeAsync(30_000);
    // One refused post, nothing more while backing off.
    expect(sent.map((view) => view.toolId)).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent.map((view) => view.toolId)).toEqual(['a', 'a', 'b', 'c']);
  });

  it('drops a view the server refused for another reason', async () => {
    const { sent, counter } = setup((_view, index) => (index === 0 ? Promise.reject(new Refused(400)) : Promise.resolve()));
    counter.view('a', 'http://x/a');
    await vi.advanceTimersByTimeAsync(500);
    counter.view('b', 'http://x/b');
    await vi.advanceTimersByTimeAsync(500);
    expect(sent.map((view) => view.toolId)).toEqual(['a', 'b']);
  });

  /** localStorage in memory: shared by the "page loads" of one test. */
  function memoryStorage() {
    const items = new Map<string, string>();
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  }

  it("stays under the server's limit by itself, across page loads, so no post is ever refused", async () => {
    const storage = memoryStorage();
    const sent: string[] = [];
    // Forty page loads in a minute, each viewing one tool: a fresh counter each time, one storage.
    const loads = Array.from({ length: 40 }, (_, index) => {
      const counter = createViewCounter({
        send: (view) => Promise.resolve(void sent.push(view.toolId)),
        budget: 20,
        backoffMs: 60_000,
        storage,
      });
      counter.view(`tool-${index}`, `http://x/${index}`);
      return counter;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(loads).toHaveLength(40);
    expect(sent).toHaveLength(20);
    // The held views go out as the window frees up, never more than 20 a minute.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(40);
    expect(new Set(sent).size).toBe(40);
  });

  it("a 429 seen by one page load holds the next load's views too", async () => {
    const storage = memoryStorage();
    let refusals = 1;
    const first = createViewCounter({
      send: () => (refusals-- > 0 ? Promise.reject(new Refused(429)) : Promise.resolve()),
      backoffMs: 60_000,
      storage,
    });
    first.view('a', 'http://x/a');
    await vi.advanceTimersByTimeAsync(600);
    const sent: string[] = [];
    const next = createViewCounter({ send: (view) => Promise.resolve(void sent.push(view.toolId)), backoffMs: 60_000, storage });
    next.view('b', 'http://x/b');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(sent).toEqual(['b']);
  });
});
