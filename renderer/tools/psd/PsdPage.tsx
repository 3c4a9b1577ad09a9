import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { psd } from './psd.service';

export default function PsdPage() {
  const { t } = useTranslation('psd');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea
        aria-label={t('inputLabel')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        data-testid="psd-input"
      />
      <Input.TextArea aria-label={t('outputLabel')} value={psd(input)} readOnly data-testid="psd-output" />
    </Card>
  );
}
