import { useTranslation } from 'react-i18next';
import { NumberInput } from '@/components/NumberInput';
import { Slider } from '@/components/Slider';

export interface ShareSliderProps {
  /** A share (0.04); shown and typed as a percentage (4). */
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (share: number) => void;
  label: string;
  testId: string;
}

const toPercent = (share: number) => Math.round(share * 1000) / 10;

/** Slider plus number box for the settings stored as shares of the image width (or 0…1 opacity). */
export function ShareSlider({ value, min, max, step, onChange, label, testId }: ShareSliderProps) {
  const { t } = useTranslation('image-watermark');
  const percentStep = toPercent(step);
  return (
    <div className="image-watermark__slider">
      <Slider
        min={toPercent(min)}
        max={toPercent(max)}
        step={percentStep}
        value={toPercent(value)}
        onChange={(percent) => onChange(percent / 100)}
        aria-label={label}
        format={(percent) => t('settings.percent', { value: percent })}
      />
      <NumberInput
        min={toPercent(min)}
        max={toPercent(max)}
        step={percentStep}
        value={toPercent(value)}
        suffix={t('settings.percentUnit')}
        onChange={(percent) => onChange(percent === null ? value : percent / 100)}
        aria-label={label}
        data-testid={testId}
      />
    </div>
  );
}
