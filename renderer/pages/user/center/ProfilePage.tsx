import { LogoutOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDetails } from '@shared/contracts/users';
import { loadUserInfo, logout } from '@/auth/actions';
import { usersApi } from '@/auth/api';
import { useSession } from '@/auth/session';
import { formatCompactNumber } from '@/lib/format';
import { toast } from '@/lib/notify';
import { formatDateTime } from '../date-time';
import { useAccountRules } from '../form-rules';
import { showServerError } from '../server-message';
import { AvatarUpload } from './AvatarUpload';
import '../account.css';

/** Loaded once per visit of the page; the header and avatar read the session instead. */
function useDetails() {
  const [details, setDetails] = useState<UserDetails>();
  useEffect(() => {
    let live = true;
    usersApi.details().then(
      (loaded) => {
        if (live) setDetails(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return [details, setDetails] as const;
}

function NickNameForm({ nickName, onSaved, readOnly }: { nickName: string; onSaved(details: UserDetails): void; readOnly: boolean }) {
  const { t } = useTranslation('account');
  const rules = useAccountRules();
  const [form] = Form.useForm<{ nickName: string }>();
  const [saving, setSaving] = useState(false);

  const save = async ({ nickName: value }: { nickName: string }) => {
    setSaving(true);
    try {
      const details = await usersApi.updateDetails(value.trim());
      // The field shows what was saved: the server keeps the nickname trimmed.
      form.setFieldsValue({ nickName: details.nickName });
      await loadUserInfo(true);
      onSaved(details);
      toast.success(t('profile.nickNameSaved'));
    } catch (error) {
      showServerError(form, ['nickName'], error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} initialValues={{ nickName }} onFinish={(values) => void save(values)}>
      <Form.Item label={t('fields.nickName')}>
        <div className="account-inline-form">
          <Form.Item name="nickName" rules={rules.requiredNickName}>
            <Input maxLength={32} disabled={readOnly} data-testid="profile-nickname" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} disabled={readOnly} data-testid="profile-nickname-save">
            {t('profile.save')}
          </Button>
        </div>
      </Form.Item>
    </Form>
  );
}

/** /user/center/profile: avatar, nickname, account facts, logout. */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  const session = useSession();
  const [details, setDetails] = useDetails();

  return (
    <div className="account-page" data-testid="profile-page">
      <Card title={t('profile.title')}>
        {session.demo ? (
          <Alert type="info" showIcon message={t('profile.demoReadOnly')} style={{ marginBottom: 16 }} data-testid="demo-read-only" />
        ) : null}
        <div className="account-profile__head">
          <AvatarUpload readOnly={session.demo} />
        </div>
        <div className="account-profile__body">
          <NickNameForm nickName={session.nickName} onSaved={setDetails} readOnly={session.demo} />
          {details ? (
            <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small">
              <Descriptions.Item label={t('profile.userName')}>
                <span data-testid="profile-username">{details.userName}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('profile.email')}>
                <span data-testid="profile-email">{details.email}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('profile.createTime')}>{formatDateTime(details.createTime)}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} title={false} />
          )}
        </div>
      </Card>
      <div className="account-stats">
        <Card size="small">
          <Statistic title={t('profile.adCoin')} value={formatCompactNumber(session.adCoin)} data-testid="profile-adcoin" />
        </Card>
        <Card size="small">
          <Statistic title={t('profile.resScore')} value={formatCompactNumber(session.resScore)} data-testid="profile-resscore" />
        </Card>
      </div>
      <div>
        <Button danger icon={<LogoutOutlined />} onClick={() => void logout()} data-testid="logout">
          {t('profile.logout')}
        </Button>
      </div>
    </div>
  );
}
