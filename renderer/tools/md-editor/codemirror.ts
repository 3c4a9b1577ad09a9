import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, openSearchPanel, search, searchKeymap } from '@codemirror/search';
import { EditorState } from '@codemirror/state';
import type { Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { formatEdit } from './md-editor.service';
import type { FormatKind, FormatTexts } from './md-editor.service';

export interface EditorOptions {
  doc: string;
  texts: () => FormatTexts;
  label: string;
  onChange: (content: string) => void;
  /** Pasted or dropped files → the Markdown to insert (it refuses or leaves out what is no picture); unset: files are left to the browser. */
  onImages?: (files: File[]) => Promise<string>;
  onImageError: (error: unknown) => void;
  onScroll: () => void;
}

export interface MdCodeEditor {
  view: EditorView;
  format: (kind: FormatKind) => void;
  openSearch: () => void;
  /** Another document: new text and a fresh undo history. */
  replaceDocument: (doc: string) => void;
  text: () => string;
  destroy: () => void;
}

// Every file goes to onImages, which keeps the pictures and says what it left out: dropping a
// text file must not paste its contents in silently.
const filesOf = (list: FileList | null | undefined) => [...(list ?? [])];

export function createEditor(parent: HTMLElement, options: EditorOptions): MdCodeEditor {
  const format = (kind: FormatKind) => {
    const { from, to } = view.state.selection.main;
    const edit = formatEdit(kind, view.state.doc.toString(), from, to, options.texts());
    view.dispatch({ changes: edit.changes, selection: edit.selection, scrollIntoView: true, userEvent: 'input.format' });
    view.focus();
  };
  const bind = (kind: FormatKind) => () => {
    format(kind);
    return true;
  };
  const insertImages = (files: File[], at: number) => {
    if (!options.onImages || files.length === 0) return false;
    options
      .onImages(files)
      .then((text) => view.dispatch({ changes: { from: at, insert: text }, userEvent: 'input.paste' }), options.onImageError);
    return true;
  };
  const extensions: Extension[] = [
    history(),
    markdown({ base: markdownLanguage }),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    search({ top: true }),
    highlightSelectionMatches(),
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ 'aria-label': options.label }),
    keymap.of([
      { key: 'Mod-b', run: bind('bold') },
      { key: 'Mod-i', run: bind('italic') },
      { key: 'Mod-k', run: bind('link') },
      ...searchKeymap,
      ...historyKeymap,
      ...defaultKeymap,
      indentWithTab,
    ]),
    EditorView.updateListener.of((update) => {
      // A document swapped in (setState) is no update, so this sees only the user's edits.
      if (update.docChanged) options.onChange(update.state.doc.toString());
    }),
    EditorView.domEventHandlers({
      paste: (event) => insertImages(filesOf(event.clipboardData?.files), view.state.selection.main.head) && (event.preventDefault(), true),
      drop: (event): boolean => {
        const files = filesOf(event.dataTransfer?.files);
        const at: number = view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? view.state.selection.main.head;
        return insertImages(files, at) && (event.preventDefault(), true);
      },
      scroll: () => options.onScroll(),
    }),
  ];
  const stateFor = (doc: string): EditorState => EditorState.create({ doc, extensions });
  const view: EditorView = new EditorView({ state: stateFor(options.doc), parent });
  return {
    view,
    format,
    openSearch: () => openSearchPanel(view),
    replaceDocument: (doc) => view.setState(stateFor(doc)),
    text: () => view.state.doc.toString(),
    destroy: () => view.destroy(),
  };
}
