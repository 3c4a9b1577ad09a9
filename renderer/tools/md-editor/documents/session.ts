import type { MarkdownDocumentSummary, MarkdownStorage, StoredMarkdownDocument, StoredMarkdownSnapshot } from '@/platform/storage';
import { randomHexId } from '@/lib/ids';
import { imageIdOf, imageMarkdown, MD_IMAGE_MAX_BYTES } from './local-images';

/**
 * A synchronous copy of the unsaved text, written when the page goes away: an IndexedDB write
 * started in `pagehide` may not finish before a reload tears the page down, localStorage does.
 * The next start puts it back into the database before anything else reads it.
 */
export interface PendingBackup {
  read(): StoredMarkdownDocument | undefined;
  write(document: StoredMarkdownDocument): void;
  clear(id: string): void;
  lastOpened(): string | undefined;
  setLastOpened(id: string): void;
}

/**
 * The open document as the editor sees it: the same shape as document-port.ts' MdDocument (a
 * folder of a tool may not import from its parent, lint cannot tell it from another tool).
 */
export type MdDocument = Pick<StoredMarkdownDocument, 'id' | 'title' | 'content'>;

export type SessionErrorCode = 'storage' | 'imageType' | 'imageTooLarge';

export class SessionError extends Error {
  constructor(readonly code: SessionErrorCode) {
    super(`md-editor: ${code}`);
    this.name = 'SessionError';
  }
}

export interface SessionState {
  document: MdDocument | undefined;
  list: MarkdownDocumentSummary[];
  /** Changes since the last write to the database. */
  dirty: boolean;
  /** Bumped when the open document's pictures are loaded, so the preview draws them again. */
  imagesVersion: number;
  /** The database cannot be opened or written. */
  failed: boolean;
}

export interface SessionOptions {
  storage: MarkdownStorage;
  backup: PendingBackup;
  /** The title of a new document ('未命名文档' in the page's language at the time). */
  untitled: () => string;
  onState: (state: SessionState) => void;
  now?: () => number;
  /** Typing pauses this long before the text is written. */
  saveDelayMs?: number;
  /** While typing, a snapshot at most this often. */
  snapshotEveryMs?: number;
  createObjectUrl?: (blob: Blob) => string;
  revokeObjectUrl?: (url: string) => void;
}

/**
 * The documents half of /md/editor without React: which document is open, autosave (debounced,
 * flushed on demand and backed up synchronously when the page goes), snapshots, the list and the
 * document's pictures as blob: URLs. The hook (use-md-documents.ts) only wires it to the page.
 */
export class DocumentSession {
  private current: StoredMarkdownDocument | undefined;
  /**
   * What the editor is handed: a new object only when the text is replaced from outside (open,
   * create, restore) or the title changes, never per keystroke, so the editor can tell the two apart.
   */
  private view: MdDocument | undefined;
  private list: MarkdownDocumentSummary[] = [];
  private dirty = false;
  private failed = false;
  private imagesVersion = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving: Promise<void> = Promise.resolve();
  private lastSnapshot = 0;
  private readonly imageUrls = new Map<string, string>();
  private readonly now: () => number;
  private readonly createUrl: (blob: Blob) => string;
  private readonly revokeUrl: (url: string) => void;

  constructor(private readonly options: SessionOptions) {
    this.now = options.now ?? Date.now;
    this.createUrl = options.createObjectUrl ?? ((blob) => URL.createObjectURL(blob));
    this.revokeUrl = options.revokeObjectUrl ?? ((url) => URL.revokeObjectURL(url));
  }

  private starting: Promise<void> | undefined;

  /**
   * Puts back text a closed page left behind, then opens the last document (or a new one). Once per
   * session: React's development double effect must not make two new documents.
   */
  start(): Promise<void> {
    this.starting ??= this.guard(async () => {
      const pending = this.options.backup.read();
      if (pending) {
        const stored = await this.options.storage.documents.get(pending.id);
        if (!stored || stored.updateTime <= pending.updateTime) await this.options.storage.documents.put(pending);
        this.options.backup.clear(pending.id);
      }
      this.list = await this.options.storage.documents.list();
      const last = this.options.backup.lastOpened();
      const id = this.list.find((entry) => entry.id === last)?.id ?? this.list[0]?.id;
      if (id) await this.open(id);
      else await this.create();
    });
    return this.starting;
  }

