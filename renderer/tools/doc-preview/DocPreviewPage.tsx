import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalize } from '@/app/language';
import { Alert } from '@/components/Alert';
import { CopyButton } from '@/components/CopyButton';
import { FileDropZone } from '@/components/FileDropZone';
import { LinkButton } from '@/components/LinkButton';
import { Paragraph, Text } from '@/components/Text';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { WorkerClient, WorkerCrashed } from '@/lib/worker-client';
import { platform } from '@/platform';
import { OTHER_TOOLS } from './doc-preview.service';
import type { OtherTool } from './doc-preview.service';
import type { DocPreviewWorkerApi, OpenOutcome } from './doc-preview.worker';
import { DOCX_CLASS, renderSlices } from './doc-render';
import { DOCUMENT_FALLBACK_STACK, fontMapCss } from './font-map';
import { printPageCss } from './print-pages';
import { scrollToElement } from './scroll-to';
import { ZOOMS } from './doc-zooms';
import { useDocFind } from './use-doc-find';
import './doc-preview.css';

const worker = new WorkerClient<DocPreviewWorkerApi>(
  () => new Worker(new URL('./doc-preview.worker.ts', import.meta.url), { type: 'module', name: 'doc-preview' }),
);

const TOOL_NAMESPACE: Record<OtherTool, 'excel' | 'ppt-preview' | 'psd' | 'sketch'> = {
  excel: 'excel',
  ppt: 'ppt-preview',
  psd: 'psd',
  sketch: 'sketch',
};

// The toolbar (antd's Select, Input and compact groups) shows once a document has pages: it loads
// while the first one is read, not with the page.
const DocToolbar = lazyWithAntd(() => import('./DocToolbar'));
/** docx-preview's page wrapper pads pages by 30 px on each side. */
const WRAPPER_PADDING = 60;

type View =
  | { state: 'idle' }
  | { state: 'opening'; name: string }
  | { state: 'pages'; name: string; done: number; total: number }
  | { state: 'legacy'; name: string; text: string | undefined }
  | { state: 'error'; message: string; tool?: OtherTool };

interface OutlineEntry {
  level: number;
  text: string;
  element: HTMLElement;
}

/** A length docx-preview writes (points from the document, or px) in CSS px; 0 when there is none. */
const toPx = (length: string) => {
  const value = parseFloat(length);
  if (!Number.isFinite(value)) return 0;
  return length.endsWith('pt') ? (value * 4) / 3 : value;
};

