import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { excel } from './excel.service';

export default function ExcelPage() {
  const { t } = useTranslation('excel');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea
        aria-label={t('inputLabel')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        data-testid="excel-input"
      />
      <Input.TextArea aria-label={t('outputLabel')} value={excel(input)} readOnly data-testid="excel-output" />
    </Card>
  );
}