  /** Every keystroke: cheap, the write waits for a pause. */
  change(content: string): void {
    if (!this.current || content === this.current.content) return;
    this.current = { ...this.current, content, updateTime: this.now() };
    if (!this.dirty) {
      this.dirty = true;
      this.emit();
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.saveDelayMs ?? 400);
  }

  /** Writes pending changes now (switching documents, exporting, tests). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.saving = this.saving.then(() => this.write());
    return this.saving;
  }

  /** The page is going away: keep the unsaved text synchronously, then try the database too. */
  pageHidden(): void {
    if (this.dirty && this.current) this.options.backup.write(this.current);
    void this.flush();
  }

  async create(title = this.options.untitled(), content = ''): Promise<void> {
    await this.flush();
    const time = this.now();
    const document: StoredMarkdownDocument = { id: randomHexId(), title, content, createTime: time, updateTime: time };
    await this.guard(async () => {
      await this.options.storage.documents.put(document);
      await this.show(document);
      await this.refreshList();
    });
  }

  async open(id: string): Promise<void> {
    if (this.current?.id === id) return;
    await this.flush();
    await this.guard(async () => {
      const document = await this.options.storage.documents.get(id);
      if (!document) return;
      await this.show(document);
      // A restore point as the document was when opened.
      await this.options.storage.snapshots.take(id, document.content, this.now());
      this.lastSnapshot = this.now();
    });
  }

  async rename(id: string, title: string): Promise<void> {
    const trimmed = title.trim() || this.options.untitled();
    await this.flush();
    await this.guard(async () => {
      const stored = await this.options.storage.documents.get(id);
      if (!stored) return;
      const renamed = { ...stored, title: trimmed, updateTime: this.now() };
      await this.options.storage.documents.put(renamed);
      if (this.current?.id === id) {
        this.current = { ...this.current, title: trimmed };
        this.view = this.viewOf(this.current);
      }
      await this.refreshList();
    });
  }

  /** Deletes a document with its snapshots and pictures; the open one is replaced by the next. */
  async remove(id: string): Promise<void> {
    if (this.current?.id === id) {
      clearTimeout(this.timer);
      this.dirty = false;
    }
    await this.guard(async () => {
      await this.options.storage.documents.delete(id);
      this.options.backup.clear(id);
      this.list = await this.options.storage.documents.list();
      if (this.current?.id !== id) return this.emit();
      this.current = undefined;
      this.view = undefined;
      const next = this.list[0];
      if (next) await this.open(next.id);
      else await this.create();
    });
  }

  snapshots(): Promise<StoredMarkdownSnapshot[]> {
    return this.current ? this.options.storage.snapshots.of(this.current.id) : Promise.resolve([]);
  }

  /** Puts an old version back; the text it replaces becomes a snapshot first, so this can be undone. */
  async restore(snapshot: StoredMarkdownSnapshot): Promise<void> {
    if (!this.current || snapshot.docId !== this.current.id) return;
    await this.flush();
    await this.guard(async () => {
      await this.options.storage.snapshots.take(this.current!.id, this.current!.content, this.now());
      const restored = { ...this.current!, content: snapshot.content, updateTime: this.now() };
      await this.options.storage.documents.put(restored);
      // Same id, new text: the editor is handed a new object, so it replaces its text.
      this.current = restored;
      this.view = this.viewOf(restored);
      await this.refreshList();
    });
  }

  /** Keeps pasted or dropped pictures with the open document; the Markdown that links them. */
  async addImages(files: readonly File[]): Promise<string> {
    const document = this.current;
    if (!document) return '';
    if (files.some((file) => !file.type.startsWith('image/'))) throw new SessionError('imageType');
    if (files.some((file) => file.size > MD_IMAGE_MAX_BYTES)) throw new SessionError('imageTooLarge');
    const links: string[] = [];
    for (const file of files) {
      const image = await this.options.storage.images.add(document.id, file, file.name).catch(() => {
        throw new SessionError('storage');
      });
      this.imageUrls.set(image.id, this.createUrl(file));
      links.push(imageMarkdown(file.name || 'image', image.id));
    }
    this.imagesVersion += 1;
    this.emit();
    return links.join('\n');
  }

