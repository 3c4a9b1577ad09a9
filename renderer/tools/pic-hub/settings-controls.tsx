import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/Field';
import { Input } from '@/components/Input';
import { Segmented } from '@/components/Segmented';
import { Select } from '@/components/Select';
import { Switch } from '@/components/Switch';
import { Text } from '@/components/Text';
import { usePresets } from '@/components/image/presets';
import { LINK_FORMATS, RENAME_TYPES } from '@shared/contracts/pic-hub-base';
import type { LinkFormat, PicHubSettings, RenameType } from '@shared/contracts/pic-hub-base';
import { checkRenamePattern, renameFile } from '@shared/pic-hub/rename';
import { compressPresetsOffered, watermarkPresetsOffered } from '@/lib/pic-hub-upload';

/**
 * The settings both the setting tab and the upload tab's quick bar show: rename mode (with the
 * custom pattern and a live example), compression with its presets, the link format. Each control
 * reports a patch; the settings store keeps and syncs them.
 */
export interface SettingsControlProps {
  settings: PicHubSettings;
  onChange: (patch: Partial<PicHubSettings>) => void;
}

/** A fixed content hash, so the example shows what HASH and {hash:N} look like without a file. */
const EXAMPLE_HASH = '3f9a1c07be52d46a8e0f7b19c2d35e4a6b8c0d1e2f3a4b5c6d7e8f9a0b1c2d3e';
const LINK_LABELS: Record<LinkFormat, string> = { markdown: 'Markdown', html: 'HTML', url: 'URL', ubb: 'UBB' };

export function RenameTypeControl({ settings, onChange, size }: SettingsControlProps & { size?: 'small' | 'middle' }) {
  const { t } = useTranslation('pic-hub');
  return (
    <Segmented<RenameType>
      size={size}
      aria-label={t('setting.rename.title')}
      data-testid="pic-hub-rename-type"
      value={settings.renameType}
      onChange={(renameType) => onChange({ renameType })}
      options={RENAME_TYPES.map((type) => ({ value: type, label: t(`setting.rename.${type}`) }))}
    />
  );
}

/** The rename mode, the custom pattern (kept as typed; saved only while valid) and a live example. */
export function RenameControl({ settings, onChange }: SettingsControlProps) {
  const { t } = useTranslation('pic-hub');
  const id = useId();
  const [draft, setDraft] = useState(settings.renamePattern);
  // A pattern that arrives from elsewhere (the account's settings, another tab) replaces the field's.
  const [shown, setShown] = useState(settings.renamePattern);
  if (shown !== settings.renamePattern) {
    setShown(settings.renamePattern);
    setDraft(settings.renamePattern);
  }
  const check = checkRenamePattern(draft);
  const pattern = check.ok ? draft : settings.renamePattern;
  let example = '';
  try {
    example = renameFile({
      originalName: t('setting.rename.exampleFile'),
      ext: 'jpg',
      contentHash: EXAMPLE_HASH,
      now: new Date(),
      renameType: settings.renameType,
      pattern,
    });
  } catch {
    // The saved pattern itself is invalid (an older release's): the error below says why.
  }
  return (
    <div className="pic-hub__rename">
      <RenameTypeControl settings={settings} onChange={onChange} />
      <Text type="secondary">{t(`setting.rename.hint.${settings.renameType}`)}</Text>
      {settings.renameType === 'CUST' ? (
        <Field
          label={t('setting.rename.pattern')}
          htmlFor={id}
          extra={
            check.ok ? (
              t('setting.rename.tokens')
            ) : (
              <Text type="danger" data-testid="pic-hub-pattern-error">
                {t(`setting.rename.patternErrors.${check.error}`, { token: check.token ?? '' })}
              </Text>
            )
          }
        >
          <Input
            id={id}
            value={draft}
            status={check.ok ? undefined : 'error'}
            data-testid="pic-hub-rename-pattern"
            onChange={(event) => {
              setDraft(event.target.value);
              if (checkRenamePattern(event.target.value).ok) onChange({ renamePattern: event.target.value });
            }}
          />
        </Field>
      ) : null}
      {example ? (
        <Text type="secondary" className="pic-hub__example" data-testid="pic-hub-rename-example">
          {t('setting.rename.example', { name: example })}
        </Text>
      ) : null}
    </div>
  );
}

