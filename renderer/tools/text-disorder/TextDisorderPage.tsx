import { ReloadOutlined } from '@ant-design/icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Columns } from '@/components/Columns';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { CopyButton } from '@/components/CopyButton';
import { DownloadButton } from '@/components/DownloadButton';
import { Input } from '@/components/Input';
import { Panel } from '@/components/Panel';
import { Slider } from '@/components/Slider';
import { Spin } from '@/components/Spin';
import { Switch } from '@/components/Switch';
import { boxSize } from '@/components/text-box';
import { Text } from '@/components/Text';
import { TextArea } from '@/components/TextArea';
import { DEFAULT_WAIT_MS } from '@/lib/format';
import { useDelayedFlag } from '@/lib/use-delayed-flag';
import { disorderInWorker } from './disorder-client';
import { countCharacters, DEFAULT_OPTIONS, newSeed } from './text-disorder.service';
import type { DisorderOptions, DisorderResult } from './text-disorder.service';
import './text-disorder.css';

type Flag = 'keepFirst' | 'keepLast' | 'latin';

const EMPTY: DisorderResult = { text: '', eligible: 0, shuffled: 0 };

/** The shuffled text, computed in a worker; `running` while it is out of date. */
function useDisorder(input: string, options: DisorderOptions) {
  const [state, setState] = useState<{ result: DisorderResult; error?: string; input: string; options: DisorderOptions }>({
    result: EMPTY,
    input: '',
    options,
  });
  useEffect(() => {
    let current = true;
    disorderInWorker(input, options).then(
      (result) => {
        if (current && result) setState({ result, input, options });
      },
      (error: unknown) => {
        if (current) setState({ result: EMPTY, error: error instanceof Error ? error.message : String(error), input, options });
      },
    );
    return () => {
      current = false;
    };
  }, [input, options]);
  return { ...state, running: state.input !== input || state.options !== options };
}

/** /text/disorder: shuffles characters inside words, live as the user types. */
export default function TextDisorderPage() {
  const { t } = useTranslation('text-disorder');
  const [input, setInput] = useState('');
  // What the output was computed from: typing waits for a pause (spec §9 debounce), so a 100 KB
  // paste is processed once rather than on every keystroke.
  const [settled, setSettled] = useState('');
  const [options, setOptions] = useState<DisorderOptions>(() => ({ ...DEFAULT_OPTIONS, seed: newSeed() }));

  useEffect(() => {
    if (input === settled) return undefined;
    const timer = setTimeout(() => setSettled(input), DEFAULT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [input, settled]);

  const { result, error, running } = useDisorder(settled, options);
  const busy = useDelayedFlag(running);
  // The result on screen is not the current text's (typing still waits for its pause, or the
  // shuffle for the current text and options is running): copy and download wait for it.
  const stale = running || input !== settled;
  const characters = useMemo(() => countCharacters(settled), [settled]);
  const change = (patch: Partial<DisorderOptions>) => setOptions((current) => ({ ...current, ...patch }));
  // Buttons that replace the whole text skip the debounce: there is no typing to wait for.
  const replace = (text: string) => {
    setInput(text);
    setSettled(text);
  };

  // Each in a block, as antd's Space wrapped its items: the line box keeps the rows' spacing.
  const flag = (key: Flag) => (
    <div>
      <label className="tdis-switch">
        <Switch size="small" checked={options[key]} onChange={(checked) => change({ [key]: checked })} data-testid={`option-${key}`} />
        <span>{t(`options.${key}`)}</span>
      </label>
    </div>
  );

  return (
    <div className="tdis-page">
      <Alert type="info" showIcon message={t('intro')} />
      <Panel>
        <div className="tdis-options">
          <div className="tdis-field">
            <div className="tdis-flags">
              {flag('keepFirst')}
              {flag('keepLast')}
              {flag('latin')}
            </div>
            <Text type="secondary" className="tdis-hint">
              {t('options.keepHint')}
            </Text>
            {options.latin ? (
              <Text type="secondary" className="tdis-hint">
                {t('options.latinHint')}
              </Text>
            ) : null}
          </div>
          <div className="tdis-field tdis-intensity">
            <Text>
              {t('options.intensity')} · {t('options.intensityValue', { value: options.intensity })}
            </Text>
            <Slider
              min={0}
              max={100}
              step={5}
              value={options.intensity}
              onChange={(value) => change({ intensity: value })}
              aria-label={t('options.intensity')}
            />
          </div>
          <div className="tdis-field tdis-seed">
            <Text>{t('options.seed')}</Text>
            <div className="tdis-seed__row">
              <Input
                value={options.seed}
                onChange={(event) => change({ seed: event.target.value })}
                aria-label={t('options.seed')}
                maxLength={64}
                data-testid="option-seed"
              />
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('options.newSeed')}
                data-tip={t('options.newSeed')}
                onClick={() => change({ seed: newSeed() })}
                data-testid="new-seed"
              />
            </div>
            <Text type="secondary" className="tdis-hint">
              {t('options.seedHint')}
            </Text>
          </div>
        </div>
      </Panel>
      <Columns>
        <div>
          <div className="tdis-column">
            <div className="tdis-head">
              <Text strong>{t('inputLabel')}</Text>
              <div className="tdis-actions">
                <Button size="small" onClick={() => replace(t('sampleText'))} data-testid="sample">
                  {t('sample')}
                </Button>
                <Button size="small" onClick={() => replace('')} disabled={input === ''}>
                  {t('clear')}
                </Button>
              </div>
            </div>
            <TextArea
              aria-label={t('inputLabel')}
              placeholder={t('placeholder')}
              value={input}
              onChange={(event) => setInput(event.target.value)}
              {...boxSize(input, 8, 20)}
              data-testid="text-disorder-input"
            />
            <Text type="secondary" className="tdis-hint" data-testid="character-count">
              {t('stats.characters', { count: characters })}
            </Text>
          </div>
        </div>
        <div>
          <div className="tdis-column">
            <div className="tdis-head">
              <div className="tdis-output-title">
                <Text strong>{t('outputLabel')}</Text>
                {busy ? (
                  <Text type="secondary" className="tdis-hint" data-testid="output-running">
                    <Spin size="small" /> {t('running')}
                  </Text>
                ) : null}
              </div>
              <div className="tdis-actions">
                {/* While a newer shuffle runs, the box still shows the last one: never hand that out. */}
                <CopyButton
                  text={result.text}
                  label={t('copy')}
                  type="default"
                  disabled={result.text === '' || stale}
                  data-testid="copy-output"
                />
                <DownloadButton
                  size="small"
                  label={t('download')}
                  fileName={t('fileName')}
                  disabled={result.text === '' || stale}
                  getFile={() => new Blob([result.text], { type: 'text/plain;charset=utf-8' })}
                  data-testid="download-output"
                />
              </div>
            </div>
            {error ? <Alert type="error" showIcon message={t('error', { message: error })} data-testid="output-error" /> : null}
            <TextArea
              aria-label={t('outputLabel')}
              value={result.text}
              readOnly
              {...boxSize(result.text, 8, 20)}
              aria-busy={stale}
              data-stale={stale}
              data-testid="text-disorder-output"
            />
            <Text type="secondary" className="tdis-hint" data-testid="shuffle-stats">
              {t('stats.shuffled', { shuffled: result.shuffled, eligible: result.eligible })}
            </Text>
          </div>
        </div>
      </Columns>
    </div>
  );
}
