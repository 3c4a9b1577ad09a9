import { KeyOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_USER_ID } from '@shared/contracts/users';
import type { UserRow } from '@shared/contracts/users';
import { usersApi } from '@/auth/api';
import { DEFAULT_WAIT_MS, debounce } from '@/lib/format';
import { toast } from '@/lib/notify';
import { formatDateTime } from '@/pages/user/date-time';
import { usePagedList } from '@/pages/user/paging';
import { usePageState } from '@/stores/page';
import { TokenModal } from './TokenModal';
import type { IssuedToken } from './TokenModal';
import './admin.css';

const displayName = (row: UserRow) => row.nickName || row.userName;

/** /admin/users: search, page, enable or disable users, and issue a support token for one. */
export default function UsersPage() {
  const { t } = useTranslation('backOffice');
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [busyId, setBusyId] = useState<number>();
  const [issued, setIssued] = useState<IssuedToken>();
  const isMobile = usePageState((state) => state.isMobileSize);

  const load = useCallback((pageNum: number, pageSize: number) => usersApi.listUsers(pageNum, pageSize, keyword || undefined), [keyword]);
  const list = usePagedList(load);
  const { first, reload } = list;

  // Spec §9 default wait: typing settles for 500 ms before the list asks the server.
  const applyKeyword = useMemo(
    () =>
      debounce((value: string) => {
        setKeyword(value.trim());
        first();
      }, DEFAULT_WAIT_MS),
    [first],
  );
  useEffect(() => () => applyKeyword.cancel(), [applyKeyword]);

  const setEnabled = async (row: UserRow, enabled: boolean) => {
    setBusyId(row.userId);
    try {
      await (enabled ? usersApi.enableUser(row.userId) : usersApi.disableUser(row.userId));
      toast.success(t(enabled ? 'users.enabledDone' : 'users.disabled', { name: displayName(row) }));
      reload();
    } catch {
      // The API client showed the reason; the switch stays as it was.
    } finally {
      setBusyId(undefined);
    }
  };

  const createToken = async (row: UserRow) => {
    try {
      setIssued({ name: displayName(row), pair: await usersApi.createTokenFor(row.userId) });
    } catch {
      // The API client showed the reason.
    }
  };

  const columns: TableColumnsType<UserRow> = [
    { key: 'userId', title: t('users.userId'), dataIndex: 'userId', width: 64, responsive: ['sm'] },
    {
      key: 'user',
      title: `${t('users.userName')} / ${t('users.nickName')}`,
      dataIndex: 'userName',
      width: 180,
      ellipsis: true,
      render: (userName: string, row) => (
        <div className="admin-user-cell">
          <Typography.Text strong ellipsis>
            {userName}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis>
            {row.nickName}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'email', title: t('users.email'), dataIndex: 'email', ellipsis: { showTitle: true }, minWidth: 160, responsive: ['sm'] },
    {
      key: 'roles',
      title: t('users.roles'),
      dataIndex: 'roles',
      width: 110,
      responsive: ['md'],
      render: (roles: string[]) => roles.map((role) => <Tag key={role}>{role}</Tag>),
    },
    // Wide screens only: the last login says more about an account than its birthday.
    {
      key: 'createTime',
      title: t('users.createTime'),
      dataIndex: 'createTime',
      width: 170,
      responsive: ['xxl'],
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'lastLoginTime',
      title: t('users.lastLoginTime'),
      dataIndex: 'lastLoginTime',
      width: 170,
      responsive: ['lg'],
      render: (value: string | null) => (value ? formatDateTime(value) : t('users.never')),
    },
    {
      key: 'enabled',
      title: t('users.enabled'),
      dataIndex: 'enabled',
      width: 72,
      fixed: isMobile ? undefined : 'right',
      render: (enabled: boolean, row) => {
        const toggle = (
          <Switch
            checked={enabled}
            loading={busyId === row.userId}
            disabled={row.userId === ADMIN_USER_ID}
            aria-label={t('users.enabled')}
            data-testid={`user-enabled-${row.userId}`}
          />
        );
        if (row.userId === ADMIN_USER_ID) return <Tooltip title={t('users.adminRow')}>{toggle}</Tooltip>;
        return (
          <Popconfirm
            title={t(enabled ? 'users.confirmDisable' : 'users.confirmEnable', { name: displayName(row) })}
            onConfirm={() => setEnabled(row, !enabled)}
            overlayStyle={{ maxWidth: 320 }}
          >
            {toggle}
          </Popconfirm>
        );
      },
    },
    {
      key: 'actions',
      title: t('users.actions'),
      width: isMobile ? 64 : 124,
      fixed: isMobile ? undefined : 'right',
      render: (_value, row) => (
        <Popconfirm title={t('users.confirmToken', { name: displayName(row) })} onConfirm={() => createToken(row)}>
          <Button
            size="small"
            icon={<KeyOutlined />}
            aria-label={t('users.createToken')}
            title={isMobile ? t('users.createToken') : undefined}
            data-testid={`user-token-${row.userId}`}
          >
            {isMobile ? null : t('users.createToken')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card title={t('users.title')} className="admin-page" data-testid="admin-users">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Input
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            applyKeyword(event.target.value);
          }}
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('users.search')}
          aria-label={t('users.search')}
          className="admin-search"
          data-testid="admin-users-search"
        />
        <Table<UserRow>
          rowKey="userId"
          columns={columns}
          size="middle"
          scroll={{ x: 'max-content' }}
          {...list.tableProps}
          data-testid="admin-users-table"
        />
      </Space>
      <TokenModal issued={issued} onClose={() => setIssued(undefined)} />
    </Card>
  );
}
