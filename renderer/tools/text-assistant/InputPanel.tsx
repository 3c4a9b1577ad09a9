import { ClearOutlined, FileTextOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { ChangeEvent, ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/format';
import { toast } from '@/lib/notify';
import { MAX_INPUT_BYTES } from './chain-schema';
import { decodeText } from './decode';
import { utf8ByteLength } from './stats';
import { lineEndingAfterPaste, lineEndingOf, toLf } from './text-assistant.service';
import type { LineEnding } from './text-assistant.service';

interface InputPanelProps {
  value: string;
  /** Typing: the page waits for a pause before processing. */
  onType: (text: string) => void;
  /** Sample, file, clear: processed at once. */
  onReplace: (text: string) => void;
  /**
   * The line ending of the text opened or pasted. The text itself is kept as the box shows it (LF:
   * browsers give a text box's value with LF only, so CRLF would not survive a keystroke anyway);
   * copies and downloads get this ending back.
   */
  lineEnding: LineEnding;
  onLineEnding: (ending: LineEnding) => void;
}

// Every UTF-16 unit is at most 3 UTF-8 bytes, so shorter text needs no exact count.
const fits = (text: string) => text.length * 3 <= MAX_INPUT_BYTES || utf8ByteLength(text) <= MAX_INPUT_BYTES;

/** The original text: editor, sample, open file (UTF-8, GBK or ISO-8859-1), clear, and the 20 MB cap. */
export function InputPanel({ value, onType, onReplace, lineEnding, onLineEnding }: InputPanelProps) {
  const { t } = useTranslation('text-assistant');
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const limit = formatFileSize(MAX_INPUT_BYTES);

  const accept = (text: string, replace: boolean) => {
    // Too large: refuse it and keep what is there, so nothing the user had is lost.
    if (!fits(text)) {
      setError(t('input.tooLarge', { limit }));
      return false;
    }
    setError(undefined);
    (replace ? onReplace : onType)(text);
    return true;
  };

  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_INPUT_BYTES) {
      setError(t('input.tooLarge', { limit }));
      return;
    }
    try {
      const { text, encoding } = decodeText(new Uint8Array(await file.arrayBuffer()));
      const ending = lineEndingOf(text);
      if (accept(ending === 'crlf' ? toLf(text) : text, true)) {
        onLineEnding(ending);
        toast.success(t('input.opened', { name: file.name, encoding }));
      }
    } catch (reason) {
      setError(t('input.readFailed', { message: reason instanceof Error ? reason.message : String(reason) }));
    }
  };

  const replace = (text: string) => {
    if (accept(text, true)) onLineEnding('lf');
  };

  const paste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const box = event.currentTarget;
    const replacesAll = box.selectionStart === 0 && box.selectionEnd === box.value.length;
    onLineEnding(lineEndingAfterPaste(lineEnding, box.value, event.clipboardData.getData('text/plain'), replacesAll));
  };

  return (
    <section className="ta-input">
      <div className="ta-head">
        <Typography.Text strong>{t('input.label')}</Typography.Text>
        <Space size={4} wrap>
          <Button size="small" icon={<FileTextOutlined />} onClick={() => replace(t('input.sampleText'))} data-testid="sample">
            {t('input.sample')}
          </Button>
          <Button size="small" icon={<FolderOpenOutlined />} onClick={() => fileInput.current?.click()} data-testid="open-file">
            {t('input.open')}
          </Button>
          <Button size="small" icon={<ClearOutlined />} onClick={() => replace('')} disabled={value === ''} data-testid="clear-input">
            {t('input.clear')}
          </Button>
        </Space>
        <input ref={fileInput} type="file" accept=".txt,.csv,.md,.log,.json,.srt,text/*" hidden onChange={(event) => void open(event)} data-testid="file-input" />
      </div>
      <Input.TextArea
        className="ta-textarea"
        aria-label={t('input.label')}
        placeholder={t('input.placeholder')}
        value={value}
        onChange={(event) => accept(event.target.value, false)}
        onPaste={paste}
        rows={10}
        spellCheck={false}
        data-testid="text-assistant-input"
      />
      {error ? <Alert type="error" showIcon message={error} closable onClose={() => setError(undefined)} data-testid="input-error" /> : null}
    </section>
  );
}
