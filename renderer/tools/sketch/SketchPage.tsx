import { Suspense, startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentOpenArea } from '@/components/DocumentOpenArea';
import { downloadBlob } from '@/components/download';
import { toast } from '@/lib/notify';
import { otherTool } from '@/lib/open-with';
import { useDocumentOpen } from '@/lib/use-document-open';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { WorkerCrashed, closeSketchWorker, sketchWorker } from './sketch-client';
import { approximatedLayers } from './sketch-approx';
import type { OpenSketch } from './SketchWorkspace';
import './sketch.css';

// The workspace (artboard list, layer tree, library, panels) shows once a file is open: it loads
// while the worker reads the file, not before the page (antd's Tree, List, Collapse: ~40 KB gz).
const SketchWorkspace = lazyWithAntd(() => import('./SketchWorkspace'));

const baseName = (name: string) => name.replace(/\.sketch$/i, '') || 'sketch';
const fileSafe = (name: string) => name.replace(/[\u0000-\u001f/\\:*?"<>|]/g, '_').trim() || 'artboard'; // eslint-disable-line no-control-regex

/** Draws the SVG on a canvas at `scale` and encodes a PNG: the browser's SVG renderer, so the PNG looks like the preview. */
async function svgToPng(svg: string, width: number, height: number, scale: number): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** /sketch: a .sketch file's pages, artboards drawn from its JSON, layer tree, PNG/SVG export, symbols and styles. */
export default function SketchPage() {
  const { t, i18n } = useTranslation('sketch');
  const [pageId, setPageId] = useState<string>();
  const [boardId, setBoardId] = useState<string>();
  const [svg, setSvg] = useState<{ id: string; markup: string }>();
  const [zoomOf, setZoomOf] = useState({ id: '', value: 1 });

  useEffect(() => () => closeSketchWorker(), []);

  const { state, open } = useDocumentOpen({
    // The desktop app hands over a .sketch the system opened with it (file association).
    route: '/sketch',
    reset: () => {
      closeSketchWorker();
      setSvg(undefined);
    },
    read: (file) => {
      void SketchWorkspace.preload().catch(() => undefined);
      return sketchWorker().open(file);
    },
    accept: (summary, file): OpenSketch => {
      const first = summary.pages.find((page) => page.artboards.length > 0) ?? summary.pages[0];
      setPageId(first?.id);
      setBoardId(first?.artboards[0]?.id);
      return { name: file.name, summary };
    },
    failure: (name, outcome) => {
      if (outcome.error === 'empty') return t('errors.empty', { name });
      if (outcome.error === 'damaged') return t('errors.damaged', { name });
      if (outcome.error === 'notSketch') {
        const other = otherTool(outcome.detail ?? 'unknown', 'sketch', i18n);
        return other ? t('errors.notSketchKnown', { name, ...other }) : t('errors.notSketch', { name });
      }
      return t('errors.unknown', { name, detail: outcome.detail ?? '' });
    },
    thrown: (name, error) =>
      error instanceof WorkerCrashed ? t('errors.crashed', { name }) : t('errors.unknown', { name, detail: String(error) }),
  });

  const opened = state.status === 'open' ? state.doc : undefined;
  const summary = opened?.summary;
  const page = summary?.pages.find((candidate) => candidate.id === pageId);
  const board = page?.artboards.find((candidate) => candidate.id === boardId);

  useEffect(() => {
    if (!board) return undefined;
    let live = true;
    void sketchWorker()
      .svg(board.id)
      .then((outcome) => {
        if (!live) return;
        if (outcome.ok) startTransition(() => setSvg({ id: board.id, markup: outcome.value }));
        else toast.error(t('errors.draw', { detail: outcome.detail ?? outcome.error }));
      })
      .catch((error: unknown) => live && toast.error(t('errors.draw', { detail: String(error) })));
    return () => {
      live = false;
    };
  }, [board, t]);

  // Layers the drawing can only approximate are named under it (sketch-svg.ts marks them).
  const shownId = board?.id;
  const approximated = useMemo(() => (svg && svg.id === shownId ? approximatedLayers(svg.markup) : []), [svg, shownId]);

  // Each artboard opens fitted to the width.
  const zoom = board && zoomOf.id === board.id ? zoomOf.value : 1;
  const setZoom = (next: (value: number) => number) => board && setZoomOf({ id: board.id, value: next(zoom) });

  const exportAs = async (kind: 'png' | 'svg') => {
    if (!board || !svg || svg.id !== board.id || !opened) return;
    const name = `${baseName(opened.name)}-${fileSafe(board.name)}`;
    try {
      if (kind === 'svg') downloadBlob(new Blob([svg.markup], { type: 'image/svg+xml' }), `${name}.svg`);
      else downloadBlob(await svgToPng(svg.markup, board.width, board.height, 2), `${name}@2x.png`);
    } catch (error) {
      toast.error(t('errors.export', { detail: error instanceof Error ? error.message : String(error) }));
    }
  };

  return (
    <div className="sketch-page">
      <DocumentOpenArea
        state={state}
        onFile={(file) => void open(file)}
        title={t('dropTitle')}
        reopenTitle={t('openAnother')}
        hint={t('dropHint')}
        openingText={(name) => t('opening', { name })}
        testIdPrefix="sketch"
      />
      {summary && opened ? (
        <Suspense fallback={null}>
          <SketchWorkspace
            opened={opened}
            page={page}
            board={board}
            pageId={pageId}
            boardId={boardId}
            setPageId={setPageId}
            setBoardId={setBoardId}
            svg={svg}
            zoom={zoom}
            setZoom={setZoom}
            approximated={approximated}
            exportAs={(kind) => void exportAs(kind)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
