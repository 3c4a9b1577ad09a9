import { Slider, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './image.css';

export interface CompareSliderProps {
  beforeUrl: string;
  afterUrl: string;
  /** Output size: both images are shown at it, so the pixels line up. */
  width: number;
  height: number;
  /** The browser cannot show the original (HEIC in Chrome): the caller may hand a rendered one instead. */
  onBeforeUnreadable?: () => void;
}

/**
 * Before/after on one stage: the result on top, clipped at the divider, the original under it.
 * Zoom shows real pixels (100 % and more) with the stage scrolling, where compression artefacts are.
 */
export function CompareSlider({ beforeUrl, afterUrl, width, height, onBeforeUnreadable }: CompareSliderProps) {
  const { t } = useTranslation('components');
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState(0);
  // Zoom 0 means "fit the view"; otherwise a percentage of the output's real size.
  const stageStyle = zoom === 0 ? { width: '100%', aspectRatio: `${width} / ${height}` } : { width: (width * zoom) / 100, height: (height * zoom) / 100 };
  return (
    <div>
      <div className="bb-compare__labels">
        <Typography.Text type="secondary">{t('image.before')}</Typography.Text>
        <Typography.Text type="secondary">{t('image.after')}</Typography.Text>
      </div>
      <div className="bb-compare" data-testid="image-compare-view">
        <div className="bb-compare__stage" style={stageStyle}>
          <img src={beforeUrl} alt={t('image.before')} draggable={false} onError={onBeforeUnreadable} />
          <img src={afterUrl} alt={t('image.after')} draggable={false} style={{ clipPath: `inset(0 0 0 ${split}%)` }} />
          <div className="bb-compare__divider" style={{ left: `${split}%` }} />
        </div>
      </div>
      <div className="bb-compare__controls">
        <Slider value={split} onChange={setSplit} aria-label={t('image.sliderLabel')} tooltip={{ open: false }} />
        <Typography.Text>{t('image.zoom')}</Typography.Text>
        <Slider
          value={zoom}
          min={0}
          max={400}
          step={25}
          onChange={setZoom}
          aria-label={t('image.zoom')}
          tooltip={{ formatter: (value) => (value ? `${value}%` : t('image.zoom')) }}
        />
      </div>
    </div>
  );
}
