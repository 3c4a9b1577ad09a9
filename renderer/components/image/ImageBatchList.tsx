import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import FileImageOutlined from '@ant-design/icons-svg/es/asn/FileImageOutlined';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchList } from '@/components/BatchList';
import { Button } from '@/components/Button';
import { DownloadButton } from '@/components/DownloadButton';
import { Text } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';
import { formatFileSize } from '@/lib/format';
import { useBatchItems } from './useImageBatch';
import type { ImageBatch, ImageBatchItem } from './useImageBatch';
import { resultBlob } from './names';
import { zipImages } from './zip';
import './image.css';

export interface ImageBatchListProps {
  batch: Pick<ImageBatch, 'store' | 'cancel' | 'cancelAll' | 'remove' | 'clear'>;
  /** Opens the before/after view of a finished item. */
  onCompare?: (item: ImageBatchItem) => void;
}

/** Percentage saved (positive) or added (negative), one decimal. */
export function savedPercent(before: number, after: number): number {
  return before === 0 ? 0 : Math.round(((before - after) / before) * 1000) / 10;
}

const itemProps = (item: ImageBatchItem) => ({ 'data-testid': 'image-item', 'data-file-name': item.name, 'data-status': item.status });

/** The image tools' batch list: thumbnail of the output, before → after size and percentage, per-file download, zip of all. */
export function ImageBatchList({ batch, onCompare }: ImageBatchListProps) {
  const { t } = useTranslation('components');
  const items = useBatchItems(batch);
  const done = items.filter((item) => item.status === 'done' && item.result);
  // A zip taken while the batch runs would silently lack the files still in work: it waits for them.
  const pending = items.filter((item) => item.status === 'queued' || item.status === 'running').length;
  const zipAll = () => zipImages(done.map((item) => ({ name: item.outputName!, bytes: item.result!.bytes })));
  // Stable, so that BatchList renders only the row whose item changed (see BatchRow).
  const renderBody = useCallback(
    (item: ImageBatchItem) => {
      const { result } = item;
      if (!result || !item.url) return null;
      const percent = savedPercent(item.file.size, result.bytes.length);
      return (
        <div className="bb-image-row">
          {item.url ? (
            <img
              className="bb-image-row__thumb"
              src={item.url}
              alt={t('image.thumbnailAlt', { name: item.name })}
              decoding="async"
              loading="lazy"
            />
          ) : (
            <Icon icon={FileImageOutlined} className="bb-image-row__thumb" />
          )}
          <div className="bb-image-row__facts">
            <Text data-testid="image-sizes">
              {formatFileSize(item.file.size)}
              {' → '}
              <Text strong>{formatFileSize(result.bytes.length)}</Text>
            </Text>
            {item.discardedBytes === undefined ? (
              <Text type={percent >= 0 ? 'success' : 'warning'} data-testid="image-saved">
                {percent >= 0 ? t('image.saved', { percent }) : t('image.grew', { percent: -percent })}
              </Text>
            ) : (
              <Text type="secondary" data-testid="image-kept-original">
                {t('image.keptOriginal', { percent: -savedPercent(item.file.size, item.discardedBytes) })}
              </Text>
            )}
            {result.fitsTarget === false ? (
              <Text type="warning" data-testid="image-target-missed">
                {t('image.targetMissed', { quality: result.quality })}
              </Text>
            ) : null}
            <Text type="secondary">
              {t('image.size', { width: result.width, height: result.height })}
              {' · '}
              {result.format.toUpperCase()}
            </Text>
          </div>
          <div className="bb-image-row__actions">
            {onCompare ? (
              <Button size="small" icon={<Icon icon={EyeOutlined} />} onClick={() => onCompare(item)} data-testid="image-compare">
                {t('image.compare')}
              </Button>
            ) : null}
            <DownloadButton size="small" getFile={() => resultBlob(result)} fileName={item.outputName!} data-testid="image-download" />
          </div>
        </div>
      );
    },
    [t, onCompare],
  );
  return (
    <BatchList
      items={items}
      itemProps={itemProps}
      onCancel={(item) => batch.cancel(item.id)}
      onRemove={(item) => batch.remove(item.id)}
      onCancelAll={batch.cancelAll}
      onClear={batch.clear}
      actions={
        done.length > 0 ? (
          <DownloadButton
            size="small"
            type="primary"
            disabled={pending > 0}
            getFile={zipAll}
            fileName={`${t('image.zipName')}.zip`}
            label={pending > 0 ? t('image.zipWaiting', { done: done.length, total: done.length + pending }) : t('image.downloadAll')}
            data-testid="image-download-all"
          />
        ) : null
      }
      renderBody={renderBody}
    />
  );
}
