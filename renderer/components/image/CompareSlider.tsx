import { Slider } from 'antd';
import { useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from '@/components/Text';
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

/** The view's height limit; .bb-compare's max-height says the same, so "fit" fits both sides. */
const VIEW_HEIGHT = '70vh';

/**
 * Before/after on one stage: the result on top, clipped at the divider, the original under it.
 * The divider follows a press or drag anywhere on the picture; the slider under it does the same
 * by keyboard. Zoom shows real pixels (100 % and more) with the stage scrolling, where compression
 * artefacts are. No slider shows a tooltip: an open tooltip is a popup of its own, and Esc would
 * close it instead of the dialog.
 */
export function CompareSlider({ beforeUrl, afterUrl, width, height, onBeforeUnreadable }: CompareSliderProps) {
  const { t } = useTranslation('components');
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState(0);
  const dragging = useRef(false);
  // Zoom 0 means "fit the view": as wide as it can be without the height passing the view's.
  const stageStyle =
    zoom === 0
      ? { width: `min(100%, calc(${VIEW_HEIGHT} * ${width} / ${height}))`, aspectRatio: `${width} / ${height}` }
      : { width: (width * zoom) / 100, height: (height * zoom) / 100 };

  const splitAt = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width > 0) setSplit(Math.round(Math.min(100, Math.max(0, ((event.clientX - rect.left) / rect.width) * 100)) * 10) / 10);
  };
  const press = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    splitAt(event);
  };
  const release = () => {
    dragging.current = false;
  };

  return (
    <div>
      <div className="bb-compare__labels">
        <Text type="secondary">{t('image.before')}</Text>
        <Text type="secondary">{t('image.after')}</Text>
      </div>
      <div className="bb-compare" data-testid="image-compare-view">
        <div
          className="bb-compare__stage"
          style={stageStyle}
          onPointerDown={press}
          onPointerMove={(event) => dragging.current && splitAt(event)}
          onPointerUp={release}
          onPointerCancel={release}
          data-testid="image-compare-stage"
        >
          <img src={beforeUrl} alt={t('image.before')} draggable={false} onError={onBeforeUnreadable} />
          <img
            src={afterUrl}
            alt={t('image.after')}
            draggable={false}
            style={{ clipPath: `inset(0 0 0 ${split}%)` }}
            data-testid="image-compare-after"
          />
          <div className="bb-compare__divider" style={{ left: `${split}%` }} />
        </div>
      </div>
      <div className="bb-compare__controls">
        <Slider value={split} onChange={setSplit} aria-label={t('image.sliderLabel')} tooltip={{ open: false }} />
        <Text>{t('image.zoom')}</Text>
        <Slider
          value={zoom}
          min={0}
          max={400}
          step={25}
          onChange={setZoom}
          aria-label={t('image.zoom')}
          tooltip={{ open: false }}
          data-testid="image-compare-zoom"
        />
        <Text className="bb-compare__zoom-value" data-testid="image-compare-zoom-value">
          {zoom === 0 ? t('image.fit') : `${zoom}%`}
        </Text>
      </div>
    </div>
  );
}
