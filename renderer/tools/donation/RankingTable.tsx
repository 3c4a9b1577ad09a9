import { UserOutlined } from '@ant-design/icons';
import { Avatar, Empty, Space, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DonationSupporter } from '@shared/contracts/donations-base';
import { useAuthor } from '@/lib/authors';
import { formatDonationTime, formatYuan } from './donation.service';

type Row = DonationSupporter & { rank: number };

/** Linked supporters by their account's avatar and nickname; others by the name they gave, or anonymous. */
function Supporter({ supporter }: { supporter: DonationSupporter }) {
  const { t } = useTranslation('donation');
  const person = useAuthor(supporter.userId);
  const name = person?.nickName || supporter.name;
  return (
    <Space size={8} className="donation-supporter">
      <Avatar size="small" src={person?.avatar || undefined} icon={<UserOutlined />} aria-hidden />
      {name ? <Typography.Text>{name}</Typography.Text> : <Typography.Text type="secondary">{t('anonymous')}</Typography.Text>}
    </Space>
  );
}

/** The ranking, paged as spec §9 lists: 10 a page, quick jumper and size changer. */
export default function RankingTable({ rows, loading }: { rows: Row[]; loading: boolean }) {
  const { t } = useTranslation('donation');
  const columns: TableColumnsType<Row> = [
    { title: t('rank'), dataIndex: 'rank', width: 64, align: 'center' },
    { title: t('supporter'), key: 'supporter', render: (_, row) => <Supporter supporter={row} /> },
    {
      title: t('amount'),
      key: 'amount',
      align: 'right',
      render: (_, row) => (
        <Tooltip title={t('times', { count: row.count })}>
          <Typography.Text strong>{formatYuan(row.totalCents)}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: t('message'),
      dataIndex: 'message',
      responsive: ['sm'],
      render: (message?: string) => (message ? <Typography.Text className="donation-message">{message}</Typography.Text> : null),
    },
    { title: t('time'), dataIndex: 'lastTime', responsive: ['md'], render: (time: number) => formatDonationTime(time) },
  ];

  return (
    <Table
      rowKey="key"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={rows}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
      pagination={{ defaultPageSize: 10, showQuickJumper: true, showSizeChanger: true, size: 'small' }}
      data-testid="donation-ranking"
    />
  );
}
