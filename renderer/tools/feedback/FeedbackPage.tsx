import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from './feedback.service';

export default function FeedbackPage() {
  const { t } = useTranslation('feedback');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea
        aria-label={t('inputLabel')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        data-testid="feedback-input"
      />
      <Input.TextArea aria-label={t('outputLabel')} value={feedback(input)} readOnly data-testid="feedback-output" />
    </Card>
  );
}