/** The blob: URLs the rendered document uses (pictures, embedded fonts in its styles). */
function blobUrls(styles: HTMLElement | null, body: HTMLElement | null): Set<string> {
  const urls = new Set<string>();
  for (const image of body?.querySelectorAll('img') ?? []) if (image.src.startsWith('blob:')) urls.add(image.src);
  for (const match of (styles?.textContent ?? '').matchAll(/url\((['"]?)(blob:[^'")]+)\1\)/g)) urls.add(match[2]!);
  return urls;
}

/** docx-preview's class for a paragraph style id (its escapeClassName). */
const styleClass = (id: string) => `${DOCX_CLASS}_${id.replace(/[ .]+/g, '-').replace(/[&]+/g, 'and').toLowerCase()}`;

/** /doc/preview: a Word document page by page, with outline, zoom, find and print; legacy .doc as text. */
export default function DocPreviewPage() {
  const { t } = useTranslation('doc-preview');
  const localize = useLocalize();
  const [view, setView] = useState<View>({ state: 'idle' });
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [fitZoom, setFitZoom] = useState(1);
  const [outline, setOutline] = useState<OutlineEntry[]>([]);
  const [outlineOpen, setOutlineOpen] = useState(true);
  const [pageCount, setPageCount] = useState(0);
  const [printCss, setPrintCss] = useState('');
  const stylesRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const running = useRef<AbortController | undefined>(undefined);
  const headings = useRef<[string, number][]>([]);
  const fontCss = useMemo(() => fontMapCss(), []);
  const find = useDocFind(bodyRef, view.state === 'pages' ? view.done : 0);

  const measure = useCallback(() => {
    const viewer = viewerRef.current;
    const body = bodyRef.current;
    const page = body?.querySelector<HTMLElement>(`section.${DOCX_CLASS}`);
    if (!viewer || !body || !page) return;
    const pagePx = toPx(page.style.width);
    if (pagePx > 0) setFitZoom(Math.min(1.5, (viewer.clientWidth - 2) / (pagePx + WRAPPER_PADDING)));
    // Pages not laid out yet (content-visibility) stand in at this content size; a wrong guess makes
    // scrolling to a heading land beside it. Read from the page's own style: no layout is forced.
    const contentHeight = toPx(page.style.minHeight) - toPx(page.style.paddingTop) - toPx(page.style.paddingBottom);
    if (contentHeight > 0) body.style.setProperty('--doc-page-content-height', `${Math.round(contentHeight)}px`);
  }, []);

  const refreshOutline = useCallback(() => {
    const body = bodyRef.current;
    if (!body) return;
    setPageCount(body.querySelectorAll(`section.${DOCX_CLASS}`).length);
    if (!headings.current.length) return setOutline([]);
    const levels = new Map(headings.current.map(([id, level]) => [styleClass(id), level]));
    const selector = [...levels.keys()].map((name) => `p.${CSS.escape(name)}`).join(',');
    const entries: OutlineEntry[] = [];
    for (const element of body.querySelectorAll<HTMLElement>(selector)) {
      const text = element.textContent?.trim();
      const level = [...element.classList].map((name) => levels.get(name)).find(Boolean);
      if (text && level) entries.push({ level, text, element });
    }
    setOutline(entries);
  }, []);

  const reset = () => {
    running.current?.abort();
    running.current = undefined;
    // docx-preview hands pictures and embedded fonts over as blob: URLs; they would outlive the pages.
    for (const url of blobUrls(stylesRef.current, bodyRef.current)) URL.revokeObjectURL(url);
    stylesRef.current?.replaceChildren();
    bodyRef.current?.replaceChildren();
    headings.current = [];
    setOutline([]);
    setPageCount(0);
    setPrintCss('');
  };

  /** Every page prints on a sheet of its own size (see print-pages.ts). */
  const preparePrint = () => {
    const sections = [...(bodyRef.current?.querySelectorAll<HTMLElement>(`section.${DOCX_CLASS}`) ?? [])];
    const { css, names } = printPageCss(sections.map((section) => ({ width: section.style.width, height: section.style.minHeight })));
    sections.forEach((section, index) => section.style.setProperty('page', names[index] ?? null));
    setPrintCss(css);
  };

  /** The browser's print of this page, which the print stylesheet narrows to the pages; the file name titles the PDF. */
  const print = (name: string) => {
    const title = document.title;
    document.title = name;
    window.print();
    document.title = title;
  };

  const openFile = async (file: File) => {
    reset();
    void DocToolbar.preload().catch(() => undefined);
    const controller = new AbortController();
    running.current = controller;
    const name = file.name;
    setView({ state: 'opening', name });
    let outcome: OpenOutcome;
    try {
      outcome = await worker.api.open(file, name);
    } catch (error) {
      if (!controller.signal.aborted)
        setView({ state: 'error', message: t(error instanceof WorkerCrashed ? 'errors.crashed' : 'errors.damaged', { name }) });
      return;
    }
    if (controller.signal.aborted) return;
    if (outcome.kind === 'failed') return setView({ state: 'error', message: t(`errors.${outcome.code}`, { name }) });
    if (outcome.kind === 'legacyDoc') return setView({ state: 'legacy', name, text: outcome.text });
    if (outcome.kind === 'refused') {
      const { verdict } = outcome;
      if (verdict.kind === 'otherTool') {
        const tool = t('meta.title', { ns: TOOL_NAMESPACE[verdict.tool] });
        return setView({ state: 'error', message: t('errors.otherTool', { name, format: verdict.format, tool }), tool: verdict.tool });
      }
      if (verdict.kind === 'unsupported') {
        const format = verdict.format === 'unknown' ? t('errors.unknownFormat') : verdict.format;
        return setView({ state: 'error', message: t('errors.unsupported', { name, format }) });
      }
      return setView({ state: 'error', message: t(`errors.${verdict.kind}`, { name }) });
    }
    headings.current = outcome.headings;
    setView({ state: 'pages', name, done: 0, total: outcome.slices.length });
    try {
      await renderSlices(
        outcome.slices,
        { styles: stylesRef.current!, body: bodyRef.current! },
        {
          signal: controller.signal,
          onSlice: (done) => {
            if (done === 1) measure();
            refreshOutline();
            setView({ state: 'pages', name, done, total: outcome.slices.length });
          },
        },
      );
      if (!controller.signal.aborted) preparePrint();
    } catch {
      if (controller.signal.aborted) return;
      reset();
      setView({ state: 'error', message: t('errors.renderFailed', { name }) });
    }
  };
  const openRef = useRef(openFile);
  useLayoutEffect(() => {
    openRef.current = openFile;
  });

  // The desktop app hands over files the system opened with it ("Open with", a double-click).
  useEffect(() => platform.openedFiles.subscribe('/doc/preview', (files) => void openRef.current(files[0]!)), []);

  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(viewer);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(() => () => running.current?.abort(), []);

  const effectiveZoom = zoom === 'fit' ? fitZoom : zoom;
  const stepZoom = (direction: 1 | -1) => {
    const next =
      direction > 0
        ? ZOOMS.find((value) => value > effectiveZoom + 0.01)
        : [...ZOOMS].reverse().find((value) => value < effectiveZoom - 0.01);
    if (next) setZoom(next);
  };
  const hasPages = view.state === 'pages';
  const rendering = hasPages && view.done < view.total;

  return (
    <div className="doc-preview">
      <style>{`${fontCss}\n.doc-preview__pages .${DOCX_CLASS}-wrapper { font-family: ${DOCUMENT_FALLBACK_STACK}; }\n${printCss}`}</style>
      <FileDropZone
        multiple={false}
        onFiles={(files) => void openFile(files[0]!)}
        title={t('drop.title')}
        hint={t('drop.hint')}
        compact={view.state !== 'idle'}
        busy={view.state === 'opening'}
      />

      {view.state === 'opening' ? (
        <Paragraph className="doc-preview__status" data-testid="doc-opening">
          {t('opening', { name: view.name })}
        </Paragraph>
      ) : null}

      {view.state === 'error' ? (
        <Alert
          type="error"
          showIcon
          className="doc-preview__message"
          data-testid="doc-error"
          message={view.message}
          action={
            view.tool ? (
              <LinkButton to={localize(OTHER_TOOLS[view.tool])} size="small" data-testid="doc-other-tool">
                {t('errors.openTool', { tool: t('meta.title', { ns: TOOL_NAMESPACE[view.tool] }) })}
              </LinkButton>
            ) : undefined
          }
        />
      ) : null}

      {view.state === 'legacy' ? (
        <div className="doc-preview__legacy" data-testid="doc-legacy">
          <Alert
            type={view.text ? 'info' : 'warning'}
            showIcon
            message={t('legacy.title')}
            description={t(view.text ? 'legacy.body' : 'legacy.noText', { name: view.name })}
            action={view.text ? <CopyButton text={view.text} label={t('legacy.copy')} /> : undefined}
          />
          {view.text ? (
            <pre className="doc-preview__legacy-text" aria-label={t('legacy.textLabel')} tabIndex={0}>
              {view.text}
            </pre>
          ) : null}
        </div>
      ) : null}

      {hasPages ? (
        <Suspense fallback={null}>
          <DocToolbar
            outlineOpen={outlineOpen}
            setOutlineOpen={setOutlineOpen}
            zoom={zoom}
            setZoom={setZoom}
            stepZoom={stepZoom}
            find={find}
            rendering={rendering}
            progress={{ done: view.done, total: view.total }}
            pageCount={pageCount}
            onPrint={() => print(view.name)}
          />
        </Suspense>
      ) : null}

      <div className={`doc-preview__layout${hasPages && outlineOpen ? ' doc-preview__layout--outline' : ''}`} hidden={!hasPages}>
        {outlineOpen ? (
          <nav className="doc-preview__outline" aria-label={t('outline.title')} data-testid="doc-outline">
            <Text strong>{t('outline.title')}</Text>
            {outline.length ? (
              <ol>
                {outline.map((entry, index) => (
                  <li key={index} style={{ paddingInlineStart: (entry.level - 1) * 12 }}>
                    <button type="button" onClick={() => scrollToElement(entry.element)}>
                      {entry.text}
                    </button>
                  </li>
                ))}
              </ol>
            ) : (
              <Paragraph type="secondary">{t('outline.empty')}</Paragraph>
            )}
          </nav>
        ) : null}
        <div
          ref={viewerRef}
          className="doc-preview__viewer"
          role="document"
          aria-label={hasPages ? t('documentLabel', { name: view.name }) : undefined}
          data-testid="doc-viewer"
        >
          <div ref={stylesRef} hidden />
          <div
            ref={bodyRef}
            className="doc-preview__pages"
            style={{ zoom: effectiveZoom }}
            data-testid="doc-pages"
            data-state={rendering ? 'rendering' : hasPages ? 'done' : undefined}
          />
        </div>
      </div>
    </div>
  );
}
