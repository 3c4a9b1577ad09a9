import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtpAccount, OtpAlgorithm, OtpType } from '@shared/otp/account';
import { makeOtpAccount, OTP_ALGORITHMS } from '@shared/otp/account';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Field } from '@/components/Field';
import { Input } from '@/components/Input';
import { Panel } from '@/components/Panel';
import { Segmented } from '@/components/Segmented';
import { Select } from '@/components/Select';
import { TextArea } from '@/components/TextArea';
import { errorKey, linksFromQrTexts, parseLinks } from './otp.service';
import { QrImport } from './QrImport';
import type { ParsedLinks } from './otp.service';

type Mode = 'qr' | 'paste' | 'manual';

interface Manual {
  issuer: string;
  account: string;
  secret: string;
  type: OtpType;
  algorithm: OtpAlgorithm;
  digits: string;
  period: string;
  counter: string;
  group: string;
}

const EMPTY_MANUAL: Manual = {
  issuer: '',
  account: '',
  secret: '',
  type: 'totp',
  algorithm: 'SHA1',
  digits: '6',
  period: '30',
  counter: '0',
  group: '',
};

/** Adds accounts by pasted otpauth:// links or by manual entry; `onAdd` stores them. */
export function AddPanel({ onAdd }: { onAdd: (accounts: OtpAccount[], group: string, batches: ParsedLinks['batches']) => Promise<void> }) {
  const { t } = useTranslation('otp');
  const [mode, setMode] = useState<Mode>('qr');
  const [links, setLinks] = useState('');
  const [manual, setManual] = useState<Manual>(EMPTY_MANUAL);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Manual>(key: K, value: Manual[K]) => setManual((old) => ({ ...old, [key]: value }));

  const showError = (caught: unknown) => setError(t(`errors.${errorKey(caught)}`));

  /** Scanned codes: added at once (no submit step); false keeps the camera looking. */
  const onQrTexts = async (texts: string[]): Promise<boolean> => {
    let parsed: ParsedLinks;
    try {
      parsed = linksFromQrTexts(texts);
    } catch (caught) {
      showError(caught);
      return false;
    }
    setError('');
    await onAdd(parsed.accounts, '', parsed.batches);
    return true;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let parsed: ParsedLinks;
    try {
      parsed =
        mode === 'paste'
          ? parseLinks(links)
          : {
              batches: [],
              accounts: [
                makeOtpAccount({
                  secret: manual.secret,
                  issuer: manual.issuer,
                  account: manual.account,
                  type: manual.type,
                  algorithm: manual.algorithm,
                  digits: Number(manual.digits) as OtpAccount['digits'],
                  period: Number(manual.period),
                  counter: Number(manual.counter),
                }),
              ],
            };
    } catch (caught) {
      showError(caught);
      return;
    }
    if (parsed.accounts.length === 0) return;
    setError('');
    setBusy(true);
    try {
      await onAdd(parsed.accounts, mode === 'manual' ? manual.group.trim() : '', parsed.batches);
      if (mode === 'paste') setLinks('');
      else setManual(EMPTY_MANUAL);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('add.title')} className="otp-add">
      <form onSubmit={(event) => void submit(event)} className="bb-form">
        <Segmented<Mode>
          value={mode}
          onChange={(next) => {
            setMode(next);
            setError('');
          }}
          options={[
            { value: 'qr', label: t('add.qr') },
            { value: 'paste', label: t('add.paste') },
            { value: 'manual', label: t('add.manual') },
          ]}
          className="otp-add__mode"
        />
        {mode === 'qr' ? (
          <QrImport onTexts={onQrTexts} onError={showError} />
        ) : mode === 'paste' ? (
          <Field label={t('add.linkLabel')} htmlFor="otp-links">
            <TextArea
              id="otp-links"
              value={links}
              onChange={(event) => setLinks(event.target.value)}
              placeholder={t('add.linkPlaceholder')}
              autoSize={{ minRows: 2, maxRows: 6 }}
              spellCheck={false}
              autoComplete="off"
              data-testid="otp-links"
            />
          </Field>
        ) : (
          <div className="otp-add__grid">
            <Field label={t('add.issuer')} htmlFor="otp-issuer">
              <Input id="otp-issuer" value={manual.issuer} onChange={(event) => set('issuer', event.target.value)} />
            </Field>
            <Field label={t('add.account')} htmlFor="otp-account">
              <Input id="otp-account" value={manual.account} onChange={(event) => set('account', event.target.value)} />
            </Field>
            <Field label={t('add.secret')} htmlFor="otp-secret" className="otp-add__wide">
              <Input
                id="otp-secret"
                value={manual.secret}
                onChange={(event) => set('secret', event.target.value)}
                spellCheck={false}
                autoComplete="off"
                data-testid="otp-secret"
              />
            </Field>
            <Field label={t('add.type')}>
              <Select<OtpType>
                aria-label={t('add.type')}
                value={manual.type}
                onChange={(next) => set('type', next)}
                options={[
                  { value: 'totp', label: 'TOTP' },
                  { value: 'hotp', label: 'HOTP' },
                ]}
              />
            </Field>
            <Field label={t('add.algorithm')}>
              <Select<OtpAlgorithm>
                aria-label={t('add.algorithm')}
                value={manual.algorithm}
                onChange={(next) => set('algorithm', next)}
                options={OTP_ALGORITHMS.map((value) => ({ value, label: value }))}
              />
            </Field>
            <Field label={t('add.digits')}>
              <Select<string>
                aria-label={t('add.digits')}
                value={manual.digits}
                onChange={(next) => set('digits', next)}
                options={[
                  { value: '6', label: '6' },
                  { value: '8', label: '8' },
                ]}
              />
            </Field>
            {manual.type === 'totp' ? (
              <Field label={t('add.period')} htmlFor="otp-period">
                <Input id="otp-period" inputMode="numeric" value={manual.period} onChange={(event) => set('period', event.target.value)} />
              </Field>
            ) : (
              <Field label={t('add.counter')} htmlFor="otp-counter">
                <Input
                  id="otp-counter"
                  inputMode="numeric"
                  value={manual.counter}
                  onChange={(event) => set('counter', event.target.value)}
                />
              </Field>
            )}
            <Field label={t('add.group')} htmlFor="otp-group">
              <Input id="otp-group" value={manual.group} onChange={(event) => set('group', event.target.value)} />
            </Field>
          </div>
        )}
        {error ? <Alert type="error" showIcon message={error} data-testid="otp-add-error" /> : null}
        {mode === 'qr' ? null : (
          <Button type="primary" htmlType="submit" loading={busy} data-testid="otp-add-submit">
            {t('add.submit')}
          </Button>
        )}
      </form>
    </Panel>
  );
}
