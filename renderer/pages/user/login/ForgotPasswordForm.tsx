import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN, captchaTokenRequest } from '@shared/contracts/users';
import { useLanguage } from '@/app/language';
import { usersApi } from '@/auth/api';
import { toast } from '@/lib/notify';
import { CaptchaButton } from '../CaptchaButton';
import { useCaptchaToken } from '../captcha-token';
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
  const language = useLanguage();
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
      setError(showServerError(form, FIELDS, failure, language));
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
      <Form.Item label={t('fields.captcha')} required>
        <Space.Compact block>
          <Form.Item name="captcha" noStyle rules={rules.captcha}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t('placeholders.captcha')} data-testid="forgot-captcha" />
          </Form.Item>
          <CaptchaButton form={form} emailField="email" purpose="resetPassword" />
        </Space.Compact>
      </Form.Item>
      <Form.Item name="password" label={t('fields.newPassword')} rules={rules.password}>
        <Input.Password autoComplete="new-password" placeholder={t('placeholders.password', { min: PASSWORD_MIN })} data-testid="forgot-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('fields.confirmPassword')} dependencies={['password']} rules={rules.confirm('password')}>
        <Input.Password autoComplete="new-password" data-testid="forgot-confirm" />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="account-form__error" /> : null}
      <Button type="primary" size="large" htmlType="submit" block loading={submitting} data-testid="forgot-submit">
        {t('forgot.submit')}
      </Button>
    </Form>
  );
}
