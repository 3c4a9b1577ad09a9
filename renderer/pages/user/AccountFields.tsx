import { Form, Input, Space } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '@shared/contracts/users';
import type { CaptchaPurpose } from '@shared/contracts/users';
import { CaptchaButton } from './CaptchaButton';
import { useAccountRules } from './form-rules';

/** The emailed 6-digit code with its "send code" button, for the address in the form's `email` field. */
export function CaptchaField({ form, purpose, testId }: { form: FormInstance; purpose: CaptchaPurpose; testId: string }) {
  const { t } = useTranslation('account');
  const rules = useAccountRules();
  return (
    <Form.Item label={t('fields.captcha')} required>
      <Space.Compact block>
        <Form.Item name="captcha" noStyle rules={rules.captcha}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('placeholders.captcha')}
            data-testid={testId}
          />
        </Form.Item>
        <CaptchaButton form={form} emailField="email" purpose={purpose} />
      </Space.Compact>
    </Form.Item>
  );
}

/** A new password typed twice (`password` + `confirm`); `label` is the first field's label. */
export function NewPasswordFields({
  label,
  passwordTestId,
  confirmTestId,
}: {
  label: string;
  passwordTestId: string;
  confirmTestId: string;
}) {
  const { t } = useTranslation('account');
  const rules = useAccountRules();
  return (
    <>
      <Form.Item name="password" label={label} rules={rules.password}>
        <Input.Password
          autoComplete="new-password"
          placeholder={t('placeholders.password', { min: PASSWORD_MIN })}
          data-testid={passwordTestId}
        />
      </Form.Item>
      <Form.Item name="confirm" label={t('fields.confirmPassword')} dependencies={['password']} rules={rules.confirm('password')}>
        <Input.Password autoComplete="new-password" data-testid={confirmTestId} />
      </Form.Item>
    </>
  );
}
