import { Card, Table, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginLog } from '@shared/contracts/users';
import { usersApi } from '@/auth/api';
import { LoginRequired } from '../LoginRequired';
import { formatDateTime } from '../date-time';
import { usePagedList } from '../paging';
import { summarizeUserAgent } from '../user-agent';
import '../account.css';

const loadLogs = (pageNum: number, pageSize: number) => usersApi.loginLogs(pageNum, pageSize);

function LoginLogTable() {
  const { t } = useTranslation('account');
  const { tableProps } = usePagedList(loadLogs);
  const columns: TableColumnsType<LoginLog> = [
    { key: 'time', title: t('logs.time'), dataIndex: 'loginTime', render: (value: string) => formatDateTime(value), width: 168 },
    { key: 'ip', title: t('logs.ip'), dataIndex: 'ip', width: 150, responsive: ['sm'] },
    {
      key: 'userAgent',
      title: t('logs.userAgent'),
      dataIndex: 'userAgent',
      ellipsis: { showTitle: false },
      minWidth: 120,
      render: (value: string) => (
        <Tooltip title={value || t('logs.unknownAgent')} placement="topLeft">
          <span>{(value && summarizeUserAgent(value)) || value || t('logs.unknownAgent')}</span>
        </Tooltip>
      ),
    },
    {
      key: 'result',
      title: t('logs.result'),
      dataIndex: 'result',
      width: 90,
      render: (value: LoginLog['result']) =>
        value === 'success' ? <Tag color="success">{t('logs.success')}</Tag> : <Tag color="error">{t('logs.failure')}</Tag>,
    },
  ];
  return (
    <Table<LoginLog> rowKey="id" columns={columns} size="middle" scroll={{ x: 'max-content' }} {...tableProps} data-testid="login-logs" />
  );
}

/** /user/center/logs: the member's own sign-ins, newest first, paged by the server. */
export default function LoginLogsPage() {
  const { t } = useTranslation('account');
  return (
    <div className="account-page" data-testid="login-logs-page">
      <Card title={t('logs.title')}>
        <LoginRequired>
          <LoginLogTable />
        </LoginRequired>
      </Card>
    </div>
  );
}
