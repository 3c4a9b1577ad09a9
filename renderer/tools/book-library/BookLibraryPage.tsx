import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookLibrary } from './book-library.service';

export default function BookLibraryPage() {
  const { t } = useTranslation('book-library');
  const [input, setInput] = useState('');
  return (
    <Card>
      <Input.TextArea
        aria-label={t('inputLabel')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        data-testid="book-library-input"
      />
      <Input.TextArea aria-label={t('outputLabel')} value={bookLibrary(input)} readOnly data-testid="book-library-output" />
    </Card>
  );
}
