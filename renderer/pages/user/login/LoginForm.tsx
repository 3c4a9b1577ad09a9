import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginRequest } from '@shared/contracts/users';
import { login } from '@/auth/actions';
import { toast } from '@/lib/notify';
import { useAccountRules } from '../form-rules';
import { showServerError } from '../server-message';

interface LoginValues {
  account: string;
  password: string;
}

const FIELDS = ['account', 'password'] as const;

/** Log in with user name or email + password (spec §4: tokens stored, then user info loaded). */
export function LoginForm({ initialAccount, onDone, onForgot }: { initialAccount?: string; onDone(): void; onForgot(): void }) {
  const { t } = useTranslation('account');
  const rules = useAccountRules();
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  // After a password reset the page hands over the email, ready for the new password.
  useEffect(() => {
    if (initialAccount) form.setFieldsValue({ account: initialAccount, password: '' });
  }, [form, initialAccount]);

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    setError(undefined);
    try {
      await login(loginRequest.parse(values));
      toast.success(t('login.success'));
      onDone();
    } catch (failure) {
      setError(showServerError(form, FIELDS, failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} data-testid="login-form">
      <Form.Item name="account" label={t('fields.account')} rules={rules.account}>
        <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-account" />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} rules={rules.loginPassword}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="account-form__error" data-testid="login-error" /> : null}
      <Button type="primary" size="large" htmlType="submit" block loading={submitting} data-testid="login-submit">
        {t('login.submit')}
      </Button>
      <div className="account-form__aside">
        <Button type="link" size="small" onClick={onForgot}>
          {t('login.forgot')}
        </Button>
      </div>
    </Form>
  );
}
