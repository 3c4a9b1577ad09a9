import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usersApi } from '@/auth/api';
import { toast } from '@/lib/notify';
import { NewPasswordFields } from '../AccountFields';
import { useAccountRules } from '../form-rules';
import { showServerError } from '../server-message';

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

const FIELDS = ['oldPassword', 'password'] as const;

/** Change the password with the current one (spec §7 password/change/mine). */
export function ChangePasswordCard() {
  const { t } = useTranslation('account');
  const rules = useAccountRules();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async ({ oldPassword, password }: PasswordValues) => {
    setSaving(true);
    setError(undefined);
    try {
      await usersApi.changeMyPassword(oldPassword, password);
      toast.success(t('security.passwordChanged'));
      form.resetFields();
    } catch (failure) {
      setError(showServerError(form, FIELDS, failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('security.passwordTitle')}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className="account-narrow-form"
        onFinish={(values) => void submit(values)}
        data-testid="change-password-form"
      >
        <Form.Item name="oldPassword" label={t('fields.oldPassword')} rules={rules.loginPassword}>
          <Input.Password autoComplete="current-password" data-testid="old-password" />
        </Form.Item>
        <NewPasswordFields label={t('fields.newPassword')} passwordTestId="new-password" confirmTestId="confirm-password" />
        {error ? <Alert type="error" showIcon title={error} className="account-form__error" /> : null}
        <Button type="primary" htmlType="submit" loading={saving} data-testid="change-password-submit">
          {t('security.passwordSubmit')}
        </Button>
      </Form>
    </Card>
  );
}
