import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { BatchList } from '@/components/BatchList';
import type { BatchItem, BatchStatus } from '@/components/BatchList';
import { Button } from '@/components/Button';
import { CopyButton } from '@/components/CopyButton';
import { FileDropZone } from '@/components/FileDropZone';
import { Spin } from '@/components/Spin';
import { Text } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';
import { formatFileSize } from '@/lib/format';
import { PIC_HUB_FILE_MAX_BYTES } from '@shared/contracts/pic-hub-base';
import { hubFileUrl } from '@shared/pic-hub/cdn';
import { formatLinks } from '@shared/pic-hub/links';
import { errorText } from './error-text';
import type { PicHubErrorKind } from '@/lib/pic-hub-upload';
import { activeHub } from './hubs.store';
import { CompressionControl, RenameTypeControl, linkFormatLabel } from './settings-controls';
import { activeTemplate, settingsValues } from './settings.store';
import { useHubs, usePicHubSettings, useUploads } from './stores';
import type { PicHubTab } from './tabs';
import type { UploadItem, UploadStatus } from './upload.store';
import { LocalThumb, UploadLinks } from './UploadLinks';

const BATCH_STATUS: Record<UploadStatus, BatchStatus> = {
  queued: 'queued',
  loading: 'running',
  success: 'done',
  error: 'error',
  cancelled: 'cancelled',
};

interface UploadRow extends BatchItem {
  item: UploadItem;
  url?: string;
}

export interface UploadTabProps {
  /** Only the shown tab takes pastes (Ctrl+V anywhere on the page). */
  active: boolean;
  openTab: (tab: PicHubTab) => void;
  /** Why this browser's hubs could not be read (its database failed), if they could not. */
  loadError?: PicHubErrorKind;
}

/**
 * The upload tab (spec §2/§4): pick, drop or paste many pictures; each goes loading → success or
 * error with its links in the four formats, compressed and renamed as the settings say.
 */
export function UploadTab({ active, openTab, loadError }: UploadTabProps) {
  const { t } = useTranslation('pic-hub');
  const hubsLoaded = useHubs((state) => state.loaded);
  const hub = useHubs(activeHub);
  const settingsStore = usePicHubSettings();
  const settings = settingsValues(settingsStore);
  const template = activeTemplate(settings);
  const items = useUploads((state) => state.items);
  const uploads = useUploads.getState();

  const rows = useRows(items, template.tpl);
  const uploaded = rows.filter((row) => row.url);
  const failed = items.filter((item) => item.status === 'error' || item.status === 'cancelled');

  const renderBody = useCallback((row: UploadRow) => <UploadRowBody row={row} />, []);
  const onFiles = useCallback((files: File[]) => useUploads.getState().add(files), []);

  // Only once the hubs are read is "no hub" known: a paste in the page's first instant waits for them (upload store).
  const noHub = !hub && (hubsLoaded || loadError !== undefined);
  const maxSize = formatFileSize(PIC_HUB_FILE_MAX_BYTES);
  return (
    <div className="pic-hub__upload" data-testid="pic-hub-upload">
      {loadError && !hub ? (
        <Alert type="error" showIcon data-testid="pic-hub-load-error" message={errorText(t, loadError)} />
      ) : !hubsLoaded ? (
        <Spin size="small" tip={t('common.hub.loading')} />
      ) : !hub ? (
        // The buttons go under the text: as Alert's `action` they squeeze it to a letter a line on a phone.
        <Alert
          type="info"
          showIcon
          data-testid="pic-hub-no-hub"
          message={t('upload.noHub.title')}
          description={
            <>
              {t('upload.noHub.description')}
              <div className="pic-hub__alert-actions">
                <Button type="primary" size="small" onClick={() => openTab('storage')} data-testid="pic-hub-configure">
                  {t('upload.noHub.action')}
                </Button>
                <Button type="link" size="small" onClick={() => openTab('help')}>
                  {t('upload.noHub.help')}
                </Button>
              </div>
            </>
          }
        />
      ) : hub.isSysDefault ? (
        <Alert
          type="warning"
          showIcon
          data-testid="pic-hub-system-hub"
          message={t('upload.system.title')}
          description={
            <>
              {t('upload.system.description')}
              <div className="pic-hub__alert-actions">
                <Button size="small" onClick={() => openTab('storage')}>
                  {t('upload.system.action')}
                </Button>
              </div>
            </>
          }
        />
      ) : null}
      <div className="pic-hub__quick" data-testid="pic-hub-quick">
        <span className="pic-hub__quick-rename">
          <Text type="secondary">{t('upload.quick.rename')}</Text>
          <RenameTypeControl size="small" settings={settings} onChange={settingsStore.update} />
        </span>
        <CompressionControl compact settings={settings} onChange={settingsStore.update} />
      </div>
      <FileDropZone
        onFiles={onFiles}
        acceptPaste={active}
        disabled={noHub}
        folders={false}
        inputTestId="pic-hub-file-input"
        data-testid="pic-hub-upload-drop"
        title={noHub ? t('upload.drop.disabled') : t('upload.drop.title')}
        hint={t('upload.drop.hint', { size: maxSize })}
      />
      <BatchList<UploadRow>
        items={rows}
        renderBody={renderBody}
        itemProps={(row) => ({ 'data-testid': 'pic-hub-upload-item', 'data-state': row.item.status })}
        onCancel={(row) => uploads.cancel(row.id)}
        onRemove={(row) => uploads.remove(row.id)}
        onCancelAll={uploads.cancelAll}
        onClear={uploads.clearEnded}
        actions={
          <>
            {failed.length > 0 ? (
              <Button
                size="small"
                icon={<Icon icon={ReloadOutlined} />}
                onClick={() => uploads.retry(failed.map((item) => item.id))}
                data-testid="pic-hub-retry-all"
              >
                {t('upload.retryFailed', { count: failed.length })}
              </Button>
            ) : null}
            {uploaded.length > 0 ? (
              <CopyButton
                type="primary"
                label={t('upload.copyAll', { format: linkFormatLabel(settings.linkFormat) })}
                text={() =>
                  formatLinks(
                    settings.linkFormat,
                    uploaded.map((row) => ({ url: row.url ?? '', alt: altOf(row.item) })),
                  )
                }
                data-testid="pic-hub-copy-all"
              />
            ) : null}
          </>
        }
      />
    </div>
  );
}

