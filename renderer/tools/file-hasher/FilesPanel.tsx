import { ReloadOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HASH_ALGORITHMS } from '@shared/contracts/hash';
import { compareWithExpected } from '@shared/hash/checksum-format';
import type { ExpectedHash } from '@shared/hash/checksum-format';
import type { ReactNode } from 'react';
import { BatchList } from '@/components/BatchList';
import { CopyButton } from '@/components/CopyButton';
import { DownloadButton } from '@/components/DownloadButton';
import { FileDropZone } from '@/components/FileDropZone';
import { CompareTag } from './CompareTag';
import { DigestList } from './DigestList';
import { ALGORITHM_LABELS, SUM_COMMAND, exportFileName, formatDuration, formatExport, formatSpeed, missingAlgorithms } from './file-hasher.service';
import type { ExportFormat } from './file-hasher.service';
import { useFileHasherStore } from './file-hasher.store';
import type { HashRow } from './file-hasher.store';

/** The batch: drop/pick/paste files, see each one's progress, digests, comparison, and export them all. */
export function FilesPanel({ expected, compareBox }: { expected: readonly ExpectedHash[]; compareBox: ReactNode }) {
  const { t } = useTranslation('file-hasher');
  const { rows, algorithms, uppercase, addFiles, rehash, cancel, cancelAll, remove, clear } = useFileHasherStore();
  const [format, setFormat] = useState<ExportFormat>('all');

  const outdated = useMemo(() => rows.filter((row) => row.status !== 'queued' && row.status !== 'running' && (row.status !== 'done' || missingAlgorithms(row.digests, algorithms).length > 0)), [rows, algorithms]);
  const exportOptions = [
    { value: 'all', label: t('results.exportAll') },
    ...HASH_ALGORITHMS.filter((algorithm) => SUM_COMMAND[algorithm]).map((algorithm) => ({
      value: algorithm,
      label: t('results.exportSum', { algorithm: ALGORITHM_LABELS[algorithm], command: SUM_COMMAND[algorithm] }),
    })),
  ];
  const exportText = () => formatExport(rows, format, uppercase);
  const anyDone = rows.some((row) => row.status === 'done');

  const errorText = (row: HashRow) => (row.errorKind === 'unknown' ? t('errors.unknown', { message: row.errorMessage ?? '' }) : row.errorKind ? t(`errors.${row.errorKind}`) : undefined);

  return (
    <Space direction="vertical" size={12} className="fh-block">
      <FileDropZone onFiles={addFiles} disabled={algorithms.length === 0} />
      {compareBox}
      <BatchList
        items={rows.map((row) => ({ ...row, error: errorText(row) }))}
        itemProps={(row) => ({ 'data-testid': 'hash-result', 'data-file-name': row.name, 'data-status': row.status })}
        renderMeta={(row) =>
          row.status === 'done' && row.elapsedMs !== undefined ? (
            <Typography.Text type="secondary" className="bb-batch__meta fh-timing" data-testid="hash-timing">
              {t('results.timing', { time: formatDuration(row.elapsedMs), speed: formatSpeed(row.size ?? 0, row.elapsedMs) })}
            </Typography.Text>
          ) : null
        }
        renderBody={(row) => {
          if (!row.digests) return null;
          const outcome = compareWithExpected(row.name, row.digests, expected);
          return (
            <>
              {outcome ? <CompareTag outcome={outcome} /> : null}
              <DigestList digests={row.digests} uppercase={uppercase} matched={outcome?.status === 'match' ? outcome.algorithm : undefined} />
            </>
          );
        }}
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
                <Select size="small" value={format} onChange={setFormat} options={exportOptions} aria-label={t('results.exportFormat')} className="fh-export-format" popupMatchSelectWidth={false} data-testid="export-format" />
                <CopyButton text={exportText} label={t('results.copyAll')} type="default" data-testid="export-copy" />
                <DownloadButton size="small" getFile={() => new Blob([exportText()], { type: 'text/plain;charset=utf-8' })} fileName={exportFileName(format)} label={t('results.downloadAll')} data-testid="export-download" />
              </>
            ) : null}
          </>
        }
      />
    </Space>
  );
}
