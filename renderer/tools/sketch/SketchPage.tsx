import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sketch } from './sketch.service';

export default function SketchPage() {
  const { t } = useTranslation('sketch');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea
        aria-label={t('inputLabel')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        data-testid="sketch-input"
      />
      <Input.TextArea aria-label={t('outputLabel')} value={sketch(input)} readOnly data-testid="sketch-output" />
    </Card>
  );
}
