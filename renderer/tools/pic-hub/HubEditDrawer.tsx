import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Field } from '@/components/Field';
import { FormDrawer, FormDrawerActions } from '@/components/FormDrawer';
import { Input, Password } from '@/components/Input';
import { toast } from '@/lib/notify';
import { errorText, problemDetailText } from './error-text';
import { problemOf } from '@/lib/pic-hub-upload';
import { checkHubDraft, DEFAULT_BRANCH, hubLabel, maskToken, tokenCheckProblem } from '@/components/github-hub/hub-form';
import type { HubDraft, HubDraftField, HubDraftProblem } from '@/components/github-hub/hub-form';
import type { HubView } from './hubs.store';
import { useHubs } from './stores';

export interface HubEditDrawerProps {
  open: boolean;
  /** The hub being edited; undefined adds one. */
  hub?: HubView;
  onClose: () => void;
  /** "How do I make a token?": the page opens its help tab. */
  onHelp: () => void;
}

/**
 * Spec §2's hub edit drawer (the shared form drawer, loaded with the first opening): a GitHub hub's owner,
 * repo, branch, folder and token, and GitHub Enterprise's API address behind "advanced". Saving
 * checks the token with GitHub first (the hubs store: repository, push rights, branch) and names
 * what failed; a saved token is never shown again, only its ends, and an empty field keeps it.
 */
export default function HubEditDrawer({ open, hub, onClose, onHelp }: HubEditDrawerProps) {
  const { t } = useTranslation('pic-hub');
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={hub ? t('storage.edit.titleEdit') : t('storage.edit.titleAdd')}
      rootClassName="ph-hub-drawer"
      data-testid="pic-hub-hub-drawer"
    >
      <HubForm key={hub?.gid ?? 'new'} hub={hub} onClose={onClose} onHelp={onHelp} />
    </FormDrawer>
  );
}

