import { DeleteOutlined, EditOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Statistic, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AD_OWNER_EDITABLE, mayChangeAdStatus } from '@shared/contracts/ads-base';
import type { AdStatus, CustomerAd } from '@shared/contracts/ads-base';
import { useSession } from '@/auth/session';
import { customerAdsApi } from '@/http/customer-ads';
import { formatCompactNumber } from '@/lib/format';
import { toast } from '@/lib/notify';
import { usePageState } from '@/stores/page';
import { AdPreviewCell } from '../../ads/AdPreviewCell';
import { AdStatusTag } from '../../ads/AdStatusTag';
import { formatDateTime } from '../date-time';
import { usePagedList } from '../paging';
import { AdFormDrawer } from './AdFormDrawer';
import '../account.css';
import '../../ads/ads.css';

/** What the drawer is doing: closed, publishing a new ad, or editing one. */
type Editing = { open: false } | { open: true; ad?: CustomerAd };

/**
 * /user/center/ads: the visitor's ads (issue 19) — publish one for review, see how each is doing
 * (status, views, visits), edit it while it is in review or was rejected, pause and resume it once
 * approved, delete it. The admin's pause is theirs to lift: the page says so instead of offering it.
 */
export default function AdsPage() {
  const { t } = useTranslation('account');
  const adCoin = useSession((state) => state.adCoin);
  const isMobile = usePageState((state) => state.isMobileSize);
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [busyId, setBusyId] = useState<number>();

  const load = useCallback((pageNum: number, pageSize: number) => customerAdsApi.mine({ pageNum, pageSize }), []);
  const list = usePagedList(load);
  const { reload, first } = list;
  // "Expired" is judged against when the page opened.
  const [now] = useState(() => Date.now());

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
  const setStatus = (ad: CustomerAd, status: AdStatus) =>
    act(ad, () => customerAdsApi.changeStatus({ id: ad.id, status }), t(status === 'PAUSED' ? 'ads.paused' : 'ads.resumed'));

  const actions = (ad: CustomerAd) => {
    const busy = busyId === ad.id;
    const editable = AD_OWNER_EDITABLE.includes(ad.status);
    return (
      <div className="ad-table-actions">
        {editable ? (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ open: true, ad })} data-testid={`ad-edit-${ad.id}`}>
            {t('ads.edit')}
          </Button>
        ) : null}
        {mayChangeAdStatus('OWNER', ad, 'PAUSED') ? (
          <Button
            size="small"
            icon={<PauseCircleOutlined />}
            loading={busy}
            onClick={() => void setStatus(ad, 'PAUSED')}
            data-testid={`ad-pause-${ad.id}`}
          >
            {t('ads.pause')}
          </Button>
        ) : null}
        {ad.status === 'PAUSED' ? (
          mayChangeAdStatus('OWNER', ad, 'APPROVED') ? (
            <Button
              size="small"
              icon={<PlayCircleOutlined />}
              loading={busy}
              onClick={() => void setStatus(ad, 'APPROVED')}
              data-testid={`ad-resume-${ad.id}`}
            >
              {t('ads.resume')}
            </Button>
          ) : (
            <Typography.Text type="secondary" className="ad-paused-by-admin" data-testid={`ad-paused-by-admin-${ad.id}`}>
              {t('ads.pausedByAdmin')}
            </Typography.Text>
          )
        ) : null}
        <Popconfirm
          title={t('ads.confirmDelete')}
          onConfirm={() => act(ad, () => customerAdsApi.softDelete(ad.id), t('ads.deleted'))}
          overlayStyle={{ maxWidth: 320 }}
        >
          <Button size="small" danger icon={<DeleteOutlined />} loading={busy} data-testid={`ad-delete-${ad.id}`}>
            {t('ads.delete')}
          </Button>
        </Popconfirm>
      </div>
    );
  };

  const columns: TableColumnsType<CustomerAd> = [
    { key: 'ad', title: t('ads.columns.ad'), width: isMobile ? 128 : 176, render: (_value, ad) => <AdPreviewCell ad={ad} /> },
    {
      key: 'type',
      title: t('ads.columns.type'),
      dataIndex: 'type',
      width: 120,
      responsive: ['sm'],
      render: (type: CustomerAd['type']) => t(`ads.types.${type}`),
    },
    {
      key: 'status',
      title: t('ads.columns.status'),
      dataIndex: 'status',
      width: 120,
      // A phone has no room for an actions column: the buttons go under the status.
      render: (_status, ad) => (
        <div className="ad-status-cell">
          <AdStatusTag ad={ad} now={now} />
          {isMobile ? actions(ad) : null}
        </div>
      ),
    },
    {
      key: 'expiry',
      title: t('ads.columns.expiry'),
      dataIndex: 'expirationTime',
      width: 170,
      responsive: ['md'],
      render: (time: number) => formatDateTime(new Date(time).toISOString()),
    },
    {
      key: 'views',
      title: t('ads.columns.views'),
      dataIndex: 'views',
      width: 72,
      align: 'right',
      render: (views: number, ad) => <span data-testid={`ad-views-${ad.id}`}>{formatCompactNumber(views)}</span>,
    },
    {
      key: 'visits',
      title: t('ads.columns.visits'),
      dataIndex: 'visits',
      width: 72,
      align: 'right',
      responsive: ['sm'],
      render: (visits: number, ad) => <span data-testid={`ad-visits-${ad.id}`}>{formatCompactNumber(visits)}</span>,
    },
    ...(isMobile
      ? []
      : [
          {
            key: 'actions',
            title: t('ads.columns.actions'),
            width: 220,
            fixed: 'right' as const,
            render: (_value: unknown, ad: CustomerAd) => actions(ad),
          },
        ]),
  ];

  return (
    <Card
      title={t('ads.title')}
      className="account-page"
      data-testid="my-ads-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })} data-testid="ad-publish">
          {t('ads.publish')}
        </Button>
      }
    >
      <div className="ad-stats">
        <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 280px' }}>
          {t('ads.explain')}
        </Typography.Paragraph>
        <Statistic title={t('ads.adCoin')} value={formatCompactNumber(adCoin)} data-testid="my-ads-adcoin" />
      </div>
      <Table<CustomerAd>
        rowKey="id"
        columns={columns}
        size="middle"
        scroll={{ x: 'max-content' }}
        style={{ marginTop: 16 }}
        {...list.tableProps}
        data-testid="my-ads-table"
      />
      <AdFormDrawer
        open={editing.open}
        ad={editing.open ? editing.ad : undefined}
        onClose={() => setEditing({ open: false })}
        onSaved={() => {
          const wasNew = editing.open && !editing.ad;
          setEditing({ open: false });
          // A new ad is the newest: page 1 shows it.
          if (wasNew) first();
          reload();
        }}
      />
    </Card>
  );
}
