import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createMarkdownStorage, MARKDOWN_SNAPSHOTS_KEPT, snapshotsToPrune, type StoredMarkdownSnapshot } from './markdown';

let counter = 0;
const fresh = () => createMarkdownStorage(`Markdown-test-${(counter += 1)}`);

const doc = (id: string, updateTime: number, content = `# ${id}`) => ({ id, title: id, content, createTime: 1, updateTime });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('snapshotsToPrune', () => {
  const at = (time: number, id = String(time)): StoredMarkdownSnapshot => ({ id, docId: 'd', time, content: id });

  it('keeps the newest N and, before them, the newest of each day', () => {
    const start = new Date(2026, 0, 10, 12).getTime();
    // Three a day for five days, oldest first; with N = 3 the last day's three stay whole.
    const all = Array.from({ length: 15 }, (_, i) => at(start + Math.floor(i / 3) * DAY + (i % 3) * HOUR));
    const pruned = new Set(snapshotsToPrune(all, 3).map((s) => s.id));
    const kept = all.filter((s) => !pruned.has(s.id)).map((s) => s.time);
    const expected = [0, 1, 2, 3].map((day) => start + day * DAY + 2 * HOUR); // each earlier day's newest
    expect(kept).toEqual([...expected, start + 4 * DAY, start + 4 * DAY + HOUR, start + 4 * DAY + 2 * HOUR]);
  });

  it('prunes nothing while there are no more than N', () => {
    const all = Array.from({ length: MARKDOWN_SNAPSHOTS_KEPT }, (_, i) => at(1000 + i));
    expect(snapshotsToPrune(all)).toEqual([]);
  });
});

describe('markdown storage', () => {
  it('keeps documents and lists them without their text, last edited first', async () => {
    const storage = fresh();
    await storage.documents.put(doc('a', 10, 'hello'));
    await storage.documents.put(doc('b', 20, '你好世界'));
    await storage.database.close();
    expect(await storage.documents.get('a')).toMatchObject({ content: 'hello' });
    const list = await storage.documents.list();
    expect(list.map((d) => d.id)).toEqual(['b', 'a']);
    expect(list[0]).toEqual({ id: 'b', title: 'b', createTime: 1, updateTime: 20, size: 4 });
  });

  it('takes a snapshot only when the text changed, newest first, pruned to the rule', async () => {
    const storage = fresh();
    const first = await storage.snapshots.take('d', 'one', 1000);
    expect(first).toBeDefined();
    expect(await storage.snapshots.take('d', 'one', 2000)).toBeUndefined();
    await storage.snapshots.take('d', 'two', 3000);
    await storage.snapshots.take('other', 'x', 4000);
    expect((await storage.snapshots.of('d')).map((s) => s.content)).toEqual(['two', 'one']);

    // All on one day: past N, the oldest go.
    for (let i = 0; i < MARKDOWN_SNAPSHOTS_KEPT + 5; i += 1) await storage.snapshots.take('d', `v${i}`, 10_000 + i);
    const kept = await storage.snapshots.of('d');
    expect(kept).toHaveLength(MARKDOWN_SNAPSHOTS_KEPT);
    expect(kept[0]!.content).toBe(`v${MARKDOWN_SNAPSHOTS_KEPT + 4}`);
  });

  it('keeps images with their document and deletes them, the snapshots and the document together', async () => {
    const storage = fresh();
    await storage.documents.put(doc('a', 1));
    await storage.documents.put(doc('b', 2));
    const image = await storage.images.add('a', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'p.png');
    await storage.images.add('b', new Blob(['x'], { type: 'image/gif' }), 'q.gif');
    await storage.snapshots.take('a', 'old', 5);
    await storage.snapshots.take('b', 'keep', 5);

    const read = await storage.images.get(image.id);
    expect(read).toMatchObject({ docId: 'a', name: 'p.png', type: 'image/png' });
    expect(new Uint8Array(await read!.blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));

    await storage.documents.delete('a');
    expect(await storage.documents.get('a')).toBeUndefined();
    expect(await storage.images.of('a')).toEqual([]);
    expect(await storage.snapshots.of('a')).toEqual([]);
    expect(await storage.images.of('b')).toHaveLength(1);
    expect(await storage.snapshots.of('b')).toHaveLength(1);
    expect(await storage.documents.get('b')).toBeDefined();
  });
});
