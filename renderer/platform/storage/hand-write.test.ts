import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createHandWriteStorage } from './hand-write';

let counter = 0;
const fresh = () => createHandWriteStorage(`HandWrite-test-${(counter += 1)}`);
const page = (index: number, bytes = [index]) => ({
  index,
  png: new Blob([new Uint8Array(bytes)], { type: 'image/png' }),
  width: 10,
  height: 20,
});
const run = (total: number) => ({ total, lines: [], page: { width: 148, height: 210 }, time: 1 });

describe('handwriting storage', () => {
  it('keeps a run page by page, in page order, and marks it complete when finished', async () => {
    const storage = fresh();
    await storage.pages.begin(run(3));
    for (const index of [1, 0, 2]) await storage.pages.add(page(index));
    expect(await storage.pages.run()).toMatchObject({ total: 3, complete: false });
    await storage.pages.finish();
    expect(await storage.pages.run()).toMatchObject({ total: 3, complete: true, page: { width: 148, height: 210 } });
    const pages = await storage.pages.all();
    expect(pages.map((stored) => stored.index)).toEqual([0, 1, 2]);
    expect([...new Uint8Array(await pages[2]!.png.arrayBuffer())]).toEqual([2]);
    expect(await storage.pages.count()).toBe(3);
    expect((await storage.pages.get(1))?.height).toBe(20);
  });

  it('forgets the previous run when a new one begins', async () => {
    const storage = fresh();
    await storage.pages.begin(run(3));
    for (const index of [0, 1, 2]) await storage.pages.add(page(index));
    await storage.pages.finish();
    await storage.pages.begin(run(1));
    expect(await storage.pages.count()).toBe(0);
    expect(await storage.pages.run()).toMatchObject({ total: 1, complete: false });
  });

  it('keeps the text and the own files', async () => {
    const storage = fresh();
    expect(await storage.text.get()).toBeUndefined();
    await storage.text.put('床前明月光');
    expect(await storage.text.get()).toBe('床前明月光');
    await storage.files.put({ key: 'font', name: 'mine.ttf', blob: new Blob([new Uint8Array([1, 2, 3])]) });
    const font = await storage.files.get('font');
    expect(font?.name).toBe('mine.ttf');
    expect([...new Uint8Array(await font!.blob.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(await storage.files.get('background')).toBeUndefined();
    await storage.files.delete('font');
    expect(await storage.files.get('font')).toBeUndefined();
  });
});
