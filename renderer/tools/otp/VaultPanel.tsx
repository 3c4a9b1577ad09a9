import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Field } from '@/components/Field';
import { Password } from '@/components/Input';
import { Panel } from '@/components/Panel';
import { Icon } from '@/layouts/plain/icon';
import { MIN_PASSWORD_LENGTH } from './otp.service';

/** A password form; `confirm` adds a repeat field (setting a password), `onSubmit` rejects to show its message. */
export function PasswordForm({
  submitLabel,
  confirm,
  onSubmit,
  testId,
}: {
  submitLabel: string;
  confirm: boolean;
  onSubmit: (password: string) => Promise<void>;
  testId: string;
}) {
  const { t } = useTranslation('otp');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (confirm && password.length < MIN_PASSWORD_LENGTH) return setError(t('vault.tooShort', { count: MIN_PASSWORD_LENGTH }));
    if (confirm && password !== repeat) return setError(t('vault.mismatch'));
    if (!password) return undefined;
    setBusy(true);
    setError('');
    try {
      await onSubmit(password);
      setPassword('');
      setRepeat('');
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bb-form otp-vault__form" onSubmit={(event) => void submit(event)} data-testid={testId}>
      <Field label={t('vault.password')} htmlFor={`${testId}-password`}>
        <Password
          id={`${testId}-password`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete={confirm ? 'new-password' : 'current-password'}
          data-testid={`${testId}-password`}
        />
      </Field>
      {confirm ? (
        <Field label={t('vault.repeat')} htmlFor={`${testId}-repeat`}>
          <Password
            id={`${testId}-repeat`}
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            autoComplete="new-password"
            data-testid={`${testId}-repeat`}
          />
        </Field>
      ) : null}
      {error ? <Alert type="error" showIcon message={error} data-testid={`${testId}-error`} /> : null}
      <Button type="primary" htmlType="submit" loading={busy} data-testid={`${testId}-submit`}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The unlock prompt shown instead of the list while the vault is locked. */
export function UnlockPanel({ onUnlock }: { onUnlock: (password: string) => Promise<void> }) {
  const { t } = useTranslation('otp');
  return (
    <Panel title={t('vault.lockedTitle')} className="otp-vault">
      <p className="otp-vault__text">{t('vault.lockedText')}</p>
      <PasswordForm submitLabel={t('vault.unlock')} confirm={false} onSubmit={onUnlock} testId="otp-unlock" />
    </Panel>
  );
}

/** Setting the vault password (plain mode), or locking, changing it and removing it (unlocked). */
export function VaultPanel({
  unlocked,
  onSetPassword,
  onLock,
  onRemovePassword,
}: {
  unlocked: boolean;
  onSetPassword: (password: string) => Promise<void>;
  onLock: () => void;
  onRemovePassword: () => Promise<void>;
}) {
  const { t } = useTranslation('otp');
  const [open, setOpen] = useState(false);
  return (
    <div className="otp-vault-bar">
      {unlocked ? (
        <>
          <Button icon={<Icon icon={LockOutlined} />} onClick={onLock} data-testid="otp-lock">
            {t('vault.lock')}
          </Button>
          <Button type="link" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="otp-vault-toggle">
            {t('vault.change')}
          </Button>
        </>
      ) : (
        <Button type="link" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="otp-vault-toggle">
          {t('vault.set')}
        </Button>
      )}
      {open ? (
        <Panel className="otp-vault">
          <p className="otp-vault__text">{t('vault.setText')}</p>
          <PasswordForm
            submitLabel={unlocked ? t('vault.change') : t('vault.set')}
            confirm
            onSubmit={async (password) => {
              await onSetPassword(password);
              setOpen(false);
            }}
            testId="otp-set-password"
          />
          {unlocked ? (
            <Button danger type="link" onClick={() => void onRemovePassword().then(() => setOpen(false))} data-testid="otp-remove-password">
              {t('vault.remove')}
            </Button>
          ) : null}
        </Panel>
      ) : null}
    </div>
  );
}
