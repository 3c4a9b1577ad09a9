import { CheckOutlined, CloseOutlined, DeleteOutlined, PauseCircleOutlined, PlayCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AD_STATUSES, AD_TYPES, mayChangeAdStatus } from '@shared/contracts/ads-base';
import type { AdListFilter, AdStatus, AdType, CustomerAd } from '@shared/contracts/ads-base';
import { customerAdsApi } from '@/http/customer-ads';
import { DEFAULT_WAIT_MS, debounce, formatCompactNumber } from '@/lib/format';
import { toast } from '@/lib/notify';
import { AdPreviewCell } from '@/pages/ads/AdPreviewCell';
import { AdStatusTag } from '@/pages/ads/AdStatusTag';
import { formatDateTime } from '@/pages/user/date-time';
import { usePagedList } from '@/pages/user/paging';
import { usePageState } from '@/stores/page';
import './admin.css';
import '@/pages/ads/ads.css';

/** The admin's moves from each status, in the order the buttons show (AD_TRANSITIONS.ADMIN). */
const MOVES: readonly { to: AdStatus; from: AdStatus; label: 'approve' | 'reject' | 'pause' | 'resume' }[] = [
  { from: 'PENDING', to: 'APPROVED', label: 'approve' },
  { from: 'REJECTED', to: 'APPROVED', label: 'approve' },
  { from: 'PENDING', to: 'REJECTED', label: 'reject' },
  { from: 'APPROVED', to: 'PAUSED', label: 'pause' },
  { from: 'PAUSED', to: 'APPROVED', label: 'resume' },
];
const MOVE_ICONS = {
  approve: <CheckOutlined />,
  reject: <CloseOutlined />,
  pause: <PauseCircleOutlined />,
  resume: <PlayCircleOutlined />,
};

/**
 * /admin/ads: every ad (issue 19), filtered by status, placement and owner, soft-deleted ones on
 * request; review (approve, reject), pause and resume, delete for good, and each ad's preview and counts.
 */
