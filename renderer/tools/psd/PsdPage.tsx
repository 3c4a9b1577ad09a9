import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Empty, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentOpenArea } from '@/components/DocumentOpenArea';
import { downloadBlob } from '@/components/download';
import { zipImages } from '@/components/image/zip';
import { toast } from '@/lib/notify';
import { otherTool } from '@/lib/open-with';
import { useDocumentOpen } from '@/lib/use-document-open';
import { LayerDetails } from './LayerDetails';
import { LayerTree } from './LayerTree';
import { WorkerCrashed, closePsdWorker, psdWorker } from './psd-client';
import { safeFileName } from './psd-model';
import type { LayerView, NotRendered, PsdInfo } from './psd-model';
import { useFeatureLabel } from './use-feature-label';
import { ZoomView } from './ZoomView';
import './psd.css';

interface OpenDocument {
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

const baseName = (name: string) => name.replace(/\.ps[db]$/i, '') || 'psd';

/** /psd: a PSD or PSB opened on the device — composite preview, layer tree, re-composite, PNG and ZIP export. */
export default function PsdPage() {
  const { t, i18n } = useTranslation('psd');
  const [bitmap, setBitmap] = useState<ImageBitmap>();
  const [visibility, setVisibility] = useState<Record<number, boolean>>({});
  const [selected, setSelected] = useState<number>();
  const [rendering, setRendering] = useState(false);
  const [exporting, setExporting] = useState(false);
  const renderSeq = useRef(0);

  useEffect(() => () => closePsdWorker(), []);

  const { state, open } = useDocumentOpen({
    // The desktop app hands over a PSD/PSB the system opened with it (file association).
    route: '/psd',
    reset: () => {
      // A new worker per file: the old document's pixels go with the old one.
      closePsdWorker();
      setBitmap(undefined);
      setVisibility({});
      setSelected(undefined);
    },
    read: (file) => psdWorker().open(file),
    accept: ({ preview, ...doc }, file): OpenDocument => {
      setBitmap(preview);
      return { name: file.name, ...doc };
    },
    failure: (name, outcome) => {
      switch (outcome.error) {
        case 'empty':
          return t('errors.empty', { name });
        case 'damaged':
          return t('errors.damaged', { name });
        case 'colorMode':
          return t('errors.colorMode', { name, mode: t('colorModes', { returnObjects: true })[outcome.detail ?? ''] ?? outcome.detail });
        case 'notPsd': {
          const other = otherTool(outcome.detail ?? 'unknown', 'psd', i18n);
          return other ? t('errors.notPsdKnown', { name, ...other }) : t('errors.notPsd', { name });
        }
        default:
          return t('errors.unknown', { name, detail: outcome.detail ?? '' });
      }
    },
    thrown: (name, error) =>
      error instanceof WorkerCrashed ? t('errors.crashed', { name }) : t('errors.unknown', { name, detail: String(error) }),
  });

  const toggle = useCallback((id: number, visible: boolean) => {
    setVisibility((old) => {
      const next = { ...old, [id]: visible };
      const seq = ++renderSeq.current;
      setRendering(true);
      void psdWorker()
        .render(next)
        .then((outcome) => {
          if (seq !== renderSeq.current) return outcome.ok && outcome.value.close();
          setRendering(false);
          if (outcome.ok) setBitmap(outcome.value);
        })
        .catch(() => seq === renderSeq.current && setRendering(false));
      return next;
    });
  }, []);

  const doc = state.status === 'open' ? state.doc : undefined;

  const exportFailed = (error: unknown) =>
    toast.error(
      error instanceof WorkerCrashed
        ? t('errors.crashed', { name: doc?.name ?? '' })
        : t('errors.export', { detail: error instanceof Error ? error.message : String(error) }),
    );

  const exportOne = async (layer: LayerView) => {
    if (!doc) return;
    setExporting(true);
    try {
      const outcome = await psdWorker().exportLayer(layer.id);
      if (!outcome.ok) throw new Error(outcome.detail);
      downloadBlob(
        new Blob([outcome.value.bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }),
        `${baseName(doc.name)}-${safeFileName(layer.name, `layer-${layer.id}`)}.png`,
      );
    } catch (error) {
      exportFailed(error);
    } finally {
      setExporting(false);
    }
  };

  const exportAll = async () => {
    if (!doc) return;
    setExporting(true);
    try {
      const outcome = await psdWorker().exportAll();
      if (!outcome.ok) throw new Error(outcome.detail);
      const zip = await zipImages(outcome.value.map((file) => ({ name: file.name, bytes: file.bytes })));
      downloadBlob(zip, `${baseName(doc.name)}-layers.zip`);
    } catch (error) {
      exportFailed(error);
    } finally {
      setExporting(false);
    }
  };

  const selectedLayer = doc && selected !== undefined ? findLayer(doc.layers, selected) : undefined;

  return (
    <div className="psd-page">
      <DocumentOpenArea
        state={state}
        onFile={(file) => void open(file)}
        title={t('dropTitle')}
        reopenTitle={t('openAnother')}
        hint={t('dropHint')}
        openingText={(name) => t('opening', { name })}
        testIdPrefix="psd"
      />
      {doc ? (
        <>
          <DocumentFacts doc={doc} />
          {doc.notRendered.length > 0 ? <NotRenderedNotice features={doc.notRendered} /> : null}
          <div className="psd-workspace">
            <Card size="small" className="psd-workspace__preview">
              {bitmap ? <ZoomView bitmap={bitmap} busy={rendering} /> : null}
            </Card>
            <Card
              size="small"
              className="psd-workspace__layers"
              title={t('layers.title')}
              extra={
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  loading={exporting}
                  disabled={doc.layers.length === 0}
                  onClick={() => void exportAll()}
                  data-testid="psd-export-all"
                >
                  {t('layers.exportAll')}
                </Button>
              }
            >
              {doc.layers.length === 0 ? (
                <Empty description={t('layers.empty')} />
              ) : (
                <LayerTree layers={doc.layers} visibility={visibility} selected={selected} onSelect={setSelected} onToggle={toggle} />
              )}
            </Card>
            <Card size="small" className="psd-workspace__details" title={t('details.title')}>
              {selectedLayer ? (
                <LayerDetails layer={selectedLayer} exporting={exporting} onExport={() => void exportOne(selectedLayer)} />
              ) : (
                <Typography.Text type="secondary">{t('details.none')}</Typography.Text>
              )}
            </Card>
          </div>
        </>
      ) : null}
    </div>
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
            <Typography.Text key={feature}>{label(feature)}</Typography.Text>
          ))}
        </Space>
      }
    />
  );
}
