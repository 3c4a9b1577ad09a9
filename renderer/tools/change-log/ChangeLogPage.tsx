import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLog } from './change-log.service';

export default function ChangeLogPage() {
  const { t } = useTranslation('change-log');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea
        aria-label={t('inputLabel')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        data-testid="change-log-input"
      />
      <Input.TextArea aria-label={t('outputLabel')} value={changeLog(input)} readOnly data-testid="change-log-output" />
    </Card>
  );
}
