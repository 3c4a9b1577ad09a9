import { useTranslation } from 'react-i18next';
import { BatchList } from '@/components/BatchList';
import { DownloadButton } from '@/components/DownloadButton';
import { zipImages } from '@/components/image/zip';
import { Tag } from '@/components/Tag';
import { formatNameList } from '@/lib/format';
import { isComponentUnavailable } from '@/lib/load-failure';
import { toast } from '@/lib/notify';
import { WorkerCrashed, encodingWorker } from './encoding-client';
import { EncodingDetails } from './EncodingDetails';
import { MAX_CONVERT_BYTES, MAX_ZIP_BYTES, confidenceLevel, percent, zipEntryNames } from './file-encoding-identify.service';
import { useFileEncodingStore } from './file-encoding-identify.store';
import type { EncodingRow } from './file-encoding-identify.store';

const LEVEL_COLOR = { high: 'green', medium: 'gold', low: 'red' } as const;

/** The files dropped so far: each one's verdict and details, and the UTF-8 copies of them all. */
export function EncodingResults() {
  const { t, i18n } = useTranslation('file-encoding-identify');
  const { rows, bom, remove, clear } = useFileEncodingStore();

  const errorText = (row: EncodingRow) =>
    row.errorCode === 'unknown'
      ? t('errors.unknown', { message: row.errorMessage ?? '' })
      : row.errorCode === 'componentUnavailable'
        ? t('componentUnavailable', { ns: 'components' })
        : row.errorCode
          ? t(`errors.${row.errorCode}`)
          : undefined;

  const zipAll = async () => {
    const convertible = rows.filter(
      (row) => row.status === 'done' && row.chosen && row.chosen !== 'binary' && row.file.size <= MAX_CONVERT_BYTES,
    );
    if (convertible.length === 0) throw new Error(t('errors.nothingToZip'));
    if (convertible.reduce((sum, row) => sum + row.file.size, 0) > MAX_ZIP_BYTES) throw new Error(t('errors.zipTooLarge'));
    // Files from a picked folder keep their place in it; only true clashes get a " (2)".
    const names = zipEntryNames(convertible.map((row) => row.path));
    const entries = [];
    const declared = new Set<string>();
    for (const [index, row] of convertible.entries()) {
      const outcome = await encodingWorker()
        .convert(row.file, row.chosen ?? 'binary', bom)
        .catch((error: unknown) => {
          throw new Error(
            isComponentUnavailable(error)
              ? t('componentUnavailable', { ns: 'components' })
              : error instanceof WorkerCrashed
                ? t('errors.workerFailed')
                : t('errors.unknown', { message: error instanceof Error ? error.message : String(error) }),
          );
        });
      // A file whose chosen encoding decodes to garbage is left out like a binary one, not zipped.
      if (!outcome.ok && outcome.error === 'notText') continue;
      if (!outcome.ok)
        throw new Error(
          outcome.error === 'unknown' ? t('errors.unknown', { message: outcome.message ?? '' }) : t(`errors.${outcome.error}`),
        );
      outcome.value.declared.forEach((name) => declared.add(name));
      entries.push({ name: names[index]!, bytes: new Uint8Array(await outcome.value.blob.arrayBuffer()) });
    }
    if (entries.length === 0) throw new Error(t('errors.nothingToZip'));
    const skipped = rows.length - entries.length;
    toast.success(t('convert.zipDone', { count: entries.length }));
    if (skipped > 0) toast.info(t('convert.zipSkipped', { count: skipped }));
    if (declared.size > 0) toast.info(t('convert.declared', { list: formatNameList([...declared], i18n.language) }));
    return zipImages(entries);
  };
  const anyDone = rows.some((row) => row.status === 'done');

  return (
    <BatchList
      items={rows.map((row) => ({ ...row, error: errorText(row) }))}
      itemProps={(row) => ({
        'data-testid': 'encoding-result',
        'data-file-name': row.name,
        'data-status': row.status,
        'data-encoding': row.chosen ?? '',
      })}
      renderMeta={(row) => {
        const detection = row.identified?.detection;
        if (!detection) return null;
        if (detection.encoding === 'binary') {
          return (
            <Tag color="default" className="bb-batch__meta" data-testid="verdict">
              {t('verdict.binary')}
            </Tag>
          );
        }
        return (
          <>
            <Tag color="blue" className="bb-batch__meta fei-verdict" data-testid="verdict">
              {detection.encoding}
            </Tag>
            {/* An empty file reads the same in every encoding: a red "confidence 0%" would only alarm. */}
            {detection.reason === 'empty' ? null : (
              <Tag color={LEVEL_COLOR[confidenceLevel(detection.confidence)]} className="bb-batch__meta" data-testid="confidence">
                {t('verdict.confidence', { percent: percent(detection.confidence) })}
              </Tag>
            )}
          </>
        );
      }}
      renderBody={(row) => <EncodingDetails row={row} />}
      onRemove={(row) => remove(row.id)}
      onClear={clear}
      actions={
        anyDone ? (
          <DownloadButton
            size="small"
            getFile={zipAll}
            fileName={`${t('convert.zipName')}.zip`}
            label={t('convert.downloadAll')}
            data-testid="zip-download"
          />
        ) : null
      }
    />
  );
}
