import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import FileZipOutlined from '@ant-design/icons-svg/es/asn/FileZipOutlined';
import FullscreenOutlined from '@ant-design/icons-svg/es/asn/FullscreenOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '@/components/download';
import { FileDropZone } from '@/components/FileDropZone';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Icon } from '@/components/Icon';
import { LinkButton } from '@/components/LinkButton';
import { Spin } from '@/components/Spin';
import { Text } from '@/components/Text';
import { platform } from '@/platform';
import { toast } from '@/lib/notify';
import { pngName, slideToPng, zipPngs } from './export-png';
import { pptxWorker } from './pptx-client';
import type { Presentation, PptxErrorCode } from './pptx-model';
import { SlideCanvas, SlideView } from './SlideView';
import type { ImageUrls } from './SlideView';
import { Thumbnails } from './Thumbnails';
import { useWidth } from './use-width';
import './ppt-preview.css';

type Failure = { code: PptxErrorCode | 'noSlides' | 'unknown'; name: string; reason?: string };

const TOOL_PATHS: Partial<Record<Failure['code'], { path: string; tool: 'excel' | 'word' | 'psd' | 'sketch' }>> = {
  excel: { path: '/excel', tool: 'excel' },
  word: { path: '/doc/preview', tool: 'word' },
  psd: { path: '/psd', tool: 'psd' },
  sketch: { path: '/sketch', tool: 'sketch' },
};

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** /ppt/preview: a .pptx parsed in a worker, drawn as positioned DOM, browsed, presented and exported as PNG. */
export default function PptPreviewPage() {
  const { t, i18n } = useTranslation('ppt-preview');
  const [deck, setDeck] = useState<{ presentation: Presentation; urls: ImageUrls; name: string; id: number }>();
  const [loading, setLoading] = useState<string>();
  const [failure, setFailure] = useState<Failure>();
  const [current, setCurrent] = useState(0);
  const [presenting, setPresenting] = useState(false);
  const [exporting, setExporting] = useState<{ done: number; total: number }>();
  const [exportIndex, setExportIndex] = useState<number>();
  const presenter = useRef<HTMLDivElement>(null);
  const exportHost = useRef<HTMLDivElement>(null);
  const [stage, stageWidth] = useWidth<HTMLDivElement>();
  const opening = useRef(0);

  useEffect(() => () => Object.values(deck?.urls ?? {}).forEach((url) => URL.revokeObjectURL(url)), [deck]);

  const open = useCallback(async (file: File) => {
    const ticket = ++opening.current;
    setLoading(file.name);
    setFailure(undefined);
    try {
      const outcome = await pptxWorker().open(file, file.name);
      if (ticket !== opening.current) return;
      if (!outcome.ok) {
        setFailure({ code: outcome.error, name: file.name, reason: outcome.message });
        return;
      }
      if (outcome.value.slides.length === 0) {
        setFailure({ code: 'noSlides', name: file.name });
        return;
      }
      const urls: ImageUrls = {};
      for (const [path, image] of Object.entries(outcome.value.images))
        urls[path] = URL.createObjectURL(new Blob([image.bytes], { type: image.mime }));
      // A transition renders in slices that yield to the browser: a big deck's first render is no long task.
      startTransition(() => {
        setDeck({ presentation: outcome.value, urls, name: file.name, id: ticket });
        setCurrent(0);
      });
    } catch (error) {
      if (ticket === opening.current)
        setFailure({ code: 'unknown', name: file.name, reason: error instanceof Error ? error.message : String(error) });
    } finally {
      if (ticket === opening.current) setLoading(undefined);
    }
  }, []);

  // The desktop app hands over a .pptx the system opened with it (file association); the website never does.
  useEffect(() => platform.openedFiles.subscribe('/ppt/preview', (files) => void open(files[0]!)), [open]);

  const total = deck?.presentation.slides.length ?? 0;
  const go = useCallback((index: number) => setCurrent(Math.min(Math.max(index, 0), Math.max(total - 1, 0))), [total]);

  const stopPresenting = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    setPresenting(false);
  }, []);

  useEffect(() => {
    if (!deck) return;
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      const moves: Record<string, () => void> = {
        ArrowLeft: () => go(current - 1),
        PageUp: () => go(current - 1),
        ArrowRight: () => go(current + 1),
        PageDown: () => go(current + 1),
        Home: () => go(0),
        End: () => go(total - 1),
      };
      if (presenting) {
        moves.ArrowUp = moves.ArrowLeft!;
        moves.ArrowDown = moves.ArrowRight!;
        moves[' '] = moves.ArrowRight!;
        moves.Enter = moves.ArrowRight!;
        // Browsers end full screen on Esc themselves; the overlay without it (API refused) needs this, and it is harmless with it.
        moves.Escape = stopPresenting;
      }
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      move();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [deck, current, total, go, presenting, stopPresenting]);

  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setPresenting(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(() => {
    if (!presenting || document.fullscreenElement) return;
    presenter.current?.requestFullscreen?.().catch(() => undefined);
  }, [presenting]);

  const renderForExport = async (index: number): Promise<Blob> => {
    flushSync(() => setExportIndex(index));
    const node = exportHost.current?.firstElementChild;
    if (!(node instanceof HTMLElement) || !deck) throw new Error('render');
    // Let the images of the slide decode before the canvas copies them.
    await Promise.all([...node.querySelectorAll('img')].map((img) => img.decode().catch(() => undefined)));
    return slideToPng(node, deck.presentation.width, deck.presentation.height);
  };

  const exportSlides = async (indices: number[]) => {
    if (!deck || exporting) return;
    setExporting({ done: 0, total: indices.length });
    try {
      const files: { name: string; blob: Blob }[] = [];
      for (const index of indices) {
        files.push({ name: pngName(deck.name, index + 1, total), blob: await renderForExport(index) });
        setExporting({ done: files.length, total: indices.length });
        // One slide per task: the page stays responsive between slides.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      if (files.length === 1) downloadBlob(files[0]!.blob, files[0]!.name);
      else downloadBlob(await zipPngs(files), `${deck.name.replace(/\.[^.]+$/, '') || 'slides'}-png.zip`);
    } catch (error) {
      toast.error(t('exportFailed', { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setExportIndex(undefined);
      setExporting(undefined);
    }
  };

  const slide = deck?.presentation.slides[current];
  const toolLink = failure ? TOOL_PATHS[failure.code] : undefined;
  const languagePrefix = i18n.language === 'en' ? '/en' : '';

  return (
    <div className="ppt-page">
      <FileDropZone
        multiple={false}
        compact={Boolean(deck)}
        onFiles={(files) => void open(files[0]!)}
        title={t('dropTitle')}
        hint={t('dropHint')}
        busy={Boolean(loading)}
        icon={loading ? <Spin /> : undefined}
      />
      {loading && (
        <Text type="secondary" data-testid="ppt-loading">
          {t('opening', { name: loading })}
        </Text>
      )}
      {failure && (
        <Alert
          type="error"
          showIcon
          data-testid="ppt-error"
          message={t(`errors.${failure.code}`, { name: failure.name, reason: failure.reason ?? '' })}
          action={
            toolLink ? (
              <LinkButton size="small" to={`${languagePrefix}${toolLink.path}`}>
                {t('openTool', { tool: t(`tools.${toolLink.tool}`) })}
              </LinkButton>
            ) : undefined
          }
        />
      )}
      {deck && slide && (
        <>
          <div className="ppt-toolbar">
            <Text className="ppt-toolbar-name" title={deck.name} data-testid="ppt-name">
              {deck.name}
            </Text>
            <div className="bb-button-compact">
              <Button
                icon={<Icon icon={LeftOutlined} />}
                aria-label={t('prev')}
                onClick={() => go(current - 1)}
                disabled={current === 0}
                data-testid="ppt-prev"
              />
              <Button data-testid="ppt-position" tabIndex={-1} style={{ pointerEvents: 'none' }}>
                {t('position', { current: current + 1, total })}
              </Button>
              <Button
                icon={<Icon icon={RightOutlined} />}
                aria-label={t('next')}
                onClick={() => go(current + 1)}
                disabled={current === total - 1}
                data-testid="ppt-next"
              />
            </div>
            <Button icon={<Icon icon={FullscreenOutlined} />} onClick={() => setPresenting(true)} data-testid="ppt-present">
              {t('present')}
            </Button>
            <Button
              icon={<Icon icon={DownloadOutlined} />}
              onClick={() => void exportSlides([current])}
              disabled={Boolean(exporting)}
              data-testid="ppt-export-current"
            >
              {t('exportCurrent')}
            </Button>
            <Button
              icon={<Icon icon={FileZipOutlined} />}
              onClick={() => void exportSlides(deck.presentation.slides.map((_, i) => i))}
              disabled={Boolean(exporting)}
              data-testid="ppt-export-all"
            >
              {t('exportAll')}
            </Button>
            {exporting && <Text type="secondary">{t('exporting', exporting)}</Text>}
          </div>
          <div className="ppt-body">
            <Thumbnails key={deck.id} presentation={deck.presentation} urls={deck.urls} current={current} width={128} onSelect={go} />
            <div className="ppt-main">
              <div ref={stage}>
                <section
                  className="ppt-stage"
                  aria-label={t('slideRegion', { number: slide.number })}
                  style={{ width: stageWidth || undefined }}
                >
                  {stageWidth > 0 && (
                    <SlideView presentation={deck.presentation} slide={slide} urls={deck.urls} width={stageWidth} data-testid="ppt-slide" />
                  )}
                </section>
              </div>
              <Text type="secondary" className="ppt-keys">
                {t('keysHint')}
              </Text>
              <section className="ppt-notes-box" aria-labelledby="ppt-notes-title">
                <h2 id="ppt-notes-title" className="ppt-notes-title">
                  {t('notes')}
                </h2>
                <p className="ppt-notes" data-testid="ppt-notes">
                  {slide.notes || <Text type="secondary">{t('noNotes')}</Text>}
                </p>
              </section>
            </div>
          </div>
          {presenting && (
            <div ref={presenter} className="ppt-presenter" data-testid="ppt-presenter" onClick={() => go(current + 1)}>
              <SlideView presentation={deck.presentation} slide={slide} urls={deck.urls} width={fitWidth(deck.presentation)} />
              <span className="ppt-presenter-hint">
                {t('position', { current: current + 1, total })} · {t('presentHint')}
              </span>
              <button
                type="button"
                className="ppt-presenter-close"
                onClick={(event) => {
                  // Not a click on the slide, which moves on.
                  event.stopPropagation();
                  stopPresenting();
                }}
                aria-label={t('stopPresenting')}
                title={t('stopPresenting')}
              >
                ✕
              </button>
            </div>
          )}
          <div className="ppt-export-host" ref={exportHost} aria-hidden="true">
            {exportIndex !== undefined && deck.presentation.slides[exportIndex] && (
              <SlideCanvas
                presentation={deck.presentation}
                slide={deck.presentation.slides[exportIndex]!}
                urls={deck.urls}
                style={{ position: 'relative' }}
              />
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** The largest width at which the slide fits the screen. */
function fitWidth(presentation: Presentation): number {
  const width = window.innerWidth;
  const height = window.innerHeight;
  return Math.floor(Math.min(width, (height * presentation.width) / presentation.height));
}
