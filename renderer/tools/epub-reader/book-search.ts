/**
 * The reader's full-text search over the whole book, chapter by chapter: each chapter is parsed
 * apart from the page (foliate's `createDocument`), its text matched by `search-text.ts`, and every
 * hit named by foliate's own CFI of the range, so jumping to it and outlining it work as for any
 * location. The page stays responsive: the work yields to the browser every few milliseconds.
 */
import type { View } from 'foliate-js/view.js';
import type { SearchHit } from './epub-reader.service';
import { findMatches, foldQuery } from './search-text';

/** Longest stretch of searching before the page may paint and take input again. */
const SLICE_MS = 12;

/** A macrotask later: awaiting a resolved promise would keep the thread. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/** The chapter's text nodes in document order, as foliate's text walker takes them (no script or style). */
function textNodes(doc: Document): Node[] {
  const walker = doc.createTreeWalker(doc.body ?? doc, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT | NodeFilter.SHOW_CDATA_SECTION, {
    acceptNode: (node) => {
      if (node.nodeType !== Node.ELEMENT_NODE) return NodeFilter.FILTER_ACCEPT;
      const name = (node as Element).localName.toLowerCase();
      return name === 'script' || name === 'style' ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
    },
  });
  const nodes: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
  return nodes;
}

export type BookSearchEvent = { progress: number } | { index: number; label: string; hits: SearchHit[] };

/**
 * Searches the book for `query` (case and accents ignored, see search-text.ts): a chapter's hits as
 * soon as it is searched, then the fraction of chapters done, until `limit` hits are found (a CFI per
 * hit is the costly part: a one-letter query would otherwise name every letter of a chapter in one
 * task). Stopping the loop (`break`, `return()`) stops the search.
 */
export async function* searchBook(view: View, query: string, limit: number): AsyncGenerator<BookSearchEvent> {
  const needle = foldQuery(query);
  const { sections } = view.book;
  if (!needle) return;
  let sliceStart = performance.now();
  let room = limit;
  for (let index = 0; index < sections.length && room > 0; index += 1) {
    const createDocument = sections[index]!.createDocument;
    if (createDocument) {
      const doc = await createDocument();
      const nodes = textNodes(doc);
      const hits: SearchHit[] = [];
      // A CFI costs a walk over the hit's siblings: hundreds of them in a long chapter are sliced too.
      for (const { range, excerpt } of findMatches(
        nodes.map((node) => node.nodeValue ?? ''),
        needle,
        room,
      )) {
        const dom = doc.createRange();
        dom.setStart(nodes[range.startIndex]!, range.startOffset);
        dom.setEnd(nodes[range.endIndex]!, range.endOffset);
        hits.push({ cfi: view.getCFI(index, dom), excerpt });
        if (performance.now() - sliceStart > SLICE_MS) {
          await nextTask();
          sliceStart = performance.now();
        }
      }
      room -= hits.length;
      if (hits.length) yield { index, label: view.getProgressOf(index).tocItem?.label ?? '', hits };
    }
    yield { progress: (index + 1) / sections.length };
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
}

/**
 * foliate's prefix for a search hit's annotation: `addAnnotation` outlines such a value instead of
 * asking the page how to draw a note. foliate keeps it private to its own search, which is too slow.
 */
const SEARCH_MARK = 'foliate-search:';

/**
 * The outlines of the hits in the text. foliate draws an annotation only in a chapter on the page,
 * so a chapter's outlines are drawn again each time it is laid out ('create-overlay').
 */
export class SearchMarks {
  readonly #view: View;
  readonly #byChapter = new Map<number, string[]>();
  // Bumped by clear(): outlines still being drawn for the search before stop drawing.
  #generation = 0;

  constructor(view: View) {
    this.#view = view;
    view.addEventListener('create-overlay', this.#redraw);
  }

  readonly #redraw = (event: Event) => {
    const { index } = (event as CustomEvent<{ index: number }>).detail;
    void this.#draw(this.#byChapter.get(index) ?? []);
  };

  /** Draws outlines one after another, yielding as the search does: each lays out its text's rectangles. */
  async #draw(values: readonly string[]) {
    const generation = this.#generation;
    let sliceStart = performance.now();
    for (const value of values) {
      if (generation !== this.#generation) return;
      await this.#view.addAnnotation({ value }).catch(() => undefined);
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTask();
        sliceStart = performance.now();
      }
    }
  }

  add(index: number, hits: readonly SearchHit[]) {
    const values = hits.map((hit) => SEARCH_MARK + hit.cfi);
    this.#byChapter.set(index, [...(this.#byChapter.get(index) ?? []), ...values]);
    void this.#draw(values);
  }

  clear() {
    this.#generation += 1;
    for (const values of this.#byChapter.values())
      for (const value of values) void this.#view.deleteAnnotation({ value }).catch(() => undefined);
    this.#byChapter.clear();
  }

  detach() {
    this.#generation += 1;
    this.#view.removeEventListener('create-overlay', this.#redraw);
  }
}
