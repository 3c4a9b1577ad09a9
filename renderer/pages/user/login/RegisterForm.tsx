import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerRequest } from '@shared/contracts/users';
import { register } from '@/auth/actions';
import { toast } from '@/lib/notify';
import { CaptchaField, NewPasswordFields } from '../AccountFields';
import { useAccountRules } from '../form-rules';
import { showServerError } from '../server-message';

interface RegisterValues {
  userName: string;
  email: string;
  captcha: string;
  password: string;
  confirm: string;
  nickName?: string;
}

const FIELDS = ['userName', 'email', 'captcha', 'password', 'nickName'] as const;

/** Sign up with a code mailed to the address; the new account is logged in at once. */
export function RegisterForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('account');
  const rules = useAccountRules();
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async ({ confirm: _confirm, nickName, ...values }: RegisterValues) => {
    setSubmitting(true);
    setError(undefined);
    try {
      await register(registerRequest.parse({ ...values, nickName: nickName?.trim() || undefined }));
      toast.success(t('register.success'));
      onDone();
    } catch (failure) {
      setError(showServerError(form, FIELDS, failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} data-testid="register-form">
      <Form.Item name="userName" label={t('fields.userName')} rules={rules.userName}>
        <Input autoComplete="username" placeholder={t('placeholders.userName')} data-testid="register-username" />
      </Form.Item>
      <Form.Item name="email" label={t('fields.email')} rules={rules.email}>
        <Input type="email" autoComplete="email" data-testid="register-email" />
      </Form.Item>
      <CaptchaField form={form} purpose="register" testId="register-captcha" />
      <NewPasswordFields label={t('fields.password')} passwordTestId="register-password" confirmTestId="register-confirm" />
      <Form.Item name="nickName" label={t('fields.nickNameOptional')} rules={rules.nickName}>
        <Input maxLength={32} data-testid="register-nickname" />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="account-form__error" /> : null}
      <Button type="primary" size="large" htmlType="submit" block loading={submitting} data-testid="register-submit">
        {t('register.submit')}
      </Button>
    </Form>
  );
}
