import ClearOutlined from '@ant-design/icons-svg/es/asn/ClearOutlined';
import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import FolderOpenOutlined from '@ant-design/icons-svg/es/asn/FolderOpenOutlined';
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
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Icon } from '@/components/Icon';
import { Space } from '@/components/Space';
import { Text } from '@/components/Text';

interface InputPanelProps {
  /** Typing, with the box's whole text: the page waits for a pause before processing. */
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

/**
 * The original text: editor, sample, open file (UTF-8, GBK or ISO-8859-1), clear, and the 20 MB cap.
 *
 * The box is a plain textarea that React never writes to: it holds the text itself, reports
 * keystrokes through onInput, and a new text (sample, file, clear) is put into it directly. A
 * keystroke in a 10,000-line text so costs what the browser's own editing costs. antd's TextArea
 * keeps the value in React state even when uncontrolled, so every keystroke rewrote the box's
 * default text (all of it) and, with onChange, cloned the box; with the page re-rendering as well
 * that was 0.1–0.7 s per keystroke. It wears antd's look through the theme's variables.
 */
export function InputPanel({ onType, onReplace, lineEnding, onLineEnding }: InputPanelProps) {
  const { t } = useTranslation('text-assistant');
  const fileInput = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  // The last text the box was allowed to hold: typing past the cap goes back to it.
  const accepted = useRef('');
  const [empty, setEmpty] = useState(true);
  const [error, setError] = useState<string>();
  const limit = formatFileSize(MAX_INPUT_BYTES);

  const accept = (text: string, replace: boolean) => {
    // Too large: refuse it and keep what is there, so nothing the user had is lost.
    if (!fits(text)) {
      setError(t('input.tooLarge', { limit }));
      if (!replace && box.current) box.current.value = accepted.current;
      return false;
    }
    if (error !== undefined) setError(undefined);
    accepted.current = text;
    if (replace && box.current) box.current.value = text;
    if (empty !== (text === '')) setEmpty(text === '');
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
        <Text strong>{t('input.label')}</Text>
        <Space size={4} wrap>
          <Button size="small" icon={<Icon icon={FileTextOutlined} />} onClick={() => replace(t('input.sampleText'))} data-testid="sample">
            {t('input.sample')}
          </Button>
          <Button size="small" icon={<Icon icon={FolderOpenOutlined} />} onClick={() => fileInput.current?.click()} data-testid="open-file">
            {t('input.open')}
          </Button>
          <Button size="small" icon={<Icon icon={ClearOutlined} />} onClick={() => replace('')} disabled={empty} data-testid="clear-input">
            {t('input.clear')}
          </Button>
        </Space>
        <input
          ref={fileInput}
          type="file"
          accept=".txt,.csv,.md,.log,.json,.srt,text/*"
          hidden
          onChange={(event) => void open(event)}
          data-testid="file-input"
        />
      </div>
      <textarea
        ref={box}
        className="ta-textarea ta-box"
        aria-label={t('input.label')}
        placeholder={t('input.placeholder')}
        defaultValue=""
        onInput={(event) => accept(event.currentTarget.value, false)}
        onPaste={paste}
        rows={10}
        spellCheck={false}
        data-testid="text-assistant-input"
      />
      {error ? (
        <Alert type="error" showIcon message={error} closable onClose={() => setError(undefined)} data-testid="input-error" />
      ) : null}
    </section>
  );
}
