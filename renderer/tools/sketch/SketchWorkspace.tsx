import { DownloadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Empty, List, Segmented, Space, Spin, Tag, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { memo, startTransition, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/components/Panel';
import { Paragraph, Text } from '@/components/Text';
import type { approximatedLayers } from './sketch-approx';
import type { ArtboardView, PageView, SketchLayerView, SketchSummary } from './sketch-model';

export interface OpenSketch {
  name: string;
  summary: SketchSummary;
}

interface WorkspaceProps {
  opened: OpenSketch;
  page: PageView | undefined;
  board: ArtboardView | undefined;
  pageId: string | undefined;
  boardId: string | undefined;
  setPageId: (id: string | undefined) => void;
  setBoardId: (id: string | undefined) => void;
  /** The drawn artboard, once the worker has drawn it. */
  svg: { id: string; markup: string } | undefined;
  zoom: number;
  setZoom: (next: (value: number) => number) => void;
  approximated: ReturnType<typeof approximatedLayers>;
  exportAs: (kind: 'png' | 'svg') => void;
}

/** An open file: its pages, the artboard list, the drawn artboard with its tools, its layers and the library. */
export default function SketchWorkspace({
  opened,
  page,
  board,
  pageId,
  boardId,
  setPageId,
  setBoardId,
  svg,
  zoom,
  setZoom,
  approximated,
  exportAs,
}: WorkspaceProps) {
  const { t } = useTranslation('sketch');
  const { summary } = opened;
  return (
    <>
      <Space wrap>
        <Text strong>{opened.name}</Text>
        {summary.app ? <Text type="secondary">{t('savedBy', { app: summary.app })}</Text> : null}
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
        <Panel className="sketch-workspace__boards" title={t('artboards', { count: page?.artboards.length ?? 0 })}>
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
        </Panel>
        <Panel className="sketch-workspace__preview" title={board?.name ?? t('preview')}>
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
                onClick={() => exportAs('png')}
                data-testid="sketch-export-png"
              >
                {t('exportPng')}
              </Button>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                disabled={svg?.id !== board.id}
                onClick={() => exportAs('svg')}
                data-testid="sketch-export-svg"
              >
                {t('exportSvg')}
              </Button>
            </Space>
          ) : null}
          {board && svg?.id === board.id ? (
            <div className="sketch-preview" aria-label={t('preview')} data-testid="sketch-preview">
              {/* The markup is ours: sketch-svg.ts writes it and escapes everything it takes from the file. */}
              <div className="sketch-preview__svg" style={{ width: `${zoom * 100}%` }} dangerouslySetInnerHTML={{ __html: svg.markup }} />
            </div>
          ) : board ? (
            <Spin tip={t('drawing')}>
              <div style={{ minHeight: 120 }} />
            </Spin>
          ) : null}
          <Paragraph type="secondary" className="sketch-note">
            {t('notDrawn')}
          </Paragraph>
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
                      <Text strong>{layer.name || t('kinds.shapeGroup')}</Text>
                      {t('listSeparator')}
                      {layer.reasons.map((reason) => t(`approximations.${reason}`)).join(t('reasonSeparator'))}
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
        </Panel>
        <Panel className="sketch-workspace__layers" title={t('layers')}>
          {board ? <LayerTree layers={board.layers} /> : null}
        </Panel>
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
  );
}

function Names({ names }: { names: readonly string[] }) {
  const { t } = useTranslation('sketch');
  if (names.length === 0) return <Text type="secondary">{t('none')}</Text>;
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
          <Text type="secondary" className="sketch-layer__kind">
            {kinds[node.layer.kind] ?? node.layer.kind}
            {node.layer.visible ? '' : ` ${t('hidden')}`}
          </Text>
        </span>
      )}
      data-testid="sketch-layers"
    />
  );
});
