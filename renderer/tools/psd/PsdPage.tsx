import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentOpenArea } from '@/components/DocumentOpenArea';
import { downloadBlob } from '@/components/download';
import { zipImages } from '@/components/image/zip';
import { toast } from '@/lib/notify';
import { otherTool } from '@/lib/open-with';
import { useDocumentOpen } from '@/lib/use-document-open';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { WorkerCrashed, closePsdWorker, psdWorker } from './psd-client';
import { safeFileName } from './psd-model';
import type { LayerView } from './psd-model';
import type { OpenDocument } from './PsdWorkspace';
import './psd.css';

// The workspace (layer tree, facts table, panels) shows once a document is open: it loads while the
// worker reads the file, not before the page (antd's Tree, Descriptions, Empty: ~30 KB gz).
const PsdWorkspace = lazyWithAntd(() => import('./PsdWorkspace'));

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
    read: (file) => {
      void PsdWorkspace.preload().catch(() => undefined);
      return psdWorker().open(file);
    },
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
        <Suspense fallback={null}>
          <PsdWorkspace
            doc={doc}
            bitmap={bitmap}
            rendering={rendering}
            visibility={visibility}
            selected={selected}
            onSelect={setSelected}
            onToggle={toggle}
            exporting={exporting}
            onExportAll={() => void exportAll()}
            onExportOne={(layer) => void exportOne(layer)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
