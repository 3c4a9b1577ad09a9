import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { CopyButton } from '@/components/CopyButton';
import { DownloadButton } from '@/components/DownloadButton';
import { Space } from '@/components/Space';
import { Spin } from '@/components/Spin';
import { Text } from '@/components/Text';
import { TextArea } from '@/components/TextArea';
import { formatFileSize } from '@/lib/format';
import { toast } from '@/lib/notify';
import { encodeGbkInWorker } from './assistant-client';
import type { RunOutcome } from './assistant-client';
import { MAX_INPUT_BYTES } from './chain-schema';
import { outputPreview, withLineEnding } from './text-assistant.service';
import type { LineEnding } from './text-assistant.service';

const integer = new Intl.NumberFormat('en-US');

interface OutputPanelProps {
  outcome: RunOutcome | undefined;
  /** Shows the "working" note (delayed, so quick runs do not flash it). */
  running: boolean;
  /** The outcome belongs to an older text or chain than the current one: not handed out. */
  stale: boolean;
  hasSteps: boolean;
  /** The input's line ending: the result is shown with LF (as any text box) and saved with this. */
  lineEnding: LineEnding;
}

function useErrorText(outcome: RunOutcome | undefined): string | undefined {
  const { t } = useTranslation('text-assistant');
  if (!outcome || outcome.ok) return undefined;
  if (outcome.error === 'componentUnavailable') return t('componentUnavailable', { ns: 'components' });
  const step = (outcome.error !== 'timeout' && outcome.stepIndex !== undefined ? outcome.stepIndex : 0) + 1;
  switch (outcome.error) {
    case 'timeout':
      return t('errors.timeout', { seconds: outcome.seconds });
    case 'invalidRegex':
      return t('errors.invalidRegex', { step, detail: outcome.detail });
    case 'resultTooLarge':
      return t('errors.resultTooLarge', { step });
    case 'converterMissing':
    case 'converterFailed':
      return t('errors.converterFailed');
    case 'tooLarge':
      return t('errors.tooLarge', { limit: formatFileSize(MAX_INPUT_BYTES) });
    case 'invalidChain':
      return t('errors.invalidChain');
    case 'unknown':
      return t('errors.unknown', { detail: outcome.detail });
  }
}

/**
 * The result box, re-rendered only when the shown text changes: even an unchanged render of a box
 * holding 200 000 characters reads all of them back from the page (~0.1 s), and the panel around it
 * re-renders whenever typing starts or stops.
 */
const OutputBox = memo(function OutputBox({ text, label }: { text: string; label: string }) {
  return (
    <TextArea
      className="ta-textarea"
      aria-label={label}
      value={text}
      readOnly
      rows={10}
      spellCheck={false}
      data-testid="text-assistant-output"
    />
  );
});

/** The chain's result, live: copy, download as UTF-8 or GBK, or the translated reason it could not be produced. */
export function OutputPanel({ outcome, running, stale, hasSteps, lineEnding }: OutputPanelProps) {
  const { t } = useTranslation('text-assistant');
  const error = useErrorText(outcome);
  const text = outcome?.ok ? outcome.value.text : '';
  const shown = outputPreview(text);
  // Made at click time: converting a 20 MB result on every render would cost for nothing.
  const saved = () => withLineEnding(text, lineEnding);

  const gbkFile = async () => {
    const { bytes, unencodable } = await encodeGbkInWorker(saved());
    if (unencodable > 0) toast.warning(t('output.gbkReplaced', { count: unencodable }));
    return new Blob([bytes], { type: 'text/plain;charset=gbk' });
  };

  return (
    <section className="ta-output">
      <div className="ta-head">
        <Space size={8}>
          <Text strong>{t('output.label')}</Text>
          {running ? (
            <Text type="secondary" className="ta-hint" data-testid="output-running">
              <Spin size="small" /> {t('output.running')}
            </Text>
          ) : null}
        </Space>
        <Space size={4} wrap>
          {/* While a newer run works, the box still shows the last result: never hand that out. */}
          <CopyButton text={saved} label={t('output.copy')} type="default" disabled={text === '' || stale} data-testid="copy-output" />
          <DownloadButton
            size="small"
            label={t('output.downloadUtf8')}
            fileName={t('output.fileName')}
            disabled={text === '' || stale}
            getFile={() => new Blob([saved()], { type: 'text/plain;charset=utf-8' })}
            data-testid="download-utf8"
          />
          <DownloadButton
            size="small"
            label={t('output.downloadGbk')}
            fileName={t('output.fileName')}
            disabled={text === '' || stale}
            getFile={gbkFile}
            data-testid="download-gbk"
          />
        </Space>
      </div>
      {error ? <Alert type="error" showIcon message={error} data-testid="output-error" /> : null}
      <div className="ta-output__box" aria-busy={stale} data-stale={stale} data-testid="output-state">
        <OutputBox text={shown} label={t('output.label')} />
      </div>
      {shown.length < text.length ? (
        <Text type="secondary" className="ta-hint" data-testid="output-truncated">
          {t('output.truncated', { total: integer.format(text.length), shown: integer.format(shown.length) })}
        </Text>
      ) : null}
      {!hasSteps ? (
        <Text type="secondary" className="ta-hint">
          {t('output.noSteps')}
        </Text>
      ) : null}
    </section>
  );
}
