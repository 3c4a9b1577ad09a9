import { Alert, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BatchList } from '@/components/BatchList';
import type { FetchRow } from './webdav-fetch';
import type { FetchSummary } from './webdav.service';

/** A remote source's download run: its rows, then the exact counts, or how many were known already. */
export interface FetchRun {
  rows: FetchRow[];
  summary?: FetchSummary;
  /** A sync that found nothing new: how many books the history knew. */
  nothingNew?: number;
}

/** Where a source keeps the run's texts (fetched, duplicate, nothingNew, noBooks, running, result, resultCancelled) and its error texts. */
export interface FetchRunLabels {
  texts: 'cloud' | 'webdav.viewer';
  errors: 'cloud.errors' | 'webdav.errors';
  /** `<testId>-row` and `<testId>-result`. */
  testId: 'cloud' | 'webdav';
}

type RunText = 'fetched' | 'duplicate' | 'nothingNew' | 'noBooks' | 'running' | 'result' | 'resultCancelled';

/** The one view of a download run the WebDAV and cloud-list drawers share: the result line and a row per file. */
export function FetchRunView({
  run,
  labels,
  busy,
  onCancel,
}: {
  run: FetchRun | undefined;
  labels: FetchRunLabels;
  busy: boolean;
  onCancel: (id?: string) => void;
}) {
  const { t } = useTranslation('book-library');
  const { texts, errors, testId } = labels;
  // The two sources' keys have the same shape under their own prefix; typed keys cannot be built from one.
  const text = useCallback(
    (key: RunText, values?: Record<string, unknown>) =>
      (t as unknown as (key: string, values?: Record<string, unknown>) => string)(`${texts}.${key}`, values),
    [t, texts],
  );
  const rowError = useCallback(
    (row: FetchRow) =>
      row.errorCode?.startsWith('import:')
        ? t(`import.errors.${row.errorCode.slice('import:'.length) as 'corrupt'}`, { name: row.name, title: row.name, message: '' })
        : row.errorCode
          ? t(`${errors}.${row.errorCode}` as 'cloud.errors.unreachable')
          : undefined,
    [t, errors],
  );
  const rows = useMemo(() => run?.rows.map((row) => ({ ...row, error: rowError(row) })) ?? [], [run, rowError]);
  const rowBody = useCallback(
    (row: FetchRow) =>
      row.outcome === 'fetched' ? (
        <Typography.Text type="success">{text('fetched')}</Typography.Text>
      ) : row.outcome === 'duplicate' ? (
        <Typography.Text type="secondary">{text('duplicate', { title: row.title })}</Typography.Text>
      ) : null,
    [text],
  );
  const rowProps = useCallback(
    (row: FetchRow) => ({
      'data-testid': `${testId}-row`,
      'data-file-name': row.name,
      'data-status': row.status,
      'data-outcome': row.outcome ?? '',
      'data-error': row.errorCode ?? '',
    }),
    [testId],
  );

  const result = () => {
    if (!run) return null;
    if (run.nothingNew !== undefined)
      return (
        <Alert
          type="info"
          showIcon
          data-testid={`${testId}-result`}
          message={run.nothingNew > 0 ? text('nothingNew', { known: run.nothingNew }) : text('noBooks')}
        />
      );
    if (!run.summary) {
      const done = run.rows.filter((row) => row.status !== 'queued' && row.status !== 'running').length;
      return <Typography.Text type="secondary">{text('running', { done, count: run.rows.length })}</Typography.Text>;
    }
    const { summary } = run;
    const line = `${text('result', { ...summary })}${summary.cancelled > 0 ? ` ${text('resultCancelled', { cancelled: summary.cancelled })}` : ''}`;
    return <Alert type={summary.failed > 0 ? 'warning' : 'success'} showIcon data-testid={`${testId}-result`} message={line} />;
  };

  return (
    <>
      {result()}
      {rows.length > 0 ? (
        <BatchList
          items={rows}
          renderBody={rowBody}
          itemProps={rowProps}
          onCancel={(row) => onCancel(row.id)}
          onCancelAll={busy ? () => onCancel() : undefined}
        />
      ) : null}
    </>
  );
}
