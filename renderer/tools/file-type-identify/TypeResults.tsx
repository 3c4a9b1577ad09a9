import { CloseOutlined, DeleteOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Segmented, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { Identification } from '@shared/file-type/identify';
import type { NameCheck } from '@shared/file-type/name-check';
import { CopyButton } from '@/components/CopyButton';
import { DownloadButton } from '@/components/DownloadButton';
import { formatFileSize } from '@/lib/format';
import { filterRows, summarize, toCsv, toJson, toRecord } from './file-type-identify.service';
import type { IdentifyRow, RecordWords, RowFilter } from './file-type-identify.service';
import { useFileTypeStore } from './file-type-identify.store';

const CHECK_COLOR = { ok: 'success', mismatch: 'warning', missing: 'gold', unchecked: 'default' } as const;

/** The identified files: summary, filter, exports and the table (antd's Table, with its pagination and size picker). */
export default function TypeResults({ filter, setFilter }: { filter: RowFilter; setFilter: (filter: RowFilter) => void }) {
  const { t } = useTranslation('file-type-identify');
  const { rows, remove, clear } = useFileTypeStore();
  const summary = summarize(rows);
  const shown = filterRows(rows, summary.mismatched === 0 ? 'all' : filter);

  const typeName = (result: Identification) => {
    if (result.kind === 'unknown' || result.kind === 'empty') return t(`kind.${result.kind}`);
    if (!result.label) return t('plainText');
    return t('typeName', { label: result.label, kind: t(`kind.${result.kind}`) });
  };
  const errorText = (row: IdentifyRow) =>
    row.error === 'unreadable' ? t('errors.unreadable') : row.error ? t('errors.unknown', { message: row.errorMessage ?? '' }) : '';
  const checkText = (check: NameCheck) =>
    check.status === 'unchecked' ? t('check.unchecked') : t(`check.${check.status}`, { extension: check.extension });
  // JSON keeps the codes for programs; the CSV, read by people under translated headers, gets the words the page shows.
  const records = (words?: RecordWords) => rows.map((row) => toRecord(row, row.result ? typeName(row.result) : '', errorText(row), words));
  const csvWords: RecordWords = { basis: (basis) => t(`basis.${basis}`), nameCheck: checkText };

  const columns: TableColumnsType<IdentifyRow> = [
    {
      key: 'file',
      title: t('columns.file'),
      render: (_, row) => (
        <div className="fti-file">
          <span className="fti-file__name" title={row.path}>
            {row.name}
          </span>
          <Typography.Text type="secondary" className="fti-small">
            {formatFileSize(row.size)}
          </Typography.Text>
          {row.check ? (
            <span className="fti-check">
              <Tag
                color={CHECK_COLOR[row.check.status]}
                icon={row.check.status === 'mismatch' ? <WarningOutlined /> : undefined}
                data-testid="name-check"
                data-status={row.check.status}
              >
                {checkText(row.check)}
              </Tag>
              {row.check.suggestedName ? (
                <CopyButton text={row.check.suggestedName} label={t('check.copyName')} type="link" data-testid="copy-name" />
              ) : null}
            </span>
          ) : null}
          {row.check?.suggestedName ? (
            <Typography.Text type="secondary" className="fti-small" data-testid="suggested-name">
              {t('check.suggestion', { name: row.check.suggestedName })}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'type',
      title: t('columns.type'),
      width: 170,
      render: (_, row) => {
        if (row.status === 'queued' || row.status === 'running')
          return (
            <Space size={6}>
              <Spin size="small" />
              <Typography.Text type="secondary">{t(`status.${row.status}`)}</Typography.Text>
            </Space>
          );
        if (row.status === 'error' || !row.result)
          return (
            <Typography.Text type="danger" data-testid="row-error">
              {errorText(row)}
            </Typography.Text>
          );
        const result = row.result;
        return (
          <div className="fti-type">
            <Typography.Text strong data-testid="type-name">
              {typeName(result)}
            </Typography.Text>
            <span className="fti-tags">
              {result.flags.map((flag) => (
                <Tag key={flag} color="orange" data-testid="type-flag">
                  {t(`flags.${flag}`)}
                </Tag>
              ))}
              {result.encoding ? <Tag>{t('encoding', { encoding: result.encoding })}</Tag> : null}
            </span>
            {/* Narrow screens have no MIME / extension / basis columns: the same facts go here. */}
            <Typography.Text type="secondary" className="fti-small fti-narrow-only" data-testid="type-narrow">
              <code>{result.mime}</code>
              <br />
              {result.ext ? `.${result.ext} · ` : ''}
              {t(`basis.${result.basis}`)}
            </Typography.Text>
          </div>
        );
      },
    },
    {
      key: 'mime',
      title: t('columns.mime'),
      responsive: ['md'],
      render: (_, row) =>
        row.result ? (
          <code className="fti-mime" data-testid="type-mime">
            {row.result.mime}
          </code>
        ) : null,
    },
    {
      key: 'extension',
      title: t('columns.extension'),
      width: 110,
      responsive: ['md'],
      render: (_, row) =>
        row.result ? <code data-testid="type-ext">{row.result.ext ? `.${row.result.ext}` : t('noExtension')}</code> : null,
    },
    {
      key: 'basis',
      title: t('columns.basis'),
      width: 130,
      responsive: ['lg'],
      render: (_, row) =>
        row.result ? (
          <Tooltip title={t(`basisHelp.${row.result.basis}`)}>
            <Tag data-testid="type-basis">{t(`basis.${row.result.basis}`)}</Tag>
          </Tooltip>
        ) : null,
    },
    {
      key: 'remove',
      width: 40,
      render: (_, row) => (
        <Tooltip title={t('actions.remove')}>
          <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('actions.remove')} onClick={() => remove(row.id)} />
        </Tooltip>
      ),
    },
  ];

  return (
    <section className="fti-results" aria-label={t('columns.type')}>
      <div className="fti-bar">
        <Typography.Text data-testid="summary">
          {t('summary', { count: summary.total, done: summary.done })}
          {summary.mismatched > 0 ? (
            <Typography.Text type="warning" className="fti-summary-warn">
              {t('summaryMismatch', { count: summary.mismatched })}
            </Typography.Text>
          ) : null}
        </Typography.Text>
        <Space wrap size={8}>
          {summary.mismatched > 0 ? (
            <Segmented<RowFilter>
              size="small"
              value={filter}
              onChange={setFilter}
              options={[
                { value: 'all', label: t('filter.all') },
                { value: 'mismatch', label: t('filter.mismatch', { count: summary.mismatched }) },
              ]}
              data-testid="filter"
            />
          ) : null}
          <DownloadButton
            size="small"
            getFile={() => new Blob([toCsv(records(csvWords), t('csv', { returnObjects: true }))], { type: 'text/csv;charset=utf-8' })}
            fileName="file-types.csv"
            label={t('actions.exportCsv')}
            data-testid="export-csv"
          />
          <DownloadButton
            size="small"
            getFile={() => new Blob([toJson(records())], { type: 'application/json;charset=utf-8' })}
            fileName="file-types.json"
            label={t('actions.exportJson')}
            data-testid="export-json"
          />
          <Button size="small" icon={<DeleteOutlined />} onClick={clear} data-testid="clear">
            {t('actions.clear')}
          </Button>
        </Space>
      </div>
      <Table<IdentifyRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={shown as IdentifyRow[]}
        locale={{ emptyText: t('empty') }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true, showQuickJumper: true, hideOnSinglePage: true, size: 'small' }}
        onRow={(row) =>
          ({ 'data-testid': 'type-row', 'data-file-name': row.name, 'data-status': row.status }) as HTMLAttributes<HTMLElement>
        }
      />
    </section>
  );
}
