import { useShallow } from 'zustand/react/shallow';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HASH_ALGORITHMS } from '@shared/contracts/hash';
import { compareWithExpected } from '@shared/hash/checksum-format';
import type { ExpectedHash } from '@shared/hash/checksum-format';
import { BatchList } from '@/components/BatchList';
import { CopyButton } from '@/components/CopyButton';
import { DownloadButton } from '@/components/DownloadButton';
import { Text } from '@/components/Text';
import { CompareTag } from './CompareTag';
import { DigestList } from './DigestList';
import {
  ALGORITHM_LABELS,
  SUM_COMMAND,
  exportFileName,
  formatDuration,
  formatExport,
  formatSpeed,
  missingAlgorithms,
} from './file-hasher.service';
import type { ExportFormat } from './file-hasher.service';
import { useFileHasherStore } from './file-hasher.store';
import type { HashRow } from './file-hasher.store';

type HashItem = HashRow & { error?: string };

const itemProps = (row: HashItem) => ({ 'data-testid': 'hash-result', 'data-file-name': row.name, 'data-status': row.status });

/**
 * The list and its toolbar, the only part of the page that follows the rows. Store updates render
 * synchronously, so the rows are read through useDeferredValue and the list element is memoised on
 * them: the urgent render of a progress tick returns the same element at once, and the list catches
 * up in an interruptible render, where only the row that changed renders again (BatchRow). Dropping
 * dozens of files or a burst of progress therefore never holds the page (BENCH_ONLY=frames npm run bench).
 */
export function HashResults({ expected }: { expected: readonly ExpectedHash[] }) {
  const { t } = useTranslation('file-hasher');
  const {
    rows: latestRows,
    algorithms,
    uppercase,
    rehash,
    cancel,
    cancelAll,
    remove,
    clear,
  } = useFileHasherStore(
    useShallow(({ rows, algorithms, uppercase, rehash, cancel, cancelAll, remove, clear }) => ({
      rows,
      algorithms,
      uppercase,
      rehash,
      cancel,
      cancelAll,
      remove,
      clear,
    })),
  );
  const rows = useDeferredValue(latestRows);
  const [format, setFormat] = useState<ExportFormat>('all');

  // A row's item object stays the same until its row changes, and the render callbacks stay the
  // same until what they show changes, so BatchList re-renders only the row a progress tick is for.
  const [itemCache] = useState(() => new WeakMap<HashRow, { t: typeof t; item: HashItem }>());
  const items = useMemo(
    () =>
      rows.map((row) => {
        const cached = itemCache.get(row);
        if (cached?.t === t) return cached.item;
        const error =
          row.errorKind === 'unknown'
            ? t('errors.unknown', { message: row.errorMessage ?? '' })
            : row.errorKind
              ? t(`errors.${row.errorKind}`)
              : undefined;
        const item = { ...row, error };
        itemCache.set(row, { t, item });
        return item;
      }),
    [rows, itemCache, t],
  );
  const renderMeta = useCallback(
    (row: HashItem) =>
      row.status === 'done' && row.elapsedMs !== undefined ? (
        <Text type="secondary" className="bb-batch__meta fh-timing" data-testid="hash-timing">
          {t('results.timing', { time: formatDuration(row.elapsedMs), speed: formatSpeed(row.size ?? 0, row.elapsedMs) })}
        </Text>
      ) : null,
    [t],
  );
  const renderBody = useCallback(
    (row: HashItem) => {
      if (!row.digests) return null;
      const outcome = compareWithExpected(row.name, row.digests, expected);
      return (
        <>
          {outcome ? <CompareTag outcome={outcome} /> : null}
          <DigestList digests={row.digests} uppercase={uppercase} matched={outcome?.status === 'match' ? outcome.algorithm : undefined} />
        </>
      );
    },
    [expected, uppercase],
  );

  return useMemo(() => {
    const outdated = rows.filter(
      (row) =>
        row.status !== 'queued' &&
        row.status !== 'running' &&
        (row.status !== 'done' || missingAlgorithms(row.digests, algorithms).length > 0),
    );
    const anyDone = rows.some((row) => row.status === 'done');
    const exportText = () => formatExport(rows, format, uppercase);
    const exportOptions = [
      { value: 'all', label: t('results.exportAll') },
      ...HASH_ALGORITHMS.filter((algorithm) => SUM_COMMAND[algorithm]).map((algorithm) => ({
        value: algorithm,
        label: t('results.exportSum', { algorithm: ALGORITHM_LABELS[algorithm], command: SUM_COMMAND[algorithm] }),
      })),
    ];
    return (
      <BatchList
        items={items}
        itemProps={itemProps}
        renderMeta={renderMeta}
        renderBody={renderBody}
        onCancel={(row) => cancel(row.id)}
        onRemove={(row) => remove(row.id)}
        onCancelAll={cancelAll}
        onClear={clear}
        actions={
          <>
            {outdated.length > 0 && algorithms.length > 0 ? (
              <Button size="small" icon={<ReloadOutlined />} onClick={() => rehash(outdated.map((row) => row.id))} data-testid="rehash">
                {t('results.rehash')}
              </Button>
            ) : null}
            {anyDone ? (
              <>
                <Select
                  size="small"
                  value={format}
                  onChange={setFormat}
                  options={exportOptions}
                  aria-label={t('results.exportFormat')}
                  className="fh-export-format"
                  popupMatchSelectWidth={false}
                  data-testid="export-format"
                />
                <CopyButton text={exportText} label={t('results.copyAll')} type="default" data-testid="export-copy" />
                <DownloadButton
                  size="small"
                  getFile={() => new Blob([exportText()], { type: 'text/plain;charset=utf-8' })}
                  fileName={exportFileName(format)}
                  label={t('results.downloadAll')}
                  data-testid="export-download"
                />
              </>
            ) : null}
          </>
        }
      />
    );
  }, [rows, items, renderMeta, renderBody, algorithms, format, uppercase, t, rehash, cancel, remove, cancelAll, clear]);
}
