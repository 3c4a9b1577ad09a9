import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createMarkdownStorage, type StoredMarkdownDocument } from '@/platform/storage';
import { DocumentSession, SessionError, type PendingBackup, type SessionState } from './session';

let counter = 0;

/** A backup kept in memory, standing in for localStorage across "page loads". */
function memoryBackup(): PendingBackup & { pending?: StoredMarkdownDocument; last?: string } {
  const backup: PendingBackup & { pending?: StoredMarkdownDocument; last?: string } = {
    read: () => backup.pending,
    write: (document) => void (backup.pending = { ...document }),
    clear: (id) => {
      if (backup.pending?.id === id) backup.pending = undefined;
    },
    lastOpened: () => backup.last,
    setLastOpened: (id) => void (backup.last = id),
  };
  return backup;
}

function setup(name = `Markdown-session-${(counter += 1)}`, backup = memoryBackup()) {
  const storage = createMarkdownStorage(name);
  let state: SessionState | undefined;
  const urls: string[] = [];
  let clock = 1_000_000;
  const session = new DocumentSession({
    storage,
    backup,
    untitled: () => '未命名文档',
    onState: (next) => void (state = next),
    now: () => (clock += 1000),
    saveDelayMs: 10_000, // never fires by itself in a test: flushes are explicit
    snapshotEveryMs: 60_000,
    createObjectUrl: () => `blob:test/${urls.push('x')}`,
    revokeObjectUrl: () => undefined,
  });
  return { storage, session, backup, name, state: () => state!, urls };
}

describe('DocumentSession', () => {
  it('starts with a new untitled document and keeps what is typed once flushed', async () => {
    const first = setup();
    await first.session.start();
    const id = first.state().document!.id;
    expect(first.state().document).toMatchObject({ title: '未命名文档', content: '' });
    first.session.change('# 你好');
    expect(first.state().dirty).toBe(true);
    await first.session.flush();
    expect(first.state().dirty).toBe(false);
    await first.storage.database.close();

    const again = setup(first.name, first.backup);
    await again.session.start();
    expect(again.state().document).toEqual({ id, title: '未命名文档', content: '# 你好' });
  });

  it('never loses text typed just before the page went: the synchronous backup is put back on the next start', async () => {
    const first = setup();
    await first.session.start();
    first.session.change('saved');
    await first.session.flush();
    first.session.change('typed right before reload');
    first.session.pageHidden(); // the database write it starts is cut off by the reload:
    await first.storage.database.close(); // simulate by opening a second copy that only has the backup
    expect(first.backup.pending?.content).toBe('typed right before reload');

    const again = setup(first.name, first.backup);
    await again.session.start();
    expect(again.state().document?.content).toBe('typed right before reload');
    expect(first.backup.pending).toBeUndefined();
  });

  it('keeps an older backup from overwriting a newer saved text', async () => {
    const first = setup();
    await first.session.start();
    const doc = first.state().document!;
    first.backup.write({ id: doc.id, title: doc.title, content: 'stale', createTime: 0, updateTime: 1 });
    first.session.change('newer');
    await first.session.flush();
    first.backup.write({ id: doc.id, title: doc.title, content: 'stale', createTime: 0, updateTime: 1 });
    await first.storage.database.close();
    const again = setup(first.name, first.backup);
    await again.session.start();
    expect(again.state().document?.content).toBe('newer');
  });

  it('creates, opens, renames, lists and deletes documents; reopens the last one opened', async () => {
    const s = setup();
    await s.session.start();
    const a = s.state().document!.id;
    s.session.change('A text');
    await s.session.create('第二篇', 'B text');
    const b = s.state().document!.id;
    expect(s.state().list.map((d) => d.title)).toEqual(['第二篇', '未命名文档']);
    await s.session.open(a);
    expect(s.state().document).toMatchObject({ id: a, content: 'A text' });
    await s.session.rename(a, '  第一篇 ');
    expect(s.state().document?.title).toBe('第一篇');
    await s.session.rename(a, '   ');
    expect(s.state().document?.title).toBe('未命名文档');

    const again = setup(s.name, s.backup);
    await again.session.start();
    expect(again.state().document?.id).toBe(a);

    await s.session.remove(a);
    expect(s.state().document?.id).toBe(b);
    expect(s.state().list.map((d) => d.id)).toEqual([b]);
    await s.session.remove(b);
    expect(s.state().list).toHaveLength(1);
    expect(s.state().document).toMatchObject({ title: '未命名文档', content: '' });
  });

  it('starts once however often it is asked (two effects must not make two documents)', async () => {
    const s = setup();
    await Promise.all([s.session.start(), s.session.start()]);
    expect(s.state().list).toHaveLength(1);
  });

  it('hands the editor a new object only when the text is replaced from outside', async () => {
    const s = setup();
    await s.session.start();
    const opened = s.state().document;
    s.session.change('one');
    await s.session.flush();
    expect(s.state().document).toBe(opened);
  });

  it('snapshots on open and while typing; restoring puts the old text back and keeps the replaced one', async () => {
    const s = setup();
    await s.session.create('doc', 'version 1');
    await s.session.create('other');
    const docs = s.state().list;
    await s.session.open(docs.find((d) => d.title === 'doc')!.id);
    // now() advances 1 s a call: a minute of typing later a snapshot is due.
    for (let i = 2; i <= 80; i += 1) {
      s.session.change(`version ${i}`);
      await s.session.flush();
    }
    const snapshots = await s.session.snapshots();
    expect(snapshots.at(-1)!.content).toBe('version 1');
    expect(snapshots.length).toBeGreaterThanOrEqual(2);
    const before = s.state().document;
    await s.session.restore(snapshots.at(-1)!);
    expect(s.state().document).not.toBe(before);
    expect(s.state().document?.content).toBe('version 1');
    expect((await s.session.snapshots())[0]!.content).toBe('version 80');
    expect((await s.storage.documents.get(s.state().document!.id))?.content).toBe('version 1');
  });

  it('keeps pasted pictures with the document, links them by id and resolves them to blob URLs', async () => {
    const s = setup();
    await s.session.start();
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    const markdown = await s.session.addImages([png]);
    const id = /md-image:([0-9a-f]+)/.exec(markdown)![1]!;
    expect(markdown).toBe(`![shot](md-image:${id})`);
    expect(s.session.resolveUrl(`md-image:${id}`)).toMatch(/^blob:test\//);
    expect(s.session.resolveUrl('md-image:0000000000000000')).toBeUndefined();
    expect(s.session.resolveUrl('https://example.com/x.png')).toBe('https://example.com/x.png');
    expect([...(await s.session.imageBlobs()).values()][0]!.size).toBe(4);

    // Reopened in a new page, the picture is loaded from the database.
    s.session.change(markdown);
    await s.session.flush();
    const again = setup(s.name, s.backup);
    await again.session.start();
    expect(again.session.resolveUrl(`md-image:${id}`)).toMatch(/^blob:test\//);

    await expect(s.session.addImages([new File(['x'], 'a.txt', { type: 'text/plain' })])).rejects.toEqual(new SessionError('imageType'));
  });
});