/**
 * BatchList's rows, one object per store item and template: a progress tick replaces one item in
 * the store, so only that row's object is new and only that row renders again.
 */
function useRows(items: readonly UploadItem[], tpl: string): UploadRow[] {
  // A new template makes new rows (their links change); the old map goes with its rows.
  const cache = useMemo(() => ({ tpl, rows: new WeakMap<UploadItem, UploadRow>() }), [tpl]);
  return items.map((item) => {
    let row = cache.rows.get(item);
    if (!row) {
      row = {
        id: item.id,
        name: item.name,
        size: item.originalSize,
        status: BATCH_STATUS[item.status],
        progress: item.progress,
        item,
        url: item.file ? hubFileUrl(item.file, { tpl: cache.tpl }) : undefined,
      };
      cache.rows.set(item, row);
    }
    return row;
  });
}

/** The links' alt text, as the gallery writes it (files.store `fileLink`): the name the picture was picked with. */
const altOf = (item: UploadItem) => item.file?.originalName || item.file?.name || item.name;

function UploadRowBody({ row }: { row: UploadRow }) {
  const { t } = useTranslation('pic-hub');
  const { item } = row;
  const retry = item.status === 'error' || item.status === 'cancelled';
  return (
    <div className="pic-hub__row">
      <LocalThumb file={item.source} alt={item.name} />
      <div className="pic-hub__row-info">
        {/* The header shows the size as picked; once prepared, what the upload weighs beside it. */}
        {item.size === undefined ? null : (
          <Text type="secondary" data-testid="pic-hub-sizes">
            {t('upload.sizes', { before: formatFileSize(item.originalSize), after: formatFileSize(item.size) })}
          </Text>
        )}
        {item.status === 'error' && item.errorKind ? (
          <Text type="danger" data-testid="pic-hub-upload-error">
            {errorText(t, item.errorKind)}
          </Text>
        ) : null}
        {row.url ? (
          <UploadLinks url={row.url} alt={altOf(item)} />
        ) : item.status === 'success' ? (
          <Text type="warning">{t('upload.noLink')}</Text>
        ) : null}
        {item.syncError ? (
          <Text type="warning" data-testid="pic-hub-sync-error">
            {t('upload.syncFailed', { reason: errorText(t, item.syncError) })}
          </Text>
        ) : null}
        {retry ? (
          <Button
            size="small"
            icon={<Icon icon={ReloadOutlined} />}
            onClick={() => useUploads.getState().retry([item.id])}
            data-testid="pic-hub-retry"
          >
            {t('upload.retry')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
