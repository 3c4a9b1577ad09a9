// foliate-js ships plain ES modules without types: what the reader uses of them, and nothing more.
declare module 'foliate-js/view.js' {
  export interface TocItem {
    label: string;
    href: string;
    subitems?: TocItem[];
  }
  export interface FoliateSection {
    /** The chapter parsed on its own, outside the page; absent for sections without text. */
    createDocument?: () => Promise<Document>;
  }
  export interface FoliateBook {
    dir?: string;
    toc?: TocItem[];
    sections: FoliateSection[];
    metadata?: { title?: unknown; language?: unknown };
    resolveHref(
      href: string,
    ): { index: number; anchor: (doc: Document) => unknown } | Promise<{ index: number; anchor: (doc: Document) => unknown }>;
  }
  export interface RelocateDetail {
    fraction?: number;
    cfi: string;
    range?: Range;
    tocItem?: TocItem;
  }
  /** The renderer's own 'relocate', which the view turns into its RelocateDetail. */
  export interface RendererRelocateDetail {
    /** 'page', 'snap', 'scroll', 'selection', 'navigation' or 'anchor' (see own-moves.ts). */
    reason?: string;
  }
  export interface Renderer extends HTMLElement {
    setStyles(css: string): void;
    next(): Promise<void>;
    prev(): Promise<void>;
  }
  export class View extends HTMLElement {
    book: FoliateBook;
    renderer: Renderer;
    lastLocation: RelocateDetail | null;
    open(book: File | Blob | FoliateBook): Promise<void>;
    close(): void;
    init(options: { lastLocation?: string; showTextStart?: boolean }): Promise<void>;
    goTo(target: string | number): Promise<unknown>;
    goToFraction(fraction: number): Promise<void>;
    goLeft(): Promise<void>;
    goRight(): Promise<void>;
    next(): Promise<void>;
    prev(): Promise<void>;
    /** The CFI of a range in section `index` (a document from its `createDocument`, or the one shown). */
    getCFI(index: number, range?: Range): string;
    getProgressOf(index: number, range?: Range): { tocItem?: TocItem };
    /** Draws an annotation where it is loaded; a value starting with 'foliate-search:' is a search hit's outline. */
    addAnnotation(annotation: { value: string }): Promise<unknown>;
    deleteAnnotation(annotation: { value: string }): Promise<unknown>;
  }
  export function makeBook(file: File): Promise<FoliateBook>;
}

declare module 'foliate-js/epub.js' {
  import type { FoliateBook } from 'foliate-js/view.js';
  export class EPUB {
    constructor(loader: {
      loadText(name: string): Promise<string | null> | null;
      loadBlob(name: string, type?: string): Promise<Blob | null> | null;
      getSize(name: string): number;
      sha1?: (text: string) => Promise<Uint8Array>;
    });
    init(): Promise<FoliateBook>;
  }
}

declare module 'foliate-js/vendor/zip.js' {
  interface Entry {
    filename: string;
    uncompressedSize: number;
    getData(writer: unknown): Promise<never>;
  }
  export function configure(options: { useWebWorkers: boolean }): void;
  export class ZipReader {
    constructor(reader: unknown);
    getEntries(): Promise<Entry[]>;
  }
  export class BlobReader {
    constructor(blob: Blob);
  }
  export class TextWriter {}
  export class BlobWriter {
    constructor(type?: string);
  }
}

declare module 'foliate-js/footnotes.js' {
  import type { FoliateBook, View } from 'foliate-js/view.js';
  export class FootnoteHandler extends EventTarget {
    handle(book: FoliateBook, event: Event): Promise<void> | undefined;
  }
  export type FootnoteRender = CustomEvent<{ view: View; href: string; type: string | null }>;
}

declare module 'foliate-js/search.js' {
  // foliate's own matcher: the reader's tests compare theirs with it.
  export function search(
    strs: string[],
    query: string,
    options: { locales?: string; granularity?: 'grapheme' | 'word'; sensitivity?: 'base' | 'accent' | 'case' | 'variant' },
  ): Generator<{
    range: { startIndex: number; startOffset: number; endIndex: number; endOffset: number };
    excerpt: { pre: string; match: string; post: string };
  }>;
}
