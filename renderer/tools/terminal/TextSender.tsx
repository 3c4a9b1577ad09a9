import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Input } from '@/components/Input';

/** One line of text to the other device over the P2P channel. */
export function TextSender({ onSend }: { onSend: (text: string) => void }) {
  const { t } = useTranslation('terminal');
  const [text, setText] = useState('');
  const send = () => {
    if (!text.trim()) return;
    onSend(text);
    setText('');
  };
  return (
    <div className="tunnel__row">
      <Input
        aria-label={t('text.label')}
        placeholder={t('text.label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={send}
      />
      <Button onClick={send}>{t('text.send')}</Button>
    </div>
  );
}
