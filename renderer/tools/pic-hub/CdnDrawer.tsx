import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/Field';
import { FormDrawer, FormDrawerActions } from '@/components/FormDrawer';
import { Input } from '@/components/Input';
import { Text } from '@/components/Text';
import type { CdnTemplate } from '@shared/contracts/pic-hub-base';
import { CDN_NAME_MAX_LENGTH, CDN_TEMPLATE_MAX_LENGTH, checkCdnName, checkCdnTemplate, renderCdnUrl } from '@shared/pic-hub/cdn';

export interface CdnDrawerProps {
  open: boolean;
  /** The user template being edited; absent when adding one. */
  editing?: CdnTemplate;
  /** Every template, for the name check. */
  templates: readonly CdnTemplate[];
  /** A file of the active hub the preview shows the link of (a made-up one without). */
  sample: { owner: string; repo: string; branch: string; path: string };
  onSave: (name: string, tpl: string) => void;
  onClose: () => void;
}

/**
 * The spec's "picture-hub CDN drawer": a user template's name and `tpl`, checked as typed, with
 * the link it makes, in the shared form drawer; loaded with the first add or edit.
 */
export default function CdnDrawer({ open, editing, templates, sample, onSave, onClose }: CdnDrawerProps) {
  const { t } = useTranslation('pic-hub');
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={editing ? t('setting.drawer.titleEdit') : t('setting.drawer.titleAdd')}
      rootClassName="pic-hub-cdn-drawer"
    >
      <CdnForm key={editing?.id ?? 'new'} editing={editing} templates={templates} sample={sample} onSave={onSave} onClose={onClose} />
    </FormDrawer>
  );
}

function CdnForm({ editing, templates, sample, onSave, onClose }: Omit<CdnDrawerProps, 'open'>) {
  const { t } = useTranslation('pic-hub');
  const nameId = useId();
  const tplId = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const [tpl, setTpl] = useState(editing?.tpl ?? '');
  // Errors show once a field was left or a save was tried, not while the first letters are typed.
  const [touched, setTouched] = useState({ name: false, tpl: false });
  const nameError = checkCdnName(name, templates, editing?.id);
  const tplCheck = checkCdnTemplate(tpl);
  const nameMessage = nameError ? t(`setting.drawer.nameErrors.${nameError}`, { max: CDN_NAME_MAX_LENGTH }) : undefined;
  const tplMessage = tplCheck.ok
    ? undefined
    : t(`setting.drawer.tplErrors.${tplCheck.error}`, { max: CDN_TEMPLATE_MAX_LENGTH, token: tplCheck.token ?? '' });
  const save = () => {
    setTouched({ name: true, tpl: true });
    if (nameError || !tplCheck.ok) return;
    onSave(name, tpl);
  };
  return (
    <form
      className="bb-form pic-hub__cdn-form"
      data-testid="pic-hub-cdn-form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Field
        label={t('setting.drawer.name')}
        htmlFor={nameId}
        extra={touched.name && nameMessage ? <Text type="danger">{nameMessage}</Text> : undefined}
      >
        <Input
          id={nameId}
          value={name}
          maxLength={CDN_NAME_MAX_LENGTH + 10}
          placeholder={t('setting.drawer.namePlaceholder')}
          status={touched.name && nameMessage ? 'error' : undefined}
          data-testid="pic-hub-cdn-name"
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched((old) => ({ ...old, name: true }))}
        />
      </Field>
      <Field
        label={t('setting.drawer.tpl')}
        htmlFor={tplId}
        extra={touched.tpl && tplMessage ? <Text type="danger">{tplMessage}</Text> : t('setting.drawer.tplHint')}
      >
        <Input
          id={tplId}
          value={tpl}
          placeholder={t('setting.drawer.tplPlaceholder')}
          status={touched.tpl && tplMessage ? 'error' : undefined}
          inputMode="url"
          spellCheck={false}
          data-testid="pic-hub-cdn-tpl"
          onChange={(event) => setTpl(event.target.value)}
          onBlur={() => setTouched((old) => ({ ...old, tpl: true }))}
        />
      </Field>
      {tplCheck.ok ? (
        <Text type="secondary" className="pic-hub__cdn-preview" data-testid="pic-hub-cdn-preview">
          {t('setting.drawer.preview', { url: renderCdnUrl(tpl.trim(), sample) })}
        </Text>
      ) : null}
      <FormDrawerActions
        cancelLabel={t('setting.drawer.cancel')}
        onCancel={onClose}
        saveLabel={t('setting.drawer.save')}
        saveTestId="pic-hub-cdn-save"
      />
    </form>
  );
}
