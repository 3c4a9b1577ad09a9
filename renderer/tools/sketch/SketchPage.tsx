import { DownloadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Collapse, Empty, List, Segmented, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentOpenArea } from '@/components/DocumentOpenArea';
import { downloadBlob } from '@/components/download';
import { toast } from '@/lib/notify';
import { otherTool } from '@/lib/open-with';
import { useDocumentOpen } from '@/lib/use-document-open';
import { WorkerCrashed, closeSketchWorker, sketchWorker } from './sketch-client';
import type { ArtboardView, SketchLayerView, SketchSummary } from './sketch-model';
import { approximatedLayers } from './sketch-approx';
import './sketch.css';

interface OpenSketch {
  name: string;
  summary: SketchSummary;
}

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
    read: (file) => sketchWorker().open(file),
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
        <>
          <Space wrap>
            <Typography.Text strong>{opened.name}</Typography.Text>
            {summary.app ? <Typography.Text type="secondary">{t('savedBy', { app: summary.app })}</Typography.Text> : null}
          </Space>
          <div className="sketch-pages" role="group" aria-label={t('pages')}>
            <Segmented
              value={pageId}
              onChange={(value) => {
                const next = summary.pages.find((candidate) => candidate.id === value);
                startTransition(() => {
                  setPageId(next?.id);
                  setBoardId(next?.artboards[0]?.id);
                });
              }}
              options={summary.pages.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              data-testid="sketch-pages"
            />
          </div>
          <div className="sketch-workspace">
            <Card size="small" className="sketch-workspace__boards" title={t('artboards', { count: page?.artboards.length ?? 0 })}>
              {page && page.artboards.length > 0 ? (
                <List
                  size="small"
                  dataSource={page.artboards}
                  renderItem={(candidate: ArtboardView) => (
                    <List.Item
                      className={`sketch-board${candidate.id === boardId ? ' sketch-board--current' : ''}`}
                      onClick={() => startTransition(() => setBoardId(candidate.id))}
                      data-testid="sketch-artboard"
                    >
                      <button
                        type="button"
                        className="sketch-board__button"
                        aria-current={candidate.id === boardId}
                        onClick={() => startTransition(() => setBoardId(candidate.id))}
                      >
                        <span className="sketch-board__name" data-testid="sketch-artboard-name">
                          {candidate.name}
                        </span>
                        <span className="sketch-board__meta">
                          {candidate.symbol ? <Tag color="purple">{t('symbolTag')}</Tag> : null}
                          {Math.round(candidate.width)} × {Math.round(candidate.height)}
                        </span>
                      </button>
                    </List.Item>
                  )}
                />
              ) : (
                <Empty description={t('noArtboards')} />
              )}
            </Card>
            <Card size="small" className="sketch-workspace__preview" title={board?.name ?? t('preview')}>
              {board ? (
                <Space size={4} wrap className="sketch-toolbar">
                  <Button
                    size="small"
                    icon={<ZoomOutOutlined />}
                    aria-label={t('zoomOut')}
                    onClick={() => setZoom((value) => Math.max(0.1, value / 1.25))}
                  />
                  <Button size="small" onClick={() => setZoom(() => 1)}>
                    {t('fit')}
                  </Button>
                  <Button
                    size="small"
                    icon={<ZoomInOutlined />}
                    aria-label={t('zoomIn')}
                    onClick={() => setZoom((value) => Math.min(16, value * 1.25))}
                  />
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    disabled={svg?.id !== board.id}
                    onClick={() => void exportAs('png')}
                    data-testid="sketch-export-png"
                  >
                    {t('exportPng')}
                  </Button>
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    disabled={svg?.id !== board.id}
                    onClick={() => void exportAs('svg')}
                    data-testid="sketch-export-svg"
                  >
                    {t('exportSvg')}
                  </Button>
                </Space>
              ) : null}
              {board && svg?.id === board.id ? (
                <div className="sketch-preview" aria-label={t('preview')} data-testid="sketch-preview">
                  {/* The markup is ours: sketch-svg.ts writes it and escapes everything it takes from the file. */}
                  <div
                    className="sketch-preview__svg"
                    style={{ width: `${zoom * 100}%` }}
                    dangerouslySetInnerHTML={{ __html: svg.markup }}
                  />
                </div>
              ) : board ? (
                <Spin tip={t('drawing')}>
                  <div style={{ minHeight: 120 }} />
                </Spin>
              ) : null}
              <Typography.Paragraph type="secondary" className="sketch-note">
                {t('notDrawn')}
              </Typography.Paragraph>
              {approximated.length ? (
                <Alert
                  type="info"
                  showIcon
                  className="sketch-note"
                  data-testid="sketch-approximated"
                  message={t('approximated')}
                  description={
                    <ul className="sketch-approximated">
                      {approximated.map((layer, index) => (
                        <li key={index}>
                          <Typography.Text strong>{layer.name || t('kinds.shapeGroup')}</Typography.Text>
                          {t('listSeparator')}
                          {layer.reasons.map((reason) => t(`approximations.${reason}`)).join(t('reasonSeparator'))}
                        </li>
                      ))}
                    </ul>
                  }
                />
              ) : null}
            </Card>
            <Card size="small" className="sketch-workspace__layers" title={t('layers')}>
              {board ? <LayerTree layers={board.layers} /> : null}
            </Card>
          </div>
          <Collapse
            size="small"
            items={[
              { key: 'symbols', label: t('symbols', { count: summary.symbols.length }), children: <Names names={summary.symbols} /> },
              {
                key: 'layerStyles',
                label: t('layerStyles', { count: summary.layerStyles.length }),
                children: <Names names={summary.layerStyles} />,
              },
              {
                key: 'textStyles',
                label: t('textStyles', { count: summary.textStyles.length }),
                children: <Names names={summary.textStyles} />,
              },
            ]}
            data-testid="sketch-library"
          />
        </>
      ) : null}
    </div>
  );
}

function Names({ names }: { names: readonly string[] }) {
  const { t } = useTranslation('sketch');
  if (names.length === 0) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return (
    <ul className="sketch-names">
      {names.map((name, index) => (
        <li key={`${index}-${name}`}>{name}</li>
      ))}
    </ul>
  );
}

type Node = TreeDataNode & { layer: SketchLayerView };

const toNodes = (layers: readonly SketchLayerView[], prefix: string): Node[] =>
  [...layers].reverse().map((layer, index) => {
    const key = `${prefix}${index}`;
    return { key, layer, ...(layer.children ? { children: toNodes(layer.children, `${key}-`) } : { isLeaf: true }) };
  });

/** Memoised: a drawn artboard arriving must not re-render a long layer list in the same task. */
const LayerTree = memo(function LayerTree({ layers }: { layers: readonly SketchLayerView[] }) {
  const { t } = useTranslation('sketch');
  const treeData = useMemo(() => toNodes(layers, ''), [layers]);
  const kinds = t('kinds', { returnObjects: true });
  return (
    <Tree<Node>
      className="sketch-tree"
      treeData={treeData}
      selectable={false}
      blockNode
      height={480}
      titleRender={(node) => (
        <span className={`sketch-layer${node.layer.visible ? '' : ' sketch-layer--hidden'}`}>
          <span className="sketch-layer__name" data-testid="sketch-layer-name">
            {node.layer.name}
          </span>{' '}
          <Typography.Text type="secondary" className="sketch-layer__kind">
            {kinds[node.layer.kind] ?? node.layer.kind}
            {node.layer.visible ? '' : ` ${t('hidden')}`}
          </Typography.Text>
        </span>
      )}
      data-testid="sketch-layers"
    />
  );
});
