import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handWrite } from './hand-write.service';

export default function HandWritePage() {
  const { t } = useTranslation('hand-write');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea
        aria-label={t('inputLabel')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        data-testid="hand-write-input"
      />
      <Input.TextArea aria-label={t('outputLabel')} value={handWrite(input)} readOnly data-testid="hand-write-output" />
    </Card>
  );
}
