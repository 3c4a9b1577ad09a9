import LinkOutlined from '@ant-design/icons-svg/es/asn/LinkOutlined';
import { useTranslation } from 'react-i18next';
import { RESIZER_FITS, RESIZER_FORMATS, RESIZE_MODES, linkedSide, withLock, withSide } from './image-resizer.service';
import type { ResizerSettings } from './image-resizer.service';
import { Checkbox } from '@/components/Checkbox';
import { Field } from '@/components/Field';
import { NumberInput } from '@/components/NumberInput';
import { RadioGroup } from '@/components/Radio';
import { Segmented } from '@/components/Segmented';
import { Slider } from '@/components/Slider';
import { Title } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';

export interface SizeFormProps {
  value: ResizerSettings;
  onChange: (next: ResizerSettings) => void;
  /** Width / height of the previewed image after crop and rotation: the empty side's hint under the aspect lock. */
  aspect?: number;
}

/** Resize mode, pixels or percentage, aspect lock, fit, and the output format: each control writes its fields of the settings. */
export function SizeForm({ value, onChange, aspect }: SizeFormProps) {
  const { t } = useTranslation('image-resizer');
  const set = (patch: Partial<ResizerSettings>) => onChange({ ...value, ...patch });
  const linked = value.lockAspect && aspect !== undefined;
  // The side left empty under the lock follows each image; its hint is what the previewed image gets.
  const hint = (typed: number, ratio: number) =>
    linked && typed > 0 ? t('size.autoValue', { value: linkedSide(typed, ratio) }) : t('size.auto');
  const widthHint = hint(value.height, aspect === undefined ? 1 : 1 / aspect);
  const heightHint = hint(value.width, aspect ?? 1);
  return (
    <div className="bb-form image-resizer__form">
      <Field label={t('size.mode')}>
        <Segmented
          block
          value={value.mode}
          onChange={(mode) => set({ mode })}
          options={RESIZE_MODES.map((mode) => ({ value: mode, label: t(`size.modes.${mode}`) }))}
          aria-label={t('size.mode')}
          data-testid="resizer-mode"
        />
      </Field>
      {value.mode === 'exact' ? (
        <>
          <div className="image-resizer__sides">
            <Field label={t('size.width')}>
              <NumberInput
                min={0}
                max={16_384}
                value={value.width || null}
                placeholder={widthHint}
                suffix={t('size.px')}
                onChange={(width) => onChange(withSide(value, 'width', width ?? 0))}
                aria-label={t('size.width')}
                data-testid="resizer-width"
              />
            </Field>
            <Icon icon={LinkOutlined} className={linked ? 'image-resizer__link image-resizer__link--on' : 'image-resizer__link'} />
            <Field label={t('size.height')}>
              <NumberInput
                min={0}
                max={16_384}
                value={value.height || null}
                placeholder={heightHint}
                suffix={t('size.px')}
                onChange={(height) => onChange(withSide(value, 'height', height ?? 0))}
                aria-label={t('size.height')}
                data-testid="resizer-height"
              />
            </Field>
          </div>
          <Field extra={t('size.lockHint')}>
            <Checkbox checked={value.lockAspect} onChange={(lock) => onChange(withLock(value, lock))} data-testid="resizer-lock">
              {t('size.lock')}
            </Checkbox>
          </Field>
          <Field label={t('size.fit')}>
            <RadioGroup
              value={value.fit}
              onChange={(fit) => set({ fit })}
              options={RESIZER_FITS.map((fit) => ({ value: fit, label: t(`size.fits.${fit}`) }))}
              aria-label={t('size.fit')}
              className="image-resizer__fits"
              data-testid="resizer-fit"
            />
          </Field>
          <Field extra={t('size.enlargeHint')}>
            <Checkbox checked={value.enlarge} onChange={(enlarge) => set({ enlarge })} data-testid="resizer-enlarge">
              {t('size.enlarge')}
            </Checkbox>
          </Field>
        </>
      ) : null}
      {value.mode === 'percent' ? (
        <Field label={t('size.percent')}>
          <div className="image-resizer__slider">
            <Slider
              min={1}
              max={200}
              value={Math.min(200, value.percent)}
              onChange={(percent) => set({ percent })}
              aria-label={t('size.percent')}
            />
            <NumberInput
              min={1}
              max={1000}
              value={value.percent}
              suffix="%"
              onChange={(percent) => set({ percent: percent ?? value.percent })}
              aria-label={t('size.percent')}
              data-testid="resizer-percent"
            />
          </div>
        </Field>
      ) : null}
      <Title level={5}>{t('output.title')}</Title>
      <Field label={t('output.format')}>
        <Segmented
          block
          value={value.format}
          onChange={(format) => set({ format })}
          options={RESIZER_FORMATS.map((format) => ({ value: format, label: t(`output.formats.${format}`) }))}
          aria-label={t('output.format')}
          data-testid="resizer-format"
        />
      </Field>
      <Field label={t('output.quality')} extra={t('output.qualityHint')}>
        <div className="image-resizer__slider">
          <Slider min={1} max={100} value={value.quality} onChange={(quality) => set({ quality })} aria-label={t('output.quality')} />
          <NumberInput
            min={1}
            max={100}
            value={value.quality}
            onChange={(quality) => set({ quality: quality ?? value.quality })}
            aria-label={t('output.quality')}
            data-testid="resizer-quality"
          />
        </div>
      </Field>
    </div>
  );
}
