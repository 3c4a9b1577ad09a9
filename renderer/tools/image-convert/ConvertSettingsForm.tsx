import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_OUTPUT_FORMATS } from '@shared/contracts/image-base';
import type { ImageCapability } from '@shared/contracts/image';
import { Checkbox } from '@/components/Checkbox';
import { ColorField } from '@/components/ColorField';
import { Field } from '@/components/Field';
import { NumberInput } from '@/components/NumberInput';
import { Segmented } from '@/components/Segmented';
import { Slider } from '@/components/Slider';
import { Paragraph } from '@/components/Text';
import { ICO_SIZES, formatRules } from './image-convert.service';
import type { ConvertSettings } from './image-convert.service';

const BACKGROUND_SWATCHES = ['#ffffff', '#000000', '#f5f5f5', '#1677ff', '#ff4d4f', '#52c41a'];

export interface ConvertSettingsFormProps {
  value: ConvertSettings;
  engine: ImageCapability['engine'];
  onChange: (next: ConvertSettings) => void;
}

/** Output format first; below it only the options that mean something for that format (formatRules), the rest explained. */
export const ConvertSettingsForm = memo(function ConvertSettingsForm({ value, engine, onChange }: ConvertSettingsFormProps) {
  const { t } = useTranslation('image-convert');
  const set = <K extends keyof ConvertSettings>(key: K, next: ConvertSettings[K]) => onChange({ ...value, [key]: next });
  const rules = formatRules(value.format, engine);
  const formatName = t(`settings.formats.${value.format}`);
  return (
    <div className="bb-form image-convert__form">
      <Field label={t('settings.format')}>
        <Segmented
          className="image-convert__formats"
          value={value.format}
          onChange={(format) => set('format', format)}
          options={IMAGE_OUTPUT_FORMATS.map((format) => ({ value: format, label: t(`settings.formats.${format}`) }))}
          aria-label={t('settings.format')}
          data-testid="convert-format"
        />
      </Field>
      {rules.quality ? (
        <Field label={t('settings.quality')}>
          <div className="image-convert__quality">
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
              data-testid="convert-quality"
            />
          </div>
        </Field>
      ) : (
        <Paragraph type="secondary" data-testid="convert-lossless">
          {t('settings.lossless', { format: formatName })}
        </Paragraph>
      )}
      {rules.background ? (
        <Field label={t('settings.background')} extra={t('settings.backgroundHint', { format: formatName })}>
          <ColorField
            value={value.background}
            onChange={(background) => set('background', background)}
            label={t('settings.background')}
            swatches={BACKGROUND_SWATCHES}
            testId="convert-background-hex"
          />
        </Field>
      ) : null}
      {rules.icoSize ? (
        <Field label={t('settings.icoSize')} extra={t('settings.icoSizeHint')}>
          <Segmented
            value={value.icoSize}
            onChange={(size) => set('icoSize', size)}
            options={ICO_SIZES.map((size) => ({ value: size, label: t('settings.px', { size }) }))}
            aria-label={t('settings.icoSize')}
            data-testid="convert-ico-size"
          />
        </Field>
      ) : null}
      <Field extra={rules.metadata ? t('settings.keepMetadataHint') : t('settings.metadataUnavailable', { format: formatName })}>
        <Checkbox
          checked={rules.metadata && value.keepMetadata}
          disabled={!rules.metadata}
          onChange={(keep) => set('keepMetadata', keep)}
          data-testid="convert-keep-metadata"
        >
          {t('settings.keepMetadata')}
        </Checkbox>
      </Field>
    </div>
  );
});