const DEFAULT_PRESET = '';

/** Compression on/off and the image tools' presets it uses (the compress tool's defaults when none is chosen). */
export function CompressionControl({ settings, onChange, compact = false }: SettingsControlProps & { compact?: boolean }) {
  const { t } = useTranslation('pic-hub');
  const savedCompress = usePresets((state) => state.byTool['image-compress']);
  const savedWatermark = usePresets((state) => state.byTool['image-watermark']);
  const compressPresets = useMemo(
    () => compressPresetsOffered(savedCompress, (key) => t(`setting.compression.builtIn.${key}`)),
    [savedCompress, t],
  );
  const watermark = useMemo(() => watermarkPresetsOffered(savedWatermark), [savedWatermark]);
  const watermarkPresets = watermark.usable;
  // A preset deleted in its own tool since it was chosen counts as none chosen.
  const known = (list: readonly { id: string }[], id: string | undefined) =>
    id && list.some((preset) => preset.id === id) ? id : DEFAULT_PRESET;
  const toggle = (
    <label className="pic-hub__switch">
      <Switch
        checked={settings.compression}
        onChange={(compression) => onChange({ compression })}
        size={compact ? 'small' : 'default'}
        data-testid="pic-hub-compression"
        aria-label={t('setting.compression.title')}
      />
      <span>{compact ? t('setting.compression.title') : t('setting.compression.on')}</span>
    </label>
  );
  const compressSelect = (
    <Select<string>
      size={compact ? 'small' : 'middle'}
      aria-label={t('setting.compression.preset')}
      data-testid="pic-hub-compress-preset"
      disabled={!settings.compression}
      value={known(compressPresets, settings.compressPresetId)}
      onChange={(id) => onChange({ compressPresetId: id || undefined })}
      options={[
        { value: DEFAULT_PRESET, label: t('setting.compression.defaultPreset') },
        ...compressPresets.map((preset) => ({ value: preset.id, label: preset.name })),
      ]}
    />
  );
  const watermarkSelect = (
    <Select<string>
      size={compact ? 'small' : 'middle'}
      aria-label={t('setting.compression.watermark')}
      data-testid="pic-hub-watermark-preset"
      value={known(watermarkPresets, settings.watermarkPresetId)}
      onChange={(id) => onChange({ watermarkPresetId: id || undefined })}
      options={[
        { value: DEFAULT_PRESET, label: t('setting.compression.noWatermark') },
        ...watermarkPresets.map((preset) => ({ value: preset.id, label: preset.name })),
      ]}
    />
  );
  if (compact)
    return (
      <div className="pic-hub__quick-compress">
        {toggle}
        {compressSelect}
      </div>
    );
  return (
    <div className="pic-hub__compression">
      {toggle}
      <Field label={t('setting.compression.preset')} extra={t('setting.compression.presetHint')}>
        {compressSelect}
      </Field>
      <Field
        label={t('setting.compression.watermark')}
        extra={
          <>
            {t('setting.compression.watermarkHint')}
            {watermark.unusable > 0 ? (
              <span data-testid="pic-hub-watermark-logo-hint">
                {' '}
                {t('setting.compression.watermarkLogoHint', { count: watermark.unusable })}
              </span>
            ) : null}
          </>
        }
      >
        {watermarkSelect}
      </Field>
    </div>
  );
}

export function LinkFormatControl({ settings, onChange }: SettingsControlProps) {
  const { t } = useTranslation('pic-hub');
  return (
    <Segmented<LinkFormat>
      aria-label={t('setting.linkFormat.title')}
      data-testid="pic-hub-link-format"
      value={settings.linkFormat}
      onChange={(linkFormat) => onChange({ linkFormat })}
      options={LINK_FORMATS.map((format) => ({ value: format, label: LINK_LABELS[format] }))}
    />
  );
}

export const linkFormatLabel = (format: LinkFormat) => LINK_LABELS[format];
