import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textAssistant } from './text-assistant.service';

export default function TextAssistantPage() {
  const { t } = useTranslation('text-assistant');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea aria-label={t('inputLabel')} value={input} onChange={(event) => setInput(event.target.value)} data-testid="text-assistant-input" />
      <Input.TextArea aria-label={t('outputLabel')} value={textAssistant(input)} readOnly data-testid="text-assistant-output" />
    </Card>
  );
}
