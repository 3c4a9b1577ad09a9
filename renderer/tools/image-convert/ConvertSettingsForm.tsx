import { memo } from 'react';
import { Checkbox, Form, InputNumber, Segmented, Slider } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMAGE_OUTPUT_FORMATS } from '@shared/contracts/image-base';
import type { ImageCapability } from '@shared/contracts/image';
import { ColorField } from '@/components/ColorField';
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
    <Form layout="vertical" className="image-convert__form">
      <Form.Item label={t('settings.format')}>
        <Segmented
          className="image-convert__formats"
          value={value.format}
          onChange={(format) => set('format', format)}
          options={IMAGE_OUTPUT_FORMATS.map((format) => ({ value: format, label: t(`settings.formats.${format}`) }))}
          aria-label={t('settings.format')}
          data-testid="convert-format"
        />
      </Form.Item>
      {rules.quality ? (
        <Form.Item label={t('settings.quality')}>
          <div className="image-convert__quality">
            <Slider
              min={1}
              max={100}
              value={value.quality}
              onChange={(quality) => set('quality', quality)}
              ariaLabelForHandle={t('settings.quality')}
            />
            <InputNumber
              min={1}
              max={100}
              value={value.quality}
              onChange={(quality) => set('quality', quality ?? value.quality)}
              aria-label={t('settings.quality')}
              data-testid="convert-quality"
            />
          </div>
        </Form.Item>
      ) : (
        <Paragraph type="secondary" data-testid="convert-lossless">
          {t('settings.lossless', { format: formatName })}
        </Paragraph>
      )}
      {rules.background ? (
        <Form.Item label={t('settings.background')} extra={t('settings.backgroundHint', { format: formatName })}>
          <ColorField
            value={value.background}
            onChange={(background) => set('background', background)}
            label={t('settings.background')}
            swatches={BACKGROUND_SWATCHES}
            testId="convert-background-hex"
          />
        </Form.Item>
      ) : null}
      {rules.icoSize ? (
        <Form.Item label={t('settings.icoSize')} extra={t('settings.icoSizeHint')}>
          <Segmented
            value={value.icoSize}
            onChange={(size) => set('icoSize', size)}
            options={ICO_SIZES.map((size) => ({ value: size, label: t('settings.px', { size }) }))}
            aria-label={t('settings.icoSize')}
            data-testid="convert-ico-size"
          />
        </Form.Item>
      ) : null}
      <Form.Item extra={rules.metadata ? t('settings.keepMetadataHint') : t('settings.metadataUnavailable', { format: formatName })}>
        <Checkbox
          checked={rules.metadata && value.keepMetadata}
          disabled={!rules.metadata}
          onChange={(event) => set('keepMetadata', event.target.checked)}
          data-testid="convert-keep-metadata"
        >
          {t('settings.keepMetadata')}
        </Checkbox>
      </Form.Item>
    </Form>
  );
});
