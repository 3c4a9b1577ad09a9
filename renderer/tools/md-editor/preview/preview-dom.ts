import type { RenderedBlock } from './render';

interface Shown {
  html: string;
  element: HTMLElement;
  filled: boolean;
}

/** Blocks sanitised per DOMPurify call (each call parses a new document, which costs more than the block). */
const BATCH = 40;
/** Main-thread time one filling slice may take before yielding to input. */
const SLICE_MS = 8;
/** Up to this many new blocks (a keystroke's worth) are filled at once, so typing never flashes. */
const AT_ONCE = BATCH;

/**
 * Keeps the preview's DOM in step with the rendered blocks, touching only the blocks that changed:
 * typing in one paragraph of a 10,000-line document sanitises and replaces that paragraph, not the
 * whole preview. Many new blocks at once (a document opened or pasted) get empty placeholders at
 * once and their content in short slices, so the page answers input meanwhile.
 */
export class PreviewDom {
  private shown: Shown[] = [];
  private pending: Shown[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: HTMLElement,
    private readonly sanitize: (html: string) => string,
    /** Each block once its content is in (the page draws diagrams in it). */
    private readonly onFilled: (element: HTMLElement) => void = () => undefined,
  ) {}

  /** Returns the elements it created (filled now, or soon when there are many). */
  update(blocks: RenderedBlock[]): HTMLElement[] {
    const old = this.shown;
    let start = 0;
    while (start < old.length && start < blocks.length && old[start]!.html === blocks[start]!.html) start++;
    let oldEnd = old.length;
    let newEnd = blocks.length;
    while (oldEnd > start && newEnd > start && old[oldEnd - 1]!.html === blocks[newEnd - 1]!.html) {
      oldEnd--;
      newEnd--;
    }
    for (let index = start; index < oldEnd; index++) old[index]!.element.remove();
    const document = this.host.ownerDocument;
    const created = blocks.slice(start, newEnd).map((block): Shown => {
      const element = document.createElement('div');
      element.className = 'md-block';
      return { html: block.html, element, filled: false };
    });
    const fragment = document.createDocumentFragment();
    for (const item of created) fragment.append(item.element);
    this.host.insertBefore(fragment, old[oldEnd]?.element ?? null);
    this.shown = [...old.slice(0, start), ...created, ...old.slice(oldEnd)];
    // Line numbers move with every edit above a block, so every block gets its current one.
    this.shown.forEach((item, index) => {
      const line = String(blocks[index]!.line);
      if (item.element.dataset.line !== line) item.element.dataset.line = line;
    });
    this.pending = [...created, ...this.pending.filter((item) => !item.filled && item.element.parentNode === this.host)];
    if (created.length <= AT_ONCE) this.fillBatch(created);
    this.schedule();
    return created.map((item) => item.element);
  }

  /** Fills every waiting block now (tests, export). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.takeBatch()) {
      /* fills until none is left */
    }
  }

  /** The block elements with the source line each starts on, in document order (scroll sync). */
  lines(): { line: number; element: HTMLElement }[] {
    return this.shown.map((item) => ({ line: Number(item.element.dataset.line), element: item.element })).filter((item) => item.line >= 0);
  }

  private schedule(): void {
    if (this.timer !== undefined || !this.pending.some((item) => !item.filled)) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const began = performance.now();
      while (performance.now() - began < SLICE_MS && this.takeBatch()) {
        /* one slice */
      }
      this.schedule();
    }, 0);
  }

  /** Fills the next batch of waiting blocks; false when none was left. */
  private takeBatch(): boolean {
    this.pending = this.pending.filter((item) => !item.filled && item.element.parentNode === this.host);
    if (this.pending.length === 0) return false;
    this.fillBatch(this.pending.splice(0, BATCH));
    return true;
  }

  private fillBatch(items: Shown[]): void {
    const todo = items.filter((item) => !item.filled);
    if (todo.length === 0) return;
    const template = this.host.ownerDocument.createElement('template');
    template.innerHTML = this.sanitize(todo.map((item) => `<div>${item.html}</div>`).join(''));
    const parts = [...template.content.children];
    // A block with stray closing tags can break out of its wrapper: then each is sanitised alone.
    const together = parts.length === todo.length;
    todo.forEach((item, index) => {
      if (together) item.element.replaceChildren(...parts[index]!.childNodes);
      else item.element.innerHTML = this.sanitize(item.html);
      item.filled = true;
      this.onFilled(item.element);
    });
  }
}
