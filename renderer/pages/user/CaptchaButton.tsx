import { Button, Form } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaPurpose } from '@shared/contracts/users';
import { usersApi } from '@/auth/api';
import { isHttpError } from '@/http';
import { toast } from '@/lib/notify';

/** The server accepts one mail per address a minute; the button waits as long. */
export const RESEND_SECONDS = 60;

interface CaptchaButtonProps {
  form: FormInstance;
  /** The form field holding the address the code goes to. */
  emailField: string;
  purpose: CaptchaPurpose;
}

const normalized = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toLowerCase();

/**
 * "Send code": checks the email field, mails a code, then counts down before it can resend to that
 * address. The server's limit is per address, so a corrected typo can get its code at once.
 */
export function CaptchaButton({ form, emailField, purpose }: CaptchaButtonProps) {
  const { t } = useTranslation('account');
  const typed = normalized(Form.useWatch(emailField, form));
  /** Address → when it may get another code (ms since epoch). */
  const [resendAt, setResendAt] = useState<Record<string, number>>({});
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const secondsLeft = Math.max(0, Math.ceil(((resendAt[typed] ?? 0) - now) / 1000));

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, now]);

  const send = async () => {
    let email: string;
    try {
      email = normalized((await form.validateFields([emailField]))[emailField]);
    } catch {
      return; // the field shows what is wrong
    }
    setSending(true);
    try {
      await usersApi.sendCaptcha(email, purpose);
      const sentAt = Date.now();
      setNow(sentAt);
      setResendAt((current) => ({ ...current, [email]: sentAt + RESEND_SECONDS * 1000 }));
      toast.success(t('captcha.sent', { email }));
    } catch (error) {
      // The API client already showed why; an "address in use" also goes under the email field.
      const blamed = isHttpError(error) ? error.messages.filter((message) => message.field === 'email') : [];
      if (blamed.length > 0) form.setFields([{ name: emailField, errors: blamed.map((message) => message.text) }]);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={() => void send()} loading={sending} disabled={secondsLeft > 0} data-testid="send-captcha">
      {secondsLeft > 0 ? t('captcha.resend', { seconds: secondsLeft }) : t('captcha.send')}
    </Button>
  );
}
