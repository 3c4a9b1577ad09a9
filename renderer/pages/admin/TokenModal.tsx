import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TokenPair } from '@shared/contracts/users';
import { CopyButton } from '@/components/CopyButton';

export interface IssuedToken {
  name: string;
  pair: TokenPair;
}

function TokenField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Typography.Text strong>{label}</Typography.Text>
      <Space.Compact block>
        <Input.TextArea value={value} readOnly autoSize={{ minRows: 2, maxRows: 4 }} className="admin-token" data-testid={testId} />
        <CopyButton text={value} type="default" size="middle" />
      </Space.Compact>
    </div>
  );
}

/** Shows a token pair issued for a user, once: it is not stored anywhere the admin could see it again. */
export function TokenModal({ issued, onClose }: { issued: IssuedToken | undefined; onClose(): void }) {
  const { t } = useTranslation('backOffice');
  return (
    <Modal
      open={issued !== undefined}
      title={issued ? t('token.title', { name: issued.name }) : undefined}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="token-close">
          {t('token.close')}
        </Button>
      }
      width={640}
      destroyOnHidden
    >
      {issued ? (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('token.explain')} />
          <TokenField label={t('token.accessToken')} value={issued.pair.accessToken} testId="issued-access-token" />
          <TokenField label={t('token.refreshToken')} value={issued.pair.refreshToken} testId="issued-refresh-token" />
          <Typography.Text type="secondary">{t('token.expiresIn', { minutes: Math.round(issued.pair.expiresIn / 60) })}</Typography.Text>
        </Space>
      ) : null}
    </Modal>
  );
}
