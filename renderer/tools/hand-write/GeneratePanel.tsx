import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import FilePdfOutlined from '@ant-design/icons-svg/es/asn/FilePdfOutlined';
import FileZipOutlined from '@ant-design/icons-svg/es/asn/FileZipOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { downloadBlob } from '@/components/download';
import { Icon } from '@/components/Icon';
import { Panel } from '@/components/Panel';
import { Progress } from '@/components/Progress';
import { Text } from '@/components/Text';
import { exportPdf, exportZip } from './exporter';
import type { GenerateState } from './useGenerate';
import { pageFileName } from './zip-export';

export interface GeneratePanelProps {
  state: GenerateState;
  /** Pages the current text takes (from the preview's layout). */
  pageCount: number;
  disabled: boolean;
  onStart: () => void;
  onCancel: () => void;
  onOpen: (index: number) => void;
}

/** "Generate all" with per-page progress and cancel; each page, a zip and a PDF to download. */
export function GeneratePanel({ state, pageCount, disabled, onStart, onCancel, onOpen }: GeneratePanelProps) {
  const { t } = useTranslation('hand-write');
  const [exporting, setExporting] = useState<'zip' | 'pdf'>();
  const [exportFailed, setExportFailed] = useState(false);
  const base = t('generate.fileBase');
  const pages = state.status === 'idle' ? [] : state.pages;

  const save = async (kind: 'zip' | 'pdf') => {
    if (state.status !== 'done') return;
    setExporting(kind);
    setExportFailed(false);
    try {
      const blob =
        kind === 'zip' ? await exportZip(state.pages, base) : await exportPdf(state.pages, state.lines, state.page, t('meta.title'));
      downloadBlob(blob, `${base}.${kind}`);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(undefined);
    }
  };

  return (
    <Panel className="hand-write__generate" title={t('generate.title')}>
      <div className="hand-write__stack">
        <div className="hand-write__row">
          {state.status === 'running' ? (
            <Button danger icon={<Icon icon={StopOutlined} />} onClick={onCancel} data-testid="hw-cancel">
              {t('generate.cancel')}
            </Button>
          ) : (
            <Button
              type="primary"
              icon={<Icon icon={PlayCircleOutlined} />}
              disabled={disabled}
              onClick={onStart}
              data-testid="hw-generate"
            >
              {t('generate.start', { count: pageCount })}
            </Button>
          )}
          {state.status === 'done' ? (
            <>
              <Button
                icon={<Icon icon={FileZipOutlined} />}
                loading={exporting === 'zip'}
                disabled={exporting !== undefined}
                onClick={() => void save('zip')}
                data-testid="hw-zip"
              >
                {t('generate.zip')}
              </Button>
              <Button
                icon={<Icon icon={FilePdfOutlined} />}
                loading={exporting === 'pdf'}
                disabled={exporting !== undefined}
                onClick={() => void save('pdf')}
                data-testid="hw-pdf"
              >
                {t('generate.pdf')}
              </Button>
            </>
          ) : null}
        </div>
        {state.status === 'running' ? (
          <div data-testid="hw-progress">
            <Progress percent={state.total > 0 ? Math.round((100 * state.done) / state.total) : 0} status="active" />
            <Text type="secondary" data-testid="hw-progress-text">
              {t('generate.progress', { done: state.done, total: state.total })}
            </Text>
          </div>
        ) : null}
        {state.status === 'done' ? (
          <Text type="success" data-testid="hw-done">
            {t('generate.done', { count: state.pages.length })}
          </Text>
        ) : null}
        {state.status === 'cancelled' ? (
          <Alert type="warning" showIcon message={t('generate.cancelled')} data-testid="hw-cancelled" />
        ) : null}
        {state.status === 'failed' ? (
          <Alert type="error" showIcon message={t(`fontErrors.${state.error}`)} data-testid="hw-failed" />
        ) : null}
        {exportFailed ? <Alert type="error" showIcon message={t('generate.exportFailed')} /> : null}
        {pages.length > 0 ? (
          <ol className="hand-write__pages" data-testid="hw-pages">
            {pages.map((page) => (
              <li key={page.index} className="hand-write__page">
                <button
                  type="button"
                  className="hand-write__thumb"
                  onClick={() => onOpen(page.index)}
                  aria-label={t('generate.open', { page: page.index + 1 })}
                >
                  <img src={page.url} alt="" />
                </button>
                <div className="hand-write__page-foot">
                  <Text>{t('generate.page', { page: page.index + 1 })}</Text>
                  <Button
                    size="small"
                    type="text"
                    icon={<Icon icon={DownloadOutlined} />}
                    aria-label={`${t('generate.png')} ${t('generate.page', { page: page.index + 1 })}`}
                    onClick={() => downloadBlob(page.png, pageFileName(base, page.index))}
                    data-testid={`hw-png-${page.index + 1}`}
                  />
                </div>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </Panel>
  );
}
