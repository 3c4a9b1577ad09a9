import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Segmented } from '@/components/Segmented';
import { toast } from '@/lib/notify';
import type { MdDocument, MdExportSource } from './document-port';
import { createEditor } from './codemirror';
import type { MdCodeEditor } from './codemirror';
import type { FormatKind } from './md-editor.service';
import { drawDiagrams } from './preview/mermaid';
import { PreviewDom } from './preview/preview-dom';
import { detectFeatures } from './preview/render';
import { renderHtmlInWorker, renderInWorker } from './preview/render-client';
import { createSanitizer, createSvgSanitizer } from './preview/sanitize';
import { previewCss, loadFeatureStyles } from './preview/styles';
import { syncScroll } from './scroll-sync';
import './md-editor.css';
import './preview/preview.css';

export interface MdWorkspaceProps {
  document: MdDocument;
  onChange: (content: string) => void;
  resolveUrl?: (url: string) => string | undefined;
  onImages?: (files: File[]) => Promise<string>;
  /** Filled with the export source once the editor is up (the documents bar exports through it). */
  sourceRef: { current: MdExportSource | null };
}

type Mode = 'split' | 'editor' | 'preview';

const TOOLBAR: { kind: FormatKind; glyph: string }[] = [
  { kind: 'h1', glyph: 'H1' },
  { kind: 'h2', glyph: 'H2' },
  { kind: 'h3', glyph: 'H3' },
  { kind: 'bold', glyph: 'B' },
  { kind: 'italic', glyph: 'I' },
  { kind: 'strike', glyph: 'S' },
  { kind: 'inlineCode', glyph: '`' },
  { kind: 'bulletList', glyph: '•' },
  { kind: 'orderedList', glyph: '1.' },
  { kind: 'taskList', glyph: '☑' },
  { kind: 'quote', glyph: '❝' },
  { kind: 'table', glyph: '▦' },
  { kind: 'codeBlock', glyph: '{ }' },
  { kind: 'link', glyph: '↗' },
  { kind: 'image', glyph: '▣' },
  { kind: 'math', glyph: '∑' },
  { kind: 'mermaid', glyph: '⇄' },
];

const PHONE = '(max-width: 640px)';
const subscribePhone = (notify: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
};

/** Long documents wait longer after the last keystroke: their render costs more, typing must not. */
const renderDelay = (length: number) => Math.min(400, 80 + Math.floor(length / 2000));

/**
 * The editor (CodeMirror 6) and its live preview. The preview renders in a worker after a pause in
 * typing and replaces only the blocks that changed, so a keystroke costs the editor's own work only.
 */
