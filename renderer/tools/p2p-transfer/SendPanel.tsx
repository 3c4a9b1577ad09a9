import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FileDropZone } from '@/components/FileDropZone';
import { TextArea } from '@/components/TextArea';
import { toast } from '@/lib/notify';

interface Props {
  disabled: boolean;
  /** The protocol's limit for one text message. */
  maxText: number;
  onFiles: (files: File[]) => void;
  onText: (text: string) => void;
}

/** Files, a whole folder (picked or dropped, paths kept), pasted files, or text. */
export function SendPanel({ disabled, maxText, onFiles, onText }: Props) {
  const { t } = useTranslation('p2p-transfer');
  const [text, setText] = useState('');

  const send = () => {
    if (text.length > maxText) {
      toast.error(t('textTooLong', { max: maxText }));
      return;
    }
    onText(text);
    setText('');
  };

  const paste = async () => {
    try {
      const pasted = await navigator.clipboard.readText();
      if (pasted) setText((old) => old + pasted);
      else toast.info(t('clipboardEmpty'));
    } catch {
      toast.error(t('clipboardFailed'));
    }
  };

  return (
    <div className="p2p-send">
      <FileDropZone onFiles={onFiles} disabled={disabled} title={t('dropTitle')} hint={t('dropHint')} inputTestId="p2p-files" />
      <TextArea
        aria-label={t('textLabel')}
        placeholder={t('textPlaceholder')}
        value={text}
        autoSize={{ minRows: 2, maxRows: 8 }}
        onChange={(event) => setText(event.target.value)}
        data-testid="p2p-text"
      />
      <div className="p2p-send__actions">
        <Button onClick={() => void paste()} data-testid="p2p-paste">
          {t('pasteClipboard')}
        </Button>
        <Button type="primary" disabled={disabled || text.length === 0} onClick={send} data-testid="p2p-send-text">
          {t('sendText')}
        </Button>
      </div>
    </div>
  );
}
