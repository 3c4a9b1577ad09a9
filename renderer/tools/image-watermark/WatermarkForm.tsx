import { useTranslation } from 'react-i18next';
import { OVERLAY_FONTS } from '@shared/contracts/image-overlay-base';
import { WATERMARK_FORMATS, WATERMARK_MODES } from './image-watermark.service';
import type { WatermarkSettings } from './image-watermark.service';
import { Checkbox } from '@/components/Checkbox';
import { ColorField } from '@/components/ColorField';
import { Field } from '@/components/Field';
import { Input } from '@/components/Input';
import { NumberInput } from '@/components/NumberInput';
import { Segmented } from '@/components/Segmented';
import { Select } from '@/components/Select';
import { Slider } from '@/components/Slider';
import { LogoPicker } from './LogoPicker';
import type { Logo } from './LogoPicker';
import { PlacementField } from './PlacementField';
import { ShareSlider } from './ShareSlider';

export interface WatermarkFormProps {
  value: WatermarkSettings;
  onChange: (next: WatermarkSettings) => void;
  logo: Logo | undefined;
  onLogo: (logo: Logo) => void;
}

/** Every control writes one field of the settings; the logo itself lives outside them (presets stay small). */
export function WatermarkForm({ value, onChange, logo, onLogo }: WatermarkFormProps) {
  const { t } = useTranslation('image-watermark');
  const set = <K extends keyof WatermarkSettings>(key: K, next: WatermarkSettings[K]) => onChange({ ...value, [key]: next });
  return (
    <div className="bb-form image-watermark__form">
      <Field label={t('settings.mode')}>
        <Segmented
          block
          value={value.mode}
          onChange={(mode) => set('mode', mode)}
          options={WATERMARK_MODES.map((mode) => ({ value: mode, label: t(`settings.modes.${mode}`) }))}
          aria-label={t('settings.mode')}
          data-testid="wm-mode"
        />
      </Field>
      {value.mode === 'text' ? (
        <>
          <Field label={t('settings.text')}>
            <Input
              value={value.text}
              maxLength={200}
              placeholder={t('settings.textPlaceholder')}
              onChange={(event) => set('text', event.target.value)}
              aria-label={t('settings.text')}
              data-testid="wm-text"
            />
          </Field>
          <div className="image-watermark__text-row">
            <Field label={t('settings.font')}>
              <Select
                value={value.font}
                onChange={(font) => set('font', font)}
                className="image-watermark__font"
                options={OVERLAY_FONTS.map((font) => ({ value: font, label: t(`settings.fonts.${font}`) }))}
                aria-label={t('settings.font')}
                data-testid="wm-font"
              />
            </Field>
            <Field label={t('settings.color')}>
              <ColorField
                value={value.color}
                onChange={(color) => set('color', color)}
                label={t('settings.textColor')}
                testId="wm-color-hex"
              />
            </Field>
            <Field>
              <Checkbox checked={value.bold} onChange={(bold) => set('bold', bold)} data-testid="wm-bold">
                {t('settings.bold')}
              </Checkbox>
            </Field>
          </div>
          <Field label={t('settings.size')} extra={t('settings.sizeHint')}>
            <ShareSlider
              value={value.size}
              min={0.01}
              max={0.3}
              step={0.005}
              onChange={(size) => set('size', size)}
              label={t('settings.size')}
              testId="wm-size"
            />
          </Field>
        </>
      ) : (
        <>
          <Field label={t('settings.logo')}>
            <LogoPicker value={logo} onChange={onLogo} />
          </Field>
          <Field label={t('settings.logoScale')} extra={t('settings.sizeHint')}>
            <ShareSlider
              value={value.logoScale}
              min={0.02}
              max={1}
              step={0.01}
              onChange={(scale) => set('logoScale', scale)}
              label={t('settings.logoScale')}
              testId="wm-logo-scale"
            />
          </Field>
        </>
      )}
      <Field label={t('settings.opacity')}>
        <ShareSlider
          value={value.opacity}
          min={0}
          max={1}
          step={0.01}
          onChange={(opacity) => set('opacity', opacity)}
          label={t('settings.opacity')}
          testId="wm-opacity"
        />
      </Field>
      <Field label={t('settings.angle')}>
        <div className="image-watermark__slider">
          <Slider
            min={-180}
            max={180}
            value={value.angle}
            onChange={(angle) => set('angle', angle)}
            aria-label={t('settings.angle')}
            format={(angle) => t('settings.degrees', { value: angle })}
          />
          <NumberInput
            min={-180}
            max={180}
            value={value.angle}
            onChange={(angle) => set('angle', angle ?? 0)}
            aria-label={t('settings.angle')}
            data-testid="wm-angle"
          />
        </div>
      </Field>
      <PlacementField value={value} set={set} />
      <Field label={t('output.format')}>
        <Segmented
          block
          value={value.format}
          onChange={(format) => set('format', format)}
          options={WATERMARK_FORMATS.map((format) => ({ value: format, label: t(`output.formats.${format}`) }))}
          aria-label={t('output.format')}
          data-testid="wm-format"
        />
      </Field>
      <Field label={t('output.quality')}>
        <div className="image-watermark__slider">
          <Slider
            min={1}
            max={100}
            value={value.quality}
            onChange={(quality) => set('quality', quality)}
            aria-label={t('output.quality')}
          />
          <NumberInput
            min={1}
            max={100}
            value={value.quality}
            onChange={(quality) => set('quality', quality ?? value.quality)}
            aria-label={t('output.quality')}
            data-testid="wm-quality"
          />
        </div>
      </Field>
    </div>
  );
}
