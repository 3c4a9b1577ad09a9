import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_POST_MAX_CHARS } from '@shared/contracts/board-base';
import { Button } from '@/components/Button';
import { Text } from '@/components/Text';
import { TextArea } from '@/components/TextArea';
import { toast } from '@/lib/notify';

interface ComposerProps {
  initial?: string;
  placeholder: string;
  submitLabel: string;
  /** Resolves when the server took it; a rejection's (translated) message is shown and the text kept. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

export function Composer({ initial = '', placeholder, submitLabel, onSubmit, onCancel, autoFocus }: ComposerProps) {
  const { t } = useTranslation('board');
  const [content, setContent] = useState(initial);
  const [sending, setSending] = useState(false);

  async function submit() {
    setSending(true);
    try {
      await onSubmit(content);
      setContent('');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="board-composer">
      <TextArea
        aria-label={t('composer.label')}
        placeholder={placeholder}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        autoSize={{ minRows: 2, maxRows: 10 }}
        autoFocus={autoFocus}
        data-testid="board-composer-input"
      />
      <div className="board-composer__actions">
        <Text type={[...content].length > BOARD_POST_MAX_CHARS ? 'danger' : 'secondary'} className="board-composer__count">
          {[...content].length} / {BOARD_POST_MAX_CHARS}
        </Text>
        {onCancel && <Button onClick={onCancel}>{t('composer.cancel')}</Button>}
        <Button
          type="primary"
          loading={sending}
          disabled={!content.trim()}
          onClick={() => void submit()}
          data-testid="board-composer-submit"
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
