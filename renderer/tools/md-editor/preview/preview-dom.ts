import type { RenderedBlock } from './render';

interface Shown {
  html: string;
  element: HTMLElement;
}

/**
 * Keeps the preview's DOM in step with the rendered blocks, touching only the blocks that changed:
 * typing in one paragraph of a 10,000-line document sanitises and replaces that paragraph, not the
 * whole preview (which would take hundreds of milliseconds on the page's thread).
 */
export class PreviewDom {
  private shown: Shown[] = [];

  constructor(
    private readonly host: HTMLElement,
    private readonly sanitize: (html: string) => string,
  ) {}

  /** Returns the elements it created, for the page to draw diagrams in. */
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
    const created = blocks.slice(start, newEnd).map((block) => {
      const element = this.host.ownerDocument.createElement('div');
      element.className = 'md-block';
      element.innerHTML = this.sanitize(block.html);
      return { html: block.html, element };
    });
    const before = old[oldEnd]?.element ?? null;
    const fragment = this.host.ownerDocument.createDocumentFragment();
    for (const item of created) fragment.append(item.element);
    this.host.insertBefore(fragment, before);
    this.shown = [...old.slice(0, start), ...created, ...old.slice(oldEnd)];
    // Line numbers move with every edit above a block, so every block gets its current one.
    this.shown.forEach((item, index) => {
      const line = String(blocks[index]!.line);
      if (item.element.dataset.line !== line) item.element.dataset.line = line;
    });
    return created.map((item) => item.element);
  }

  /** The block elements with the source line each starts on, in document order (scroll sync). */
  lines(): { line: number; element: HTMLElement }[] {
    return this.shown.map((item) => ({ line: Number(item.element.dataset.line), element: item.element })).filter((item) => item.line >= 0);
  }
}
