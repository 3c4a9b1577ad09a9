import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { epubReader } from './epub-reader.service';

export default function EpubReaderPage() {
  const { t } = useTranslation('epub-reader');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea
        aria-label={t('inputLabel')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        data-testid="epub-reader-input"
      />
      <Input.TextArea aria-label={t('outputLabel')} value={epubReader(input)} readOnly data-testid="epub-reader-output" />
    </Card>
  );
}
