import { ApiOutlined } from '@ant-design/icons';
import { Card, Empty, List, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OAuth2Binding } from '@shared/contracts/users';
import { usersApi } from '@/auth/api';
import { LoginRequired } from '../LoginRequired';
import { formatDateTime } from '../date-time';
import '../account.css';

function BindingList() {
  const { t } = useTranslation('account');
  const [bindings, setBindings] = useState<OAuth2Binding[]>();

  useEffect(() => {
    let live = true;
    usersApi.oauth2Bindings().then(
      (list) => {
        if (live) setBindings(list);
      },
      () => {
        if (live) setBindings([]);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  if (!bindings) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (bindings.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text>{t('bindings.empty')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('bindings.emptyHint')}</Typography.Text>
          </>
        }
        data-testid="bindings-empty"
      />
    );
  }
  return (
    <List
      dataSource={bindings}
      rowKey={(binding) => `${binding.provider}:${binding.externalId}`}
      renderItem={(binding) => (
        <List.Item>
          <List.Item.Meta
            avatar={<ApiOutlined />}
            title={binding.provider}
            description={`${t('bindings.externalId')}: ${binding.externalId} · ${t('bindings.boundAt')}: ${formatDateTime(binding.boundAt)}`}
          />
        </List.Item>
      )}
      data-testid="bindings-list"
    />
  );
}

/** /user/center/bindings: third-party accounts linked for login (none can be linked yet). */
export default function BindingsPage() {
  const { t } = useTranslation('account');
  return (
    <div className="account-page" data-testid="bindings-page">
      <Card title={t('bindings.title')}>
        <LoginRequired>
          <BindingList />
        </LoginRequired>
      </Card>
    </div>
  );
}