export default function AdsPage() {
  const { t } = useTranslation('backOffice');
  const { t: account } = useTranslation('account');
  const isMobile = usePageState((state) => state.isMobileSize);
  const [status, setStatus] = useState<AdStatus>();
  const [type, setType] = useState<AdType>();
  const [ownerText, setOwnerText] = useState('');
  const [owner, setOwner] = useState('');
  const [deleted, setDeleted] = useState(false);
  const [busyId, setBusyId] = useState<number>();
  const [now] = useState(() => Date.now());

  const filter = useMemo<AdListFilter>(
    () => ({ ...(status ? { status } : {}), ...(type ? { type } : {}), ...(owner ? { owner } : {}), ...(deleted ? { deleted } : {}) }),
    [status, type, owner, deleted],
  );
  const load = useCallback((pageNum: number, pageSize: number) => customerAdsApi.listAll({ pageNum, pageSize, ...filter }), [filter]);
  const list = usePagedList(load);
  const { first, reload } = list;

  // Spec §9 default wait: typing settles for 500 ms before the list asks the server.
  const applyOwner = useMemo(
    () =>
      debounce((value: string) => {
        setOwner(value.trim());
        first();
      }, DEFAULT_WAIT_MS),
    [first],
  );
  useEffect(() => () => applyOwner.cancel(), [applyOwner]);

  const act = async (ad: CustomerAd, run: () => Promise<unknown>, done: string) => {
    setBusyId(ad.id);
    try {
      await run();
      toast.success(done);
      reload();
    } catch {
      // The API client showed the reason; the row stays as it was.
    } finally {
      setBusyId(undefined);
    }
  };

  const actions = (ad: CustomerAd) => (
    <div className="ad-table-actions">
      {ad.deleted
        ? null
        : MOVES.filter((move) => move.from === ad.status && mayChangeAdStatus('ADMIN', ad, move.to)).map((move) => (
            <Button
              key={move.label}
              size="small"
              type={move.label === 'approve' ? 'primary' : 'default'}
              icon={MOVE_ICONS[move.label]}
              loading={busyId === ad.id}
              onClick={() =>
                void act(
                  ad,
                  () => customerAdsApi.changeStatus({ id: ad.id, status: move.to }),
                  t('ads.changed', { id: ad.id, status: account(`ads.statuses.${move.to}`) }),
                )
              }
              data-testid={`admin-ad-${move.label}-${ad.id}`}
            >
              {t(`ads.${move.label}`)}
            </Button>
          ))}
      <Popconfirm
        title={t('ads.confirmRemove')}
        onConfirm={() => act(ad, () => customerAdsApi.remove(ad.id), t('ads.removed', { id: ad.id }))}
        overlayStyle={{ maxWidth: 320 }}
      >
        <Button size="small" danger icon={<DeleteOutlined />} loading={busyId === ad.id} data-testid={`admin-ad-remove-${ad.id}`}>
          {t('ads.remove')}
        </Button>
      </Popconfirm>
    </div>
  );

  const columns: TableColumnsType<CustomerAd> = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 56, responsive: ['sm'] },
    { key: 'ad', title: account('ads.columns.ad'), width: isMobile ? 128 : 176, render: (_value, ad) => <AdPreviewCell ad={ad} /> },
    {
      key: 'type',
      title: t('ads.type'),
      dataIndex: 'type',
      width: 110,
      responsive: ['md'],
      render: (adType: AdType) => account(`ads.types.${adType}`),
    },
    {
      key: 'status',
      title: t('ads.status'),
      dataIndex: 'status',
      width: 130,
      render: (_status, ad) => (
        <div className="ad-status-cell">
          <AdStatusTag ad={ad} now={now} />
          {ad.status === 'PAUSED' && ad.pausedBy ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(ad.pausedBy === 'ADMIN' ? 'ads.pausedByAdmin' : 'ads.pausedByOwner')}
            </Typography.Text>
          ) : null}
          {ad.deleted ? (
            <Tag color="red" data-testid={`admin-ad-deleted-${ad.id}`}>
              {t('ads.deleted')}
            </Tag>
          ) : null}
          {/* A phone has no room for an actions column: the buttons go under the status. */}
          {isMobile ? actions(ad) : null}
        </div>
      ),
    },
    {
      key: 'owner',
      title: t('ads.ownerColumn'),
      dataIndex: 'ownerName',
      width: 136,
      responsive: ['lg'],
      // Cut to its width here: the table sizes columns by their content (scroll x max-content), and a
      // long name would widen this one until the counts slid under the fixed actions column.
      render: (ownerName: string, ad) => {
        const owner = `${ownerName} (#${ad.ownerId})`;
        return (
          <span className="admin-ads__owner" title={owner}>
            {owner}
          </span>
        );
      },
    },
    {
      key: 'expiry',
      title: account('ads.columns.expiry'),
      dataIndex: 'expirationTime',
      width: 170,
      responsive: ['xxl'],
      render: (time: number) => formatDateTime(new Date(time).toISOString()),
    },
    {
      key: 'created',
      title: t('ads.created'),
      dataIndex: 'createTime',
      width: 170,
      responsive: ['xxl'],
      render: (time: number) => formatDateTime(new Date(time).toISOString()),
    },
    {
      key: 'counts',
      title: `${account('ads.columns.views')} / ${account('ads.columns.visits')}`,
      width: 110,
      align: 'right',
      responsive: ['md'],
      render: (_value, ad) => (
        <span>
          <span data-testid={`admin-ad-views-${ad.id}`}>{formatCompactNumber(ad.views)}</span>
          {' / '}
          <span data-testid={`admin-ad-visits-${ad.id}`}>{formatCompactNumber(ad.visits)}</span>
        </span>
      ),
    },
    ...(isMobile
      ? []
      : [
          {
            key: 'actions',
            title: account('ads.columns.actions'),
            width: 220,
            fixed: 'right' as const,
            render: (_value: unknown, ad: CustomerAd) => actions(ad),
          },
        ]),
  ];

  return (
    <Card title={t('ads.title')} className="admin-page" data-testid="admin-ads">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <div className="ad-filters">
          <Select<AdStatus>
            allowClear
            value={status}
            placeholder={t('ads.allStatuses')}
            aria-label={t('ads.status')}
            options={AD_STATUSES.map((value) => ({ value, label: account(`ads.statuses.${value}`) }))}
            onChange={(value) => {
              setStatus(value);
              first();
            }}
            data-testid="admin-ads-status"
          />
          <Select<AdType>
            allowClear
            value={type}
            placeholder={t('ads.allTypes')}
            aria-label={t('ads.type')}
            options={AD_TYPES.map((value) => ({ value, label: account(`ads.types.${value}`) }))}
            onChange={(value) => {
              setType(value);
              first();
            }}
            data-testid="admin-ads-type"
          />
          <Input
            value={ownerText}
            onChange={(event) => {
              setOwnerText(event.target.value);
              applyOwner(event.target.value);
            }}
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('ads.owner')}
            aria-label={t('ads.owner')}
            data-testid="admin-ads-owner"
          />
          <Checkbox
            checked={deleted}
            onChange={(event) => {
              setDeleted(event.target.checked);
              first();
            }}
            data-testid="admin-ads-deleted"
          >
            {t('ads.showDeleted')}
          </Checkbox>
        </div>
        <Table<CustomerAd>
          rowKey="id"
          columns={columns}
          size="middle"
          scroll={{ x: 'max-content' }}
          {...list.tableProps}
          data-testid="admin-ads-table"
        />
      </Space>
    </Card>
  );
}