  /** The preview's image targets: a local picture becomes its blob: URL; others stay as written. */
  resolveUrl(url: string): string | undefined {
    const id = imageIdOf(url);
    return id === undefined ? url : this.imageUrls.get(id);
  }

  /** blob: URL → picture, for an export that must carry the bytes. */
  async imageBlobs(): Promise<Map<string, Blob>> {
    const blobs = new Map<string, Blob>();
    if (!this.current) return blobs;
    for (const image of await this.options.storage.images.of(this.current.id)) {
      const url = this.imageUrls.get(image.id);
      if (url) blobs.set(url, image.blob);
    }
    return blobs;
  }

  dispose(): void {
    this.pageHidden();
    for (const url of this.imageUrls.values()) this.revokeUrl(url);
    this.imageUrls.clear();
  }

  private async write(): Promise<void> {
    const document = this.current;
    if (!this.dirty || !document) return;
    this.dirty = false;
    try {
      await this.options.storage.documents.put(document);
      this.options.backup.clear(document.id);
      if (this.now() - this.lastSnapshot >= (this.options.snapshotEveryMs ?? 5 * 60_000)) {
        await this.options.storage.snapshots.take(document.id, document.content, this.now());
        this.lastSnapshot = this.now();
      }
      this.failed = false;
      this.list = this.list.map((entry) =>
        entry.id === document.id ? { ...entry, updateTime: document.updateTime, size: document.content.length } : entry,
      );
    } catch {
      // Kept in memory and tried again on the next change; the page says saving fails.
      this.dirty = true;
      this.failed = true;
      this.options.backup.write(document);
    }
    this.emit();
  }

  private async show(document: StoredMarkdownDocument): Promise<void> {
    for (const url of this.imageUrls.values()) this.revokeUrl(url);
    this.imageUrls.clear();
    this.current = document;
    this.view = this.viewOf(document);
    this.dirty = false;
    this.options.backup.setLastOpened(document.id);
    this.emit();
    for (const image of await this.options.storage.images.of(document.id)) this.imageUrls.set(image.id, this.createUrl(image.blob));
    this.imagesVersion += 1;
    this.emit();
  }

  private async refreshList(): Promise<void> {
    this.list = await this.options.storage.documents.list();
    this.emit();
  }

  private async guard(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch {
      this.failed = true;
      this.emit();
    }
  }

  private viewOf({ id, title, content }: StoredMarkdownDocument): MdDocument {
    return { id, title, content };
  }

  private emit(): void {
    this.options.onState({
      document: this.view,
      list: this.list,
      dirty: this.dirty,
      imagesVersion: this.imagesVersion,
      failed: this.failed,
    });
  }
}

/** The backup in localStorage (one pending document; the last opened id). */
export function localStorageBackup(prefix = 'md-editor'): PendingBackup {
  const pendingKey = `${prefix}:pending`;
  const lastKey = `${prefix}:last`;
  const safely = <T>(work: () => T): T | undefined => {
    try {
      return work();
    } catch {
      return undefined; // storage disabled or full: the database write still runs
    }
  };
  return {
    read: () =>
      safely(() => {
        const raw = localStorage.getItem(pendingKey);
        const value: unknown = raw ? JSON.parse(raw) : undefined;
        if (typeof value !== 'object' || value === null) return undefined;
        const { id, title, content, createTime, updateTime } = value as Record<string, unknown>;
        if (typeof id !== 'string' || typeof title !== 'string' || typeof content !== 'string') return undefined;
        if (typeof createTime !== 'number' || typeof updateTime !== 'number') return undefined;
        return { id, title, content, createTime, updateTime };
      }),
    write: (document) => void safely(() => localStorage.setItem(pendingKey, JSON.stringify(document))),
    clear: (id) =>
      void safely(() => {
        const raw = localStorage.getItem(pendingKey);
        if (raw && (JSON.parse(raw) as { id?: unknown }).id === id) localStorage.removeItem(pendingKey);
      }),
    lastOpened: () => safely(() => localStorage.getItem(lastKey) ?? undefined),
    setLastOpened: (id) => void safely(() => localStorage.setItem(lastKey, id)),
  };
}
