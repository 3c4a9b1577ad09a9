import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Empty, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/components/Panel';
import { Text } from '@/components/Text';
import { LayerDetails } from './LayerDetails';
import { LayerTree } from './LayerTree';
import type { LayerView, NotRendered, PsdInfo } from './psd-model';
import { useFeatureLabel } from './use-feature-label';
import { ZoomView } from './ZoomView';

export interface OpenDocument {
  name: string;
  info: PsdInfo;
  layers: LayerView[];
  notRendered: NotRendered[];
}

function findLayer(layers: readonly LayerView[], id: number): LayerView | undefined {
  for (const layer of layers) {
    if (layer.id === id) return layer;
    const inner = layer.children && findLayer(layer.children, id);
    if (inner) return inner;
  }
  return undefined;
}

interface WorkspaceProps {
  doc: OpenDocument;
  bitmap: ImageBitmap | undefined;
  rendering: boolean;
  visibility: Record<number, boolean>;
  selected: number | undefined;
  onSelect: (id: number) => void;
  onToggle: (id: number, visible: boolean) => void;
  exporting: boolean;
  onExportAll: () => void;
  onExportOne: (layer: LayerView) => void;
}

/** An open document: its facts, what is not drawn, the preview, the layer tree and the selected layer's details. */
export default function PsdWorkspace({
  doc,
  bitmap,
  rendering,
  visibility,
  selected,
  onSelect,
  onToggle,
  exporting,
  onExportAll,
  onExportOne,
}: WorkspaceProps) {
  const { t } = useTranslation('psd');
  const selectedLayer = selected !== undefined ? findLayer(doc.layers, selected) : undefined;
  return (
    <>
      <DocumentFacts doc={doc} />
      {doc.notRendered.length > 0 ? <NotRenderedNotice features={doc.notRendered} /> : null}
      <div className="psd-workspace">
        <Panel className="psd-workspace__preview">{bitmap ? <ZoomView bitmap={bitmap} busy={rendering} /> : null}</Panel>
        <Panel
          className="psd-workspace__layers"
          title={t('layers.title')}
          extra={
            <Button
              size="small"
              icon={<DownloadOutlined />}
              loading={exporting}
              disabled={doc.layers.length === 0}
              onClick={onExportAll}
              data-testid="psd-export-all"
            >
              {t('layers.exportAll')}
            </Button>
          }
        >
          {doc.layers.length === 0 ? (
            <Empty description={t('layers.empty')} />
          ) : (
            <LayerTree layers={doc.layers} visibility={visibility} selected={selected} onSelect={onSelect} onToggle={onToggle} />
          )}
        </Panel>
        <Panel className="psd-workspace__details" title={t('details.title')}>
          {selectedLayer ? (
            <LayerDetails layer={selectedLayer} exporting={exporting} onExport={() => onExportOne(selectedLayer)} />
          ) : (
            <Text type="secondary">{t('details.none')}</Text>
          )}
        </Panel>
      </div>
    </>
  );
}

function DocumentFacts({ doc }: { doc: OpenDocument }) {
  const { t } = useTranslation('psd');
  const { info } = doc;
  const modes = t('colorModes', { returnObjects: true });
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      title={doc.name}
      className="psd-facts"
      data-testid="psd-info"
      items={[
        { key: 'size', label: t('info.size'), children: t('info.sizeValue', { width: info.width, height: info.height }) },
        { key: 'mode', label: t('info.colorMode'), children: modes[info.colorMode] ?? info.colorMode },
        { key: 'depth', label: t('info.bitDepth'), children: t('info.bitDepthValue', { bits: info.bitDepth }) },
        ...(info.resolution
          ? [{ key: 'ppi', label: t('info.resolution'), children: t('info.resolutionValue', { ppi: info.resolution }) }]
          : []),
        { key: 'layers', label: t('info.layers'), children: <span data-testid="psd-layer-count">{info.layerCount}</span> },
        { key: 'composite', label: t('info.composite'), children: info.hasComposite ? t('info.compositeFile') : t('info.compositeLayers') },
      ]}
    />
  );
}

function NotRenderedNotice({ features }: { features: readonly NotRendered[] }) {
  const { t } = useTranslation('psd');
  const label = useFeatureLabel();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="psd-not-rendered"
      message={t('notice.title')}
      description={
        <Space size={[8, 4]} wrap>
          {features.map((feature) => (
            <Text key={feature}>{label(feature)}</Text>
          ))}
        </Space>
      }
    />
  );
}
