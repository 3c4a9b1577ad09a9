import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captchaTokenRequest } from '@shared/contracts/users';
import { usersApi } from '@/auth/api';
import { toast } from '@/lib/notify';
import { useCaptchaToken } from '../captcha-token';
import { CaptchaField, NewPasswordFields } from '../AccountFields';
import { useAccountRules } from '../form-rules';
import { showServerError } from '../server-message';

interface ResetValues {
  email: string;
  captcha: string;
  password: string;
  confirm: string;
}

const FIELDS = ['email', 'captcha', 'password'] as const;

/** Email → mailed code → captcha token → new password (spec §7 password/change). */
export function ForgotPasswordForm({ onDone }: { onDone(email: string): void }) {
  const { t } = useTranslation('account');
  const rules = useAccountRules();
  const [form] = Form.useForm<ResetValues>();
  const tokenFor = useCaptchaToken('resetPassword');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async ({ password, ...values }: ResetValues) => {
    setSubmitting(true);
    setError(undefined);
    try {
      const { email, captcha } = captchaTokenRequest.parse({ ...values, purpose: 'resetPassword' });
      await usersApi.resetPassword(await tokenFor(email, captcha), password);
      toast.success(t('forgot.success'));
      form.resetFields();
      onDone(email);
    } catch (failure) {
      setError(showServerError(form, FIELDS, failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} data-testid="forgot-form">
      <Typography.Paragraph type="secondary">{t('forgot.hint')}</Typography.Paragraph>
      <Form.Item name="email" label={t('fields.email')} rules={rules.email}>
        <Input type="email" autoComplete="email" data-testid="forgot-email" />
      </Form.Item>
      <CaptchaField form={form} purpose="resetPassword" testId="forgot-captcha" />
      <NewPasswordFields label={t('fields.newPassword')} passwordTestId="forgot-password" confirmTestId="forgot-confirm" />
      {error ? <Alert type="error" showIcon title={error} className="account-form__error" /> : null}
      <Button type="primary" size="large" htmlType="submit" block loading={submitting} data-testid="forgot-submit">
        {t('forgot.submit')}
      </Button>
    </Form>
  );
}
