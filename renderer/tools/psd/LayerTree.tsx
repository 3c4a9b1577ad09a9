import {
  EyeInvisibleOutlined,
  EyeOutlined,
  FolderOutlined,
  FontSizeOutlined,
  PictureOutlined,
  SlidersOutlined,
  BgColorsOutlined,
  BlockOutlined,
} from '@ant-design/icons';
import { Button, Tag, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayerKind, LayerView } from './psd-model';

const KIND_ICONS: Record<LayerKind, ReactNode> = {
  group: <FolderOutlined />,
  pixel: <PictureOutlined />,
  text: <FontSizeOutlined />,
  adjustment: <SlidersOutlined />,
  fill: <BgColorsOutlined />,
  smartObject: <BlockOutlined />,
};

interface LayerTreeProps {
  layers: readonly LayerView[];
  visibility: Readonly<Record<number, boolean>>;
  selected: number | undefined;
  onSelect: (id: number) => void;
  onToggle: (id: number, visible: boolean) => void;
}

type Node = TreeDataNode & { layer: LayerView };

const toNodes = (layers: readonly LayerView[]): Node[] =>
  layers.map((layer) => ({ key: layer.id, layer, ...(layer.children ? { children: toNodes(layer.children) } : { isLeaf: true }) }));

/** From this many rows the tree renders only what is in view (long documents stay quick to open). */
const VIRTUAL_FROM = 150;

const countLayers = (layers: readonly LayerView[]): number =>
  layers.reduce((sum, layer) => sum + 1 + (layer.children ? countLayers(layer.children) : 0), 0);

function groupKeys(layers: readonly LayerView[]): number[] {
  return layers.flatMap((layer) => (layer.children ? [layer.id, ...groupKeys(layer.children)] : []));
}

/** Photoshop's layer panel: top layer first, groups open, an eye per layer, opacity and blend mode beside the name. */
export function LayerTree({ layers, visibility, selected, onSelect, onToggle }: LayerTreeProps) {
  const { t } = useTranslation('psd');
  const treeData = useMemo(() => toNodes(layers), [layers]);
  const expanded = useMemo(() => groupKeys(layers), [layers]);
  const blendNames = t('blendModes', { returnObjects: true });

  const title = (node: Node) => {
    const layer = node.layer;
    const visible = visibility[layer.id] ?? layer.visible;
    const name = layer.name || t('layers.untitled');
    const details = [
      layer.opacity < 100 ? t('layers.opacity', { value: layer.opacity }) : null,
      layer.blendMode !== 'normal' && layer.blendMode !== 'pass through' ? (blendNames[layer.blendMode] ?? layer.blendMode) : null,
    ].filter(Boolean);
    return (
      <span className={`psd-layer${visible ? '' : ' psd-layer--hidden'}`} data-testid="psd-layer" data-layer-id={layer.id}>
        <Button
          type="text"
          size="small"
          className="psd-layer__eye"
          icon={visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          aria-pressed={visible}
          aria-label={t(visible ? 'layers.hide' : 'layers.show', { name })}
          data-testid="psd-layer-eye"
          onClick={(event) => {
            event.stopPropagation();
            onToggle(layer.id, !visible);
          }}
        />
        <span className="psd-layer__icon" aria-hidden>
          {KIND_ICONS[layer.kind]}
        </span>
        {layer.clipping ? (
          <span className="psd-layer__clip" title={t('layers.clipped')}>
            ↳
          </span>
        ) : null}
        <span className="psd-layer__name" data-testid="psd-layer-name">
          {name}
        </span>
        {details.length > 0 ? <span className="psd-layer__meta">{details.join(' · ')}</span> : null}
        {layer.notRendered.length > 0 ? (
          <Tag color="warning" className="psd-layer__tag">
            !
          </Tag>
        ) : null}
      </span>
    );
  };

  return (
    <Tree<Node>
      className="psd-tree"
      treeData={treeData}
      defaultExpandedKeys={expanded}
      selectedKeys={selected === undefined ? [] : [selected]}
      onSelect={(_keys, info) => onSelect(info.node.layer.id)}
      titleRender={title}
      blockNode
      {...(countLayers(layers) > VIRTUAL_FROM ? { height: 560 } : { virtual: false })}
      data-testid="psd-layers"
    />
  );
}
