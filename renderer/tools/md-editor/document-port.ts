/**
 * The seam between the editor half of /md/editor (md-core: page, editor, preview) and its documents
 * half (md-docs: storage, list, snapshots, import/export, images). The editor never stores anything:
 * it shows the document it is given and reports every change; the documents side decides when and
 * where to save. Types only, so both halves can build against it before the other lands.
 *
 * Wiring (MdEditorPage.tsx, md-core's):
 *   const docs = useMdDocuments();                        // md-docs: ./documents/use-md-documents.ts
 *   <DocumentsBar docs={docs} source={exportSource} />     // md-docs: ./documents/DocumentsBar.tsx (default export)
 *   <MdWorkspace document={docs.document} onChange={docs.onChange} resolveUrl={docs.resolveUrl} onImages={docs.onImages} />
 * Until md-docs' files land the page keeps the document in memory.
 */

/** One Markdown document as the editor sees it. */
export interface MdDocument {
  /** Stable id (renderer/lib/ids.ts). Another id means another document: the editor replaces its text and undo history. */
  id: string;
  title: string;
  content: string;
}

/** Everything the documents half hands the page (what `useMdDocuments()` returns). */
export interface MdDocumentsState {
  /** The open document; undefined while the database opens (the page shows a spinner). */
  document: MdDocument | undefined;
  /**
   * Every edit, with the whole new text, synchronously on the typing path: keep it cheap (debounce the
   * saving, not the call). Not called when `document` changes from outside (switching, restoring).
   */
  onChange: (content: string) => void;
  /**
   * Turns an image/link target the preview meets into one it can show, e.g. the local image scheme →
   * a blob: URL. Return undefined to drop the image. Unset: targets stay as written.
   */
  resolveUrl?: (url: string) => string | undefined;
  /**
   * The user pasted or dropped image files into the editor: resolve to the Markdown inserted at the
   * cursor (e.g. `![name](<scheme>:<id>)`). Reject with an Error whose message is already translated
   * (the page shows it). Unset: the editor ignores pasted images.
   */
  onImages?: (files: File[]) => Promise<string>;
  /** A translated message instead of the editor when documents cannot be opened at all. */
  error?: string;
}

/** What the page gives the documents bar for exporting the open document. */
export interface MdExportSource {
  /** The text as it is in the editor right now (includes the last keystroke). */
  markdown: () => string;
  /**
   * The whole document rendered: sanitised HTML with highlighting, KaTeX math and mermaid diagrams
   * already drawn (SVG), images resolved through `resolveUrl`. A fragment for inside <body>.
   */
  html: () => Promise<string>;
  /** The preview's stylesheet (KaTeX's and highlighting's included) to inline into a standalone .html. */
  css: () => Promise<string>;
}

/** Props of the documents bar (list, rename, delete, snapshots, import, export), md-docs' component. */
export interface DocumentsBarProps {
  docs: MdDocumentsState;
  source: MdExportSource;
}
