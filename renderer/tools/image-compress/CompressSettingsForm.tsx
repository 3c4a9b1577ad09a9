import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageCapability } from '@shared/contracts/image';
import { COMPRESS_FORMATS, metadataReach, targetApplies } from './image-compress.service';
import type { CompressSettings } from './image-compress.service';
import { Checkbox } from '@/components/Checkbox';
import { Field } from '@/components/Field';
import { NumberInput } from '@/components/NumberInput';
import { Segmented } from '@/components/Segmented';
import { Slider } from '@/components/Slider';
import { Switch } from '@/components/Switch';
import { Text } from '@/components/Text';

export interface CompressSettingsFormProps {
  value: CompressSettings;
  engine: ImageCapability['engine'];
  onChange: (next: CompressSettings) => void;
}

/** Quality, format, size limits, target size, metadata and effort: every control writes one field of the settings. */
export const CompressSettingsForm = memo(function CompressSettingsForm({ value, engine, onChange }: CompressSettingsFormProps) {
  const { t } = useTranslation('image-compress');
  const set = <K extends keyof CompressSettings>(key: K, next: CompressSettings[K]) => onChange({ ...value, [key]: next });
  const targetable = targetApplies(value.format);
  const targetOn = targetable && value.targetKB > 0;
  const metadata = metadataReach(value.format, engine);
  const metadataHint = {
    all: t('settings.keepMetadataHint'),
    jpegOnly: t('settings.metadataJpegOnly'),
    none: t('settings.metadataUnavailable', { format: t(`settings.formats.${value.format}`) }),
  }[metadata];
  return (
    <div className="bb-form image-compress__form">
      <Field label={t('settings.format')}>
        <Segmented
          block
          value={value.format}
          onChange={(format) => set('format', format)}
          options={COMPRESS_FORMATS.map((format) => ({ value: format, label: t(`settings.formats.${format}`) }))}
          aria-label={t('settings.format')}
          data-testid="compress-format"
        />
      </Field>
      <Field label={t('settings.quality')}>
        <div className="image-compress__quality">
          <Slider
            min={1}
            max={100}
            value={value.quality}
            onChange={(quality) => set('quality', quality)}
            aria-label={t('settings.quality')}
          />
          <NumberInput
            min={1}
            max={100}
            value={value.quality}
            onChange={(quality) => set('quality', quality ?? value.quality)}
            aria-label={t('settings.quality')}
            data-testid="compress-quality"
          />
        </div>
      </Field>
      <div className="image-compress__limits">
        <Field label={t('settings.maxWidth')}>
          <NumberInput
            min={0}
            max={16_384}
            value={value.maxWidth || null}
            placeholder={t('settings.noLimit')}
            suffix={t('settings.px')}
            onChange={(width) => set('maxWidth', width ?? 0)}
            aria-label={t('settings.maxWidth')}
            data-testid="compress-max-width"
          />
        </Field>
        <Field label={t('settings.maxHeight')}>
          <NumberInput
            min={0}
            max={16_384}
            value={value.maxHeight || null}
            placeholder={t('settings.noLimit')}
            suffix={t('settings.px')}
            onChange={(height) => set('maxHeight', height ?? 0)}
            aria-label={t('settings.maxHeight')}
            data-testid="compress-max-height"
          />
        </Field>
      </div>
      <Field
        label={t('settings.targetMode')}
        extra={<span data-testid="compress-target-hint">{targetable ? t('settings.targetHint') : t('settings.targetLossless')}</span>}
      >
        <div className="image-compress__target">
          <Switch
            checked={targetOn}
            disabled={!targetable}
            onChange={(on) => set('targetKB', on ? 200 : 0)}
            aria-label={t('settings.targetMode')}
            data-testid="compress-target-mode"
          />
          <NumberInput
            min={1}
            max={100_000}
            disabled={!targetOn}
            value={targetOn ? value.targetKB : 200}
            suffix={t('settings.kb')}
            aria-label={t('settings.targetKB')}
            onChange={(kb) => set('targetKB', kb ?? 200)}
            data-testid="compress-target-kb"
          />
        </div>
      </Field>
      <Field>
        <div className="image-compress__options">
          <Checkbox
            checked={metadata !== 'none' && value.keepMetadata}
            disabled={metadata === 'none'}
            onChange={(keep) => set('keepMetadata', keep)}
            data-testid="compress-keep-metadata"
          >
            {t('settings.keepMetadata')}
          </Checkbox>
          <Text type="secondary" data-testid="compress-metadata-hint">
            {metadataHint}
          </Text>
          <Checkbox checked={value.smallest} onChange={(smallest) => set('smallest', smallest)} data-testid="compress-smallest">
            {t('settings.smallest')}
          </Checkbox>
          <Text type="secondary">{t('settings.smallestHint')}</Text>
        </div>
      </Field>
    </div>
  );
});
