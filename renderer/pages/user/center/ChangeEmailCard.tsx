import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captchaTokenRequest } from '@shared/contracts/users';
import { usersApi } from '@/auth/api';
import { toast } from '@/lib/notify';
import { useCaptchaToken } from '../captcha-token';
import { CaptchaField } from '../AccountFields';
import { useAccountRules } from '../form-rules';
import { showServerError } from '../server-message';

interface EmailValues {
  email: string;
  captcha: string;
}

const FIELDS = ['email', 'captcha'] as const;

/** New email → code mailed there → captcha token → email/change. */
export function ChangeEmailCard() {
  const { t } = useTranslation('account');
  const rules = useAccountRules();
  const [form] = Form.useForm<EmailValues>();
  const tokenFor = useCaptchaToken('changeEmail');
  const [current, setCurrent] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    usersApi.details().then(
      (details) => {
        if (live) setCurrent(details.email);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const submit = async (values: EmailValues) => {
    setSaving(true);
    setError(undefined);
    try {
      const { email, captcha } = captchaTokenRequest.parse({ ...values, purpose: 'changeEmail' });
      await usersApi.changeEmail(await tokenFor(email, captcha));
      setCurrent(email);
      toast.success(t('security.emailChanged', { email }));
      form.resetFields();
    } catch (failure) {
      setError(showServerError(form, FIELDS, failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('security.emailTitle')}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className="account-narrow-form"
        onFinish={(values) => void submit(values)}
        data-testid="change-email-form"
      >
        {current ? (
          <Typography.Paragraph data-testid="current-email">{t('security.currentEmail', { email: current })}</Typography.Paragraph>
        ) : null}
        <Form.Item name="email" label={t('fields.newEmail')} rules={rules.email} extra={t('security.emailHint')}>
          <Input type="email" autoComplete="email" data-testid="new-email" />
        </Form.Item>
        <CaptchaField form={form} purpose="changeEmail" testId="email-captcha" />
        {error ? <Alert type="error" showIcon title={error} className="account-form__error" /> : null}
        <Button type="primary" htmlType="submit" loading={saving} data-testid="change-email-submit">
          {t('security.emailSubmit')}
        </Button>
      </Form>
    </Card>
  );
}