export default function MdWorkspace({ document, onChange, resolveUrl, onImages, sourceRef }: MdWorkspaceProps) {
  const { t } = useTranslation('md-editor');
  const phone = useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE).matches);
  const [mode, setMode] = useState<Mode>('split');
  const [tab, setTab] = useState<'editor' | 'preview'>('editor');
  const [renderFailed, setRenderFailed] = useState(false);
  const editorHost = useRef<HTMLDivElement>(null);
  const previewHost = useRef<HTMLDivElement>(null);
  const editor = useRef<MdCodeEditor | null>(null);
  const latest = useRef({ onChange, resolveUrl, onImages, t });
  useLayoutEffect(() => {
    latest.current = { onChange, resolveUrl, onImages, t };
  });
  const schedule = useRef<(text: string, now?: boolean) => void>(() => undefined);
  const syncFrom = useRef<(pane: 'editor' | 'preview') => void>(() => undefined);

  useEffect(() => {
    const sanitize = createSanitizer(window, (url) => (latest.current.resolveUrl ? latest.current.resolveUrl(url) : url));
    const sanitizeSvg = createSvgSanitizer(window);
    const dom = new PreviewDom(previewHost.current!, sanitize, (element) => void drawDiagrams(element, sanitizeSvg, 'md-mermaid--failed'));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let disposed = false;
    const render = (text: string) => {
      void loadFeatureStyles(detectFeatures(text));
      renderInWorker(text).then(
        (blocks) => {
          if (!blocks || disposed) return;
          setRenderFailed(false);
          dom.update(blocks);
        },
        () => !disposed && setRenderFailed(true),
      );
    };
    schedule.current = (text, now = false) => {
      clearTimeout(timer);
      if (now) render(text);
      else timer = setTimeout(() => render(text), renderDelay(text.length));
    };
    const scroller = () => editor.current!.view.scrollDOM;
    syncFrom.current = syncScroll({
      editorScroller: scroller,
      preview: previewHost.current!,
      topLine: () => {
        const view = editor.current!.view;
        const block = view.lineBlockAtHeight(view.scrollDOM.scrollTop);
        return view.state.doc.lineAt(block.from).number - 1;
      },
      lineTop: (line) => {
        const view = editor.current!.view;
        const clamped = Math.min(Math.max(line + 1, 1), view.state.doc.lines);
        return view.lineBlockAt(view.state.doc.line(clamped).from).top;
      },
      blocks: () => dom.lines(),
    });
    editor.current = createEditor(editorHost.current!, {
      doc: document.content,
      label: t('editor.editorLabel'),
      texts: () => ({
        text: latest.current.t('editor.placeholderText'),
        linkText: latest.current.t('editor.placeholderLink'),
        imageAlt: latest.current.t('editor.placeholderImage'),
        column: latest.current.t('editor.placeholderColumn'),
      }),
      onChange: (content) => {
        latest.current.onChange(content);
        schedule.current(content);
      },
      onImages: (files) => (latest.current.onImages ? latest.current.onImages(files) : Promise.resolve('')),
      onImageError: (error) =>
        toast.error(error instanceof Error && error.message ? error.message : latest.current.t('editor.imageFailed')),
      onScroll: () => syncFrom.current('editor'),
    });
    schedule.current(document.content, true);
    sourceRef.current = {
      markdown: () => editor.current?.text() ?? '',
      html: async () => {
        const holder = window.document.createElement('div');
        holder.innerHTML = sanitize(await renderHtmlInWorker(editor.current?.text() ?? ''));
        // drawDiagrams skips blocks no longer in the page (a preview block replaced meanwhile), so the
        // export's copy sits in the page, out of sight, while its diagrams are drawn.
        holder.style.cssText = 'position:absolute;left:-100000px;top:0;width:800px';
        holder.setAttribute('aria-hidden', 'true');
        window.document.body.append(holder);
        try {
          await drawDiagrams(holder, sanitizeSvg, 'md-mermaid--failed');
        } finally {
          holder.remove();
        }
        return holder.innerHTML;
      },
      css: previewCss,
    };
    return () => {
      disposed = true;
      clearTimeout(timer);
      sourceRef.current = null;
      editor.current?.destroy();
      editor.current = null;
    };
    // The editor is made once; a new document replaces its text (below), new callbacks go through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shownId = useRef(document.id);
  useEffect(() => {
    if (shownId.current === document.id || !editor.current) return;
    shownId.current = document.id;
    editor.current.replaceDocument(document.content);
    schedule.current(document.content, true);
  }, [document.id, document.content]);

  const shown: Mode = phone ? tab : mode;
  return (
    <div className={`md-ws md-ws--${shown}`} data-testid="md-workspace">
      <div className="md-ws__bar">
        <div className="md-ws__tools" role="toolbar" aria-label={t('editor.toolbar')}>
          {TOOLBAR.map(({ kind, glyph }) => (
            <Button
              key={kind}
              size="small"
              type="text"
              title={t(`editor.${kind}`)}
              aria-label={t(`editor.${kind}`)}
              className={`md-ws__tool md-ws__tool--${kind}`}
              disabled={shown === 'preview'}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => editor.current?.format(kind)}
              data-testid={`md-tool-${kind}`}
            >
              {glyph}
            </Button>
          ))}
          <Button
            size="small"
            type="text"
            title={t('editor.search')}
            aria-label={t('editor.search')}
            disabled={shown === 'preview'}
            onClick={() => editor.current?.openSearch()}
            data-testid="md-tool-search"
          >
            ◎
          </Button>
        </div>
        {phone ? (
          <Segmented
            aria-label={t('editor.mode')}
            size="small"
            value={tab}
            onChange={setTab}
            options={[
              { value: 'editor', label: t('editor.editTab') },
              { value: 'preview', label: t('editor.previewTab') },
            ]}
            data-testid="md-tabs"
          />
        ) : (
          <Segmented
            aria-label={t('editor.mode')}
            size="small"
            value={mode}
            onChange={setMode}
            options={[
              { value: 'split', label: t('editor.split') },
              { value: 'editor', label: t('editor.editorOnly') },
              { value: 'preview', label: t('editor.previewOnly') },
            ]}
            data-testid="md-mode"
          />
        )}
      </div>
      {renderFailed ? <Alert type="error" message={t('editor.renderFailed')} /> : null}
      <div className="md-ws__panes">
        <div className="md-ws__editor" ref={editorHost} data-testid="md-editor" />
        <div
          className="md-ws__preview md-preview"
          ref={previewHost}
          role="document"
          aria-label={t('editor.previewLabel')}
          onScroll={() => syncFrom.current('preview')}
          data-testid="md-preview"
        />
      </div>
    </div>
  );
}
