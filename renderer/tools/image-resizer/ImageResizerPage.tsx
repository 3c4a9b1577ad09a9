import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageResizer } from './image-resizer.service';

export default function ImageResizerPage() {
  const { t } = useTranslation('image-resizer');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea aria-label={t('inputLabel')} value={input} onChange={(event) => setInput(event.target.value)} data-testid="image-resizer-input" />
      <Input.TextArea aria-label={t('outputLabel')} value={imageResizer(input)} readOnly data-testid="image-resizer-output" />
    </Card>
  );
}