function HubForm({ hub, onClose, onHelp }: Omit<HubEditDrawerProps, 'open'>) {
  const { t } = useTranslation('pic-hub');
  const { t: hubText } = useTranslation('components', { keyPrefix: 'githubHub' });
  const save = useHubs((state) => state.save);
  const configOf = useHubs((state) => state.configOf);
  const idPrefix = useId();
  const [draft, setDraft] = useState<HubDraft>(() => ({
    owner: hub?.settings.owner ?? '',
    repo: hub?.settings.repo ?? '',
    branch: hub?.settings.branch || DEFAULT_BRANCH,
    path: hub?.settings.path ?? '',
    token: '',
    apiBaseUrl: hub?.settings.apiBaseUrl ?? '',
  }));
  const [advanced, setAdvanced] = useState(Boolean(hub?.settings.apiBaseUrl));
  const [problems, setProblems] = useState<Partial<Record<HubDraftField, HubDraftProblem>>>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [savedToken, setSavedToken] = useState<string>();
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    if (hub?.hasToken) {
      configOf(hub.gid).then(
        (config) => alive.current && setSavedToken(maskToken(config.token)),
        () => undefined,
      );
    }
    return () => {
      alive.current = false;
    };
  }, [hub, configOf]);

  const id = (name: HubDraftField) => `${idPrefix}-${name}`;
  const bind = (name: HubDraftField) => ({
    id: id(name),
    value: draft[name],
    status: problems[name] ? ('error' as const) : undefined,
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${id(name)}-problem` : undefined,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setDraft((old) => ({ ...old, [name]: value }));
      setProblems((old) => ({ ...old, [name]: undefined }));
    },
    autoComplete: 'off',
    spellCheck: false,
    'data-testid': `pic-hub-hub-${name}`,
  });
  const problem = (name: HubDraftField) =>
    problems[name] ? (
      <div className="ph-hub-form__problem" id={`${id(name)}-problem`} role="alert" data-testid={`pic-hub-hub-${name}-problem`}>
        {hubText(`errors.${problems[name]}`)}
      </div>
    ) : undefined;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setFailure(undefined);
    const check = checkHubDraft(draft, { tokenRequired: !hub?.hasToken });
    if (!check.ok) {
      setProblems(check.problems);
      return;
    }
    const value = check.value;
    // What the store saves is what the user sees after: the folder without its outer slashes.
    setDraft((old) => ({ ...old, path: value.path }));
    setSaving(true);
    try {
      const saved = await save({ ...value, ...(hub ? { gid: hub.gid } : {}) });
      toast.success(t('storage.list.saved', { name: hubLabel(saved.settings) }));
      onClose();
    } catch (error) {
      if (!alive.current) return;
      const kind = tokenCheckProblem(error);
      // When GitHub's limit resets, or our server's own words, say more than the kind's general line.
      const detail = problemDetailText(t, problemOf(error));
      setFailure(detail ?? (kind === 'unknown' ? errorText(t, error) : hubText(`check.${kind}`, { ...value, reason: '' })));
    } finally {
      if (alive.current) setSaving(false);
    }
  };

  return (
    <form className="bb-form ph-hub-form" onSubmit={(event) => void submit(event)} noValidate data-testid="pic-hub-hub-form">
      <Field label={hubText('fields.owner')} htmlFor={id('owner')} extra={problem('owner')}>
        <Input {...bind('owner')} placeholder={t('storage.edit.ownerPlaceholder')} autoFocus />
      </Field>
      <Field label={hubText('fields.repo')} htmlFor={id('repo')} extra={problem('repo')}>
        <Input {...bind('repo')} placeholder={t('storage.edit.repoPlaceholder')} />
      </Field>
      <Field label={hubText('fields.branch')} htmlFor={id('branch')} extra={problem('branch')}>
        <Input {...bind('branch')} placeholder={DEFAULT_BRANCH} />
      </Field>
      <Field label={hubText('fields.path')} htmlFor={id('path')} extra={problem('path') ?? t('storage.edit.pathHint')}>
        <Input {...bind('path')} placeholder={t('storage.edit.pathPlaceholder')} />
      </Field>
      <Field
        label={hubText('fields.token')}
        htmlFor={id('token')}
        extra={
          problem('token') ?? (
            <>
              {savedToken ? (
                <span className="ph-hub-form__saved-token" data-testid="pic-hub-hub-token-saved">
                  {t('storage.edit.tokenKeep', { masked: savedToken })}
                </span>
              ) : (
                t('storage.edit.tokenHint')
              )}{' '}
              <Button type="link" size="small" className="ph-hub-form__help" onClick={onHelp} data-testid="pic-hub-hub-token-help">
                {t('storage.edit.tokenHelp')}
              </Button>
            </>
          )
        }
      >
        <Password {...bind('token')} autoComplete="new-password" placeholder={savedToken} />
      </Field>
      <details className="ph-hub-form__advanced" open={advanced} onToggle={(event) => setAdvanced(event.currentTarget.open)}>
        <summary data-testid="pic-hub-hub-advanced">{hubText('fields.advanced')}</summary>
        <Field
          label={hubText('fields.apiBaseUrl')}
          htmlFor={id('apiBaseUrl')}
          extra={problem('apiBaseUrl') ?? t('storage.edit.apiBaseUrlHint')}
        >
          <Input {...bind('apiBaseUrl')} inputMode="url" placeholder={t('storage.edit.apiBaseUrlPlaceholder')} />
        </Field>
      </details>
      {failure ? <Alert type="error" showIcon message={failure} data-testid="pic-hub-hub-failure" /> : null}
      {saving ? <Alert type="info" showIcon message={t('storage.edit.checking')} /> : null}
      <FormDrawerActions
        cancelLabel={t('storage.edit.cancel')}
        onCancel={onClose}
        saveLabel={hubText('save')}
        saving={saving}
        saveTestId="pic-hub-hub-save"
      />
    </form>
  );
}
