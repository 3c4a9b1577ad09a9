import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { docPreview } from './doc-preview.service';

export default function DocPreviewPage() {
  const { t } = useTranslation('doc-preview');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea
        aria-label={t('inputLabel')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        data-testid="doc-preview-input"
      />
      <Input.TextArea aria-label={t('outputLabel')} value={docPreview(input)} readOnly data-testid="doc-preview-output" />
    </Card>
  );
}
