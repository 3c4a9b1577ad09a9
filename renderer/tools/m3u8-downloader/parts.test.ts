import { describe, expect, it } from 'vitest';
import { createPartSplitter } from './parts';
import type { Part } from './parts';

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

describe('part splitter', () => {
  it('ends a part at the segment that reaches the size, and hands over the rest as the last part', async () => {
    const parts: Part[] = [];
    const splitter = createPartSplitter(10, async (part) => {
      parts.push(part);
    });
    for (const size of [4, 4, 4, 3, 9, 2]) await splitter.write(bytes(size));
    await splitter.close();
    expect(parts.map((p) => [p.number, p.bytes, p.chunks.length, p.last])).toEqual([
      [1, 12, 3, false],
      [2, 12, 2, false],
      [3, 2, 1, true],
    ]);
  });

  it('waits for each part to be saved before taking the next segment (the page never holds two parts)', async () => {
    let release!: () => void;
    const handed: number[] = [];
    const splitter = createPartSplitter(4, (part) => {
      handed.push(part.number);
      return new Promise<void>((resolve) => (release = resolve));
    });
    let secondDone = false;
    const first = splitter.write(bytes(5));
    await Promise.resolve();
    expect(handed).toEqual([1]);
    const waitForFirst = first.then(() => splitter.write(bytes(1)).then(() => (secondDone = true)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(secondDone).toBe(false);
    release();
    await waitForFirst;
    expect(secondDone).toBe(true);
  });

  it('gives no empty last part when the output ended on a part boundary, one empty part for an empty output', async () => {
    const parts: Part[] = [];
    const splitter = createPartSplitter(4, async (part) => void parts.push(part));
    await splitter.write(bytes(4));
    await splitter.close();
    expect(parts.map((p) => [p.number, p.last])).toEqual([[1, false]]);

    const none: Part[] = [];
    const empty = createPartSplitter(4, async (part) => void none.push(part));
    await empty.close();
    expect(none.map((p) => [p.number, p.bytes, p.last])).toEqual([[1, 0, true]]);
  });
});
