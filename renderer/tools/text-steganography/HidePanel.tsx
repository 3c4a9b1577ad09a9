import { CheckCircleFilled, CloseCircleFilled, EyeInvisibleOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Columns } from '@/components/Columns';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { CopyButton } from '@/components/CopyButton';
import { Password } from '@/components/Input';
import { Select } from '@/components/Select';
import { Tag } from '@/components/Tag';
import { TextArea } from '@/components/TextArea';
import { boxSize } from '@/components/text-box';
import { Text } from '@/components/Text';
import { HideError, hideText, survivalCheck } from './text-steganography.service';
import type { HideResult, Placement } from './text-steganography.service';

const PLACEMENTS: readonly Placement[] = ['afterFirst', 'middle', 'end'];

interface Inputs {
  cover: string;
  secret: string;
  password: string;
  placement: Placement;
}

/** Hide mode: cover + secret (+ password) → cover with an invisible run, its size and the survival check. */
export function HidePanel() {
  const { t } = useTranslation('text-steganography');
  const [cover, setCover] = useState('');
  const [secret, setSecret] = useState('');
  const [password, setPassword] = useState('');
  const [placement, setPlacement] = useState<Placement>('afterFirst');
  const [result, setResult] = useState<HideResult & { inputs: Inputs }>();
  const [error, setError] = useState<string>();
  const [working, setWorking] = useState(false);
  // Key derivation takes a moment; a slower earlier run must not overwrite a newer result.
  const latest = useRef(0);
  // What the shown result was made from: once any input changes it no longer matches them.
  const inputs: Inputs = { cover, secret, password, placement };
  const stale = result !== undefined && (Object.keys(inputs) as (keyof Inputs)[]).some((key) => result.inputs[key] !== inputs[key]);

  const hide = () => {
    const run = (latest.current += 1);
    const made = inputs;
    setWorking(true);
    hideText(cover, secret, { password, placement }).then(
      (next) => {
        if (run !== latest.current) return;
        setResult({ ...next, inputs: made });
        setError(undefined);
        setWorking(false);
      },
      (failure: unknown) => {
        if (run !== latest.current) return;
        setResult(undefined);
        setError(
          failure instanceof HideError
            ? t(`errors.${failure.code}`)
            : t('errors.unknown', { message: failure instanceof Error ? failure.message : String(failure) }),
        );
        setWorking(false);
      },
    );
  };

  const survival = useMemo(() => (result ? survivalCheck(result.text) : []), [result]);

  return (
    <Columns>
      <div>
        <div className="tsg-column">
          <label className="tsg-field">
            <Text strong>{t('cover.label')}</Text>
            <TextArea
              value={cover}
              onChange={(event) => setCover(event.target.value)}
              placeholder={t('cover.placeholder')}
              {...boxSize(cover, 3, 10)}
              data-testid="hide-cover"
            />
          </label>
          <label className="tsg-field">
            <Text strong>{t('secret.label')}</Text>
            <TextArea
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
              placeholder={t('secret.placeholder')}
              {...boxSize(secret, 2, 8)}
              data-testid="hide-secret"
            />
          </label>
          <label className="tsg-field">
            <Text strong>{t('password.label')}</Text>
            <Password
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              placeholder={t('password.hidePlaceholder')}
              autoComplete="new-password"
              data-testid="hide-password"
            />
          </label>
          <div className="tsg-field">
            <Text strong>{t('placement.label')}</Text>
            <Select
              value={placement}
              onChange={setPlacement}
              options={PLACEMENTS.map((value) => ({ value, label: t(`placement.${value}`) }))}
              aria-label={t('placement.label')}
              data-testid="hide-placement"
            />
            <Text type="secondary" className="tsg-note">
              {t('placement.why')}
            </Text>
          </div>
          <Button type="primary" icon={<EyeInvisibleOutlined />} loading={working} onClick={hide} data-testid="hide-submit">
            {t('hideButton')}
          </Button>
          {error ? <Alert type="error" showIcon message={error} data-testid="hide-error" /> : null}
        </div>
      </div>
      <div>
        {result ? (
          <div className="tsg-column" data-testid="hide-result">
            <div className="tsg-result__head">
              <Text strong>{t('output.title')}</Text>
              {result.encrypted ? (
                <Tag color="green" icon={<LockOutlined />}>
                  {t('output.encrypted')}
                </Tag>
              ) : (
                <Tag icon={<UnlockOutlined />}>{t('output.plain')}</Tag>
              )}
              <CopyButton text={result.text} label={t('output.copy')} type="default" disabled={stale} data-testid="hide-copy" />
            </div>
            {stale ? <Alert type="warning" showIcon message={t('output.stale')} data-testid="hide-stale" /> : null}
            <TextArea
              value={result.text}
              readOnly
              {...boxSize(result.text, 3, 10)}
              aria-label={t('output.title')}
              data-testid="hide-output"
            />
            <Text data-testid="hide-added">{t('output.added', { chars: result.addedChars, bytes: result.frameBytes })}</Text>
            <Text type="secondary" className="tsg-note">
              {t('output.note')}
            </Text>
            <div className="tsg-survival" data-testid="survival">
              <Text strong>{t('survival.title')}</Text>
              <Text type="secondary" className="tsg-note">
                {t('survival.hint')}
              </Text>
              <ul className="tsg-survival__list">
                {survival.map((entry) => (
                  <li key={entry.id} className="tsg-survival__item" data-testid={`survival-${entry.id}`} data-survives={entry.survives}>
                    {entry.survives ? <CheckCircleFilled className="tsg-ok" /> : <CloseCircleFilled className="tsg-bad" />}
                    <span className="tsg-survival__text">
                      {t(`survival.items.${entry.id}`)}
                      {entry.visibleChanged ? <Text type="secondary">{` · ${t('survival.visibleChanged')}`}</Text> : null}
                    </span>
                    <Tag color={entry.survives ? 'green' : 'red'}>{entry.survives ? t('survival.survives') : t('survival.destroyed')}</Tag>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        ) : null}
      </div>
    </Columns>
  );
}
