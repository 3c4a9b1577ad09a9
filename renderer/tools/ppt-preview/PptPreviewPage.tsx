import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pptPreview } from './ppt-preview.service';

export default function PptPreviewPage() {
  const { t } = useTranslation('ppt-preview');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea
        aria-label={t('inputLabel')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        data-testid="ppt-preview-input"
      />
      <Input.TextArea aria-label={t('outputLabel')} value={pptPreview(input)} readOnly data-testid="ppt-preview-output" />
    </Card>
  );
}
