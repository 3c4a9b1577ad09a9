import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { otp } from './otp.service';

export default function OtpPage() {
  const { t } = useTranslation('otp');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea
        aria-label={t('inputLabel')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        data-testid="otp-input"
      />
      <Input.TextArea aria-label={t('outputLabel')} value={otp(input)} readOnly data-testid="otp-output" />
    </Card>
  );
}
