import { Drawer, Grid } from 'antd';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtpAccount, OtpAlgorithm, OtpType } from '@shared/otp/account';
import { OTP_ALGORITHMS } from '@shared/otp/account';
import { Button } from '@/components/Button';
import { Field } from '@/components/Field';
import { Input } from '@/components/Input';
import type { InputProps } from '@/components/Input';
import { Select } from '@/components/Select';
import type { StoredOtpAccount } from '@/platform/storage';
import { checkDraft, draftOf, EMPTY_DRAFT, MAX_ICON_LETTERS } from './account-form';
import type { AccountDraft, DraftField, DraftProblem } from './account-form';

export interface SavedDraft {
  account: OtpAccount;
  group: string;
  icon: string;
}

export interface EditDrawerProps {
  /** The record being edited (spec §3's OTP state); undefined adds a new account by hand. */
  entry?: StoredOtpAccount;
  /** Every account, so a secret another one already has is refused. */
  accounts: readonly StoredOtpAccount[];
  onClose: () => void;
  /** Stores the checked fields; the drawer closes when it resolves and stays open (nothing lost) when it throws. */
  onSave: (saved: SavedDraft) => Promise<void>;
}

/**
 * Spec §2's OTP edit drawer: every field of one account, checked on save the way an imported link
 * is, with the reason under the field. Cancel (or closing) drops the fields. From the right on wide
 * screens, from the bottom at 90vh on phones. antd's Drawer, loaded with the first opening.
 */
export default function EditDrawer({ entry, accounts, onClose, onSave }: EditDrawerProps) {
  const { t } = useTranslation('otp');
  const wide = Grid.useBreakpoint().md ?? true;
  const formId = useId();
  return (
    <Drawer
      open
      onClose={onClose}
      title={entry ? t('edit.titleEdit') : t('edit.titleAdd')}
      placement={wide ? 'right' : 'bottom'}
      size={wide ? 480 : '90vh'}
      destroyOnHidden
      data-testid="otp-edit-drawer"
      footer={
        <div className="otp-drawer__footer">
          <Button onClick={onClose} data-testid="otp-edit-cancel">
            {t('edit.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" form={formId} data-testid="otp-edit-save">
            {entry ? t('edit.save') : t('add.submit')}
          </Button>
        </div>
      }
    >
      <AccountForm formId={formId} entry={entry} accounts={accounts} onSave={onSave} onClose={onClose} />
    </Drawer>
  );
}

function AccountForm({ formId, entry, accounts, onSave, onClose }: EditDrawerProps & { formId: string }) {
  const { t } = useTranslation('otp');
  const [draft, setDraft] = useState<AccountDraft>(() => (entry ? draftOf(entry) : EMPTY_DRAFT));
  const [problem, setProblem] = useState<{ field: DraftField; text: string }>();
  const [busy, setBusy] = useState(false);
  const id = (field: DraftField) => `${formId}-${field}`;

  const set = <K extends DraftField>(field: K, value: AccountDraft[K]) => {
    setDraft((old) => ({ ...old, [field]: value }));
    if (problem?.field === field) setProblem(undefined);
  };

  const message = (kind: DraftProblem, duplicateOf?: StoredOtpAccount) =>
    kind === 'duplicate'
      ? t('edit.duplicate', { name: duplicateOf?.issuer || duplicateOf?.account || '' })
      : kind === 'iconTooLong'
        ? t('edit.iconTooLong', { count: MAX_ICON_LETTERS })
        : t(`errors.${kind}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkDraft(
      draft,
      accounts.filter((other) => other.id !== entry?.id),
    );
    if (!check.ok) {
      setProblem({ field: check.field, text: message(check.problem, check.duplicateOf) });
      document.getElementById(id(check.field))?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSave({ account: check.account, group: check.group, icon: check.icon });
      onClose();
    } catch {
      // The page said why (storage toast); the fields stay as typed so nothing is lost.
    } finally {
      setBusy(false);
    }
  };

  /** An input bound to one text field, marked invalid with its message when it was refused. */
  const text = (field: DraftField, extra: Partial<InputProps> = {}): InputProps => ({
    id: id(field),
    value: draft[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    status: problem?.field === field ? ('error' as const) : undefined,
    'aria-invalid': problem?.field === field ? true : undefined,
    'aria-describedby': problem?.field === field ? `${id(field)}-problem` : undefined,
    autoComplete: 'off',
    ...extra,
  });
  const problemOf = (field: DraftField) =>
    problem?.field === field ? (
      <div className="otp-drawer__problem" id={`${id(field)}-problem`} role="alert" data-testid="otp-edit-error">
        {problem.text}
      </div>
    ) : undefined;

  return (
    <form id={formId} onSubmit={(event) => void submit(event)} className="bb-form otp-edit" noValidate>
      <Field label={t('add.issuer')} htmlFor={id('issuer')}>
        <Input {...text('issuer')} data-testid="otp-edit-issuer" />
      </Field>
      <Field label={t('add.account')} htmlFor={id('account')}>
        <Input {...text('account')} data-testid="otp-edit-account" />
      </Field>
      <Field label={t('add.secret')} htmlFor={id('secret')} className="otp-edit__wide" extra={problemOf('secret')}>
        <Input {...text('secret', { spellCheck: false })} data-testid="otp-secret" />
      </Field>
      <Field label={t('add.type')}>
        <Select<OtpType>
          aria-label={t('add.type')}
          value={draft.type}
          onChange={(next) => set('type', next)}
          options={[
            { value: 'totp', label: t('edit.totp') },
            { value: 'hotp', label: t('edit.hotp') },
          ]}
          data-testid="otp-edit-type"
        />
      </Field>
      <Field label={t('add.algorithm')}>
        <Select<OtpAlgorithm>
          aria-label={t('add.algorithm')}
          value={draft.algorithm}
          onChange={(next) => set('algorithm', next)}
          options={OTP_ALGORITHMS.map((value) => ({ value, label: value }))}
          data-testid="otp-edit-algorithm"
        />
      </Field>
      <Field label={t('add.digits')}>
        <Select<AccountDraft['digits']>
          aria-label={t('add.digits')}
          value={draft.digits}
          onChange={(next) => set('digits', next)}
          options={[
            { value: '6', label: '6' },
            { value: '8', label: '8' },
          ]}
          data-testid="otp-edit-digits"
        />
      </Field>
      {draft.type === 'totp' ? (
        <Field label={t('add.period')} htmlFor={id('period')} extra={problemOf('period')}>
          <Input {...text('period', { inputMode: 'numeric' })} data-testid="otp-edit-period" />
        </Field>
      ) : (
        <Field label={t('add.counter')} htmlFor={id('counter')} extra={problemOf('counter')}>
          <Input {...text('counter', { inputMode: 'numeric' })} data-testid="otp-edit-counter" />
        </Field>
      )}
      <Field label={t('add.group')} htmlFor={id('group')}>
        <Input {...text('group')} data-testid="otp-edit-group" />
      </Field>
      <Field label={t('edit.icon')} htmlFor={id('icon')} extra={problemOf('icon') ?? t('edit.iconHint')}>
        <Input {...text('icon')} data-testid="otp-edit-icon" />
      </Field>
    </form>
  );
}
