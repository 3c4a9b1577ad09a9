/**
 * Renders the worker's slices with docx-preview, one slice per task. docx-preview needs the DOM
 * (DOMParser, document.createElement), so this part is on the main thread; each slice is a few
 * pages, so each task stays short and the page keeps answering while a long document opens.
 */
import { parseAsync, renderDocument } from 'docx-preview';
import { pageCounterResets, parseCounterRules } from './list-counters';
import type { CounterRules } from './list-counters';

export const DOCX_CLASS = 'docx';

const OPTIONS = {
  className: DOCX_CLASS,
  inWrapper: true,
  breakPages: true,
  // Word's saved page breaks are the only pagination a docx carries; docx-preview ignores them by default.
  ignoreLastRenderedPageBreak: false,
  renderHeaders: true,
  renderFooters: true,
  renderFootnotes: true,
  renderEndnotes: true,
  useBase64URL: false,
  experimental: false,
};

export interface RenderTarget {
  /** Receives the document's style elements (once). */
  styles: HTMLElement;
  /** Receives the page wrapper, then every slice's pages. */
  body: HTMLElement;
}

/** Gives the browser a turn between slices (input, paint) before the next one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Renders `slices` in order into `target`. `onSlice` runs after each one (the outline and page count
 * grow as pages arrive). Stops quietly when `signal` aborts (another file was opened).
 */
export async function renderSlices(
  slices: readonly Uint8Array[],
  target: RenderTarget,
  { signal, onSlice }: { signal: AbortSignal; onSlice: (done: number) => void },
): Promise<void> {
  let wrapper: HTMLElement | undefined;
  let rules: CounterRules | undefined;
  const counters = new Map<string, number>();
  for (const [index, slice] of slices.entries()) {
    // Parsing (unzip + XML) and rendering each get a task of their own, and so does the message
    // that brought the slices from the worker.
    await nextTask();
    if (signal.aborted) return;
    const document = (await parseAsync(slice, OPTIONS)) as unknown;
    await nextTask();
    if (signal.aborted) return;
    const nodes = await renderDocument(document, OPTIONS);
    if (signal.aborted) return;
    const pages: HTMLElement[] = [];
    for (const node of nodes) {
      const isWrapper = node instanceof HTMLElement && node.classList.contains(`${DOCX_CLASS}-wrapper`);
      if (!isWrapper) {
        // Every slice carries the same styles, numbering and theme; the first copy serves them all.
        if (index === 0) target.styles.appendChild(node);
      } else {
        pages.push(...node.querySelectorAll<HTMLElement>(`:scope > section.${DOCX_CLASS}`));
        if (!wrapper) {
          wrapper = node;
          target.body.appendChild(node);
        } else wrapper.append(...Array.from(node.childNodes));
      }
    }
    rules ??= parseCounterRules(target.styles.textContent ?? '', `.${DOCX_CLASS}-wrapper`);
    if (rules.increments.size) {
      // Each page body starts its lists where the last page left them (see list-counters.ts).
      const bodies = pages.flatMap((page) => [...page.querySelectorAll<HTMLElement>(':scope > article')]);
      const resets = pageCounterResets(
        bodies.map((body) => Array.from(body.querySelectorAll('p'), (paragraph) => [...paragraph.classList])),
        rules,
        counters,
      );
      bodies.forEach((body, at) => (body.style.counterReset = resets[at]!));
    }
    onSlice(index + 1);
  }
}
