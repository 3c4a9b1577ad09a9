import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { screenOn } from './screen-on.service';

export default function ScreenOnPage() {
  const { t } = useTranslation('screen-on');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea
        aria-label={t('inputLabel')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        data-testid="screen-on-input"
      />
      <Input.TextArea aria-label={t('outputLabel')} value={screenOn(input)} readOnly data-testid="screen-on-output" />
    </Card>
  );
}
