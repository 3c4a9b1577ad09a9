import { Button } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaPurpose } from '@shared/contracts/users';
import { useLanguage } from '@/app/language';
import { usersApi } from '@/auth/api';
import { toast } from '@/lib/notify';
import { readServerMessage } from './server-message';

/** The server accepts one mail per address a minute; the button waits as long. */
export const RESEND_SECONDS = 60;

interface CaptchaButtonProps {
  form: FormInstance;
  /** The form field holding the address the code goes to. */
  emailField: string;
  purpose: CaptchaPurpose;
}

/** "Send code": checks the email field, mails a code, then counts down before it can resend. */
export function CaptchaButton({ form, emailField, purpose }: CaptchaButtonProps) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setSecondsLeft(secondsLeft - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    let email: string;
    try {
      email = String((await form.validateFields([emailField]))[emailField]).trim().toLowerCase();
    } catch {
      return; // the field shows what is wrong
    }
    setSending(true);
    try {
      await usersApi.sendCaptcha(email, purpose);
      setSecondsLeft(RESEND_SECONDS);
      toast.success(t('captcha.sent', { email }));
    } catch (error) {
      // The API client already showed why; an "address in use" also goes under the email field.
      if (error instanceof Error) {
        const { field, text } = readServerMessage(error.message, language);
        if (field === 'email') form.setFields([{ name: emailField, errors: [text] }]);
      }
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
