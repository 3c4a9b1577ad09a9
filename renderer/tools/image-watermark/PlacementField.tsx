import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Field } from '@/components/Field';
import { Segmented } from '@/components/Segmented';
import { OVERLAY_ANCHORS } from '@shared/contracts/image-overlay-base';
import type { WatermarkSettings } from './image-watermark.service';
import { ShareSlider } from './ShareSlider';

export interface PlacementFieldProps {
  value: WatermarkSettings;
  set: <K extends keyof WatermarkSettings>(key: K, next: WatermarkSettings[K]) => void;
}

/** Single mark at one of nine anchors (with a margin), or tiled over the image (with spacing). */
export function PlacementField({ value, set }: PlacementFieldProps) {
  const { t } = useTranslation('image-watermark');
  return (
    <>
      <Field label={t('settings.placement')}>
        <Segmented
          block
          value={value.tiled ? 'tile' : 'single'}
          onChange={(placement) => set('tiled', placement === 'tile')}
          options={(['single', 'tile'] as const).map((placement) => ({ value: placement, label: t(`settings.placements.${placement}`) }))}
          aria-label={t('settings.placement')}
          data-testid="wm-placement"
        />
      </Field>
      {value.tiled ? (
        <Field label={t('settings.gap')}>
          <ShareSlider
            value={value.gap}
            min={0}
            max={1}
            step={0.01}
            onChange={(gap) => set('gap', gap)}
            label={t('settings.gap')}
            testId="wm-gap"
          />
        </Field>
      ) : (
        <div className="image-watermark__anchor-row">
          <div className="image-watermark__anchors" role="radiogroup" aria-label={t('settings.placement')}>
            {OVERLAY_ANCHORS.map((anchor) => (
              <Button
                key={anchor}
                size="small"
                type={value.anchor === anchor ? 'primary' : 'default'}
                role="radio"
                aria-checked={value.anchor === anchor}
                aria-label={t(`settings.anchors.${anchor}`)}
                data-tip={t(`settings.anchors.${anchor}`)}
                onClick={() => set('anchor', anchor)}
                data-testid={`wm-anchor-${anchor}`}
              >
                <span className="image-watermark__dot" />
              </Button>
            ))}
          </div>
          <Field label={t('settings.margin')} className="image-watermark__grow">
            <ShareSlider
              value={value.margin}
              min={0}
              max={0.2}
              step={0.005}
              onChange={(margin) => set('margin', margin)}
              label={t('settings.margin')}
              testId="wm-margin"
            />
          </Field>
        </div>
      )}
    </>
  );
}
