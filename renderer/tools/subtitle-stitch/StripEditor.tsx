import type { KeyboardEvent, PointerEvent } from 'react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { StripBounds } from '@shared/image/stitch';
import { moveEdge, percent } from './subtitle-stitch.service';

type Edge = 'top' | 'bottom';

/** Arrow keys move an edge by 1 % of the height, with Shift by 5 %. */
const STEP = 0.01;
const BIG_STEP = 0.05;

export interface StripEditorProps {
  url: string;
  name: string;
  bounds: StripBounds;
  /** The first screenshot is kept whole: no handles. */
  whole: boolean;
  onChange: (bounds: StripBounds) => void;
}

/** A screenshot with its subtitle strip marked; the strip's top and bottom lines are draggable sliders. */
export function StripEditor({ url, name, bounds, whole, onChange }: StripEditorProps) {
  const { t } = useTranslation('subtitle-stitch');
  const box = useRef<HTMLDivElement>(null);

  const shareAt = (clientY: number) => {
    const rect = box.current?.getBoundingClientRect();
    return rect && rect.height > 0 ? (clientY - rect.top) / rect.height : Number.NaN;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  };
  const onPointerMove = (edge: Edge) => (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) onChange(moveEdge(bounds, edge, shareAt(event.clientY)));
  };
  const onKeyDown = (edge: Edge) => (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const delta = { ArrowUp: -step, ArrowLeft: -step, ArrowDown: step, ArrowRight: step, PageUp: -BIG_STEP, PageDown: BIG_STEP }[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    onChange(moveEdge(bounds, edge, bounds[edge] + delta));
  };

  const handle = (edge: Edge) => (
    <div
      className={`ss-edge ss-edge--${edge}`}
      style={{ top: `${bounds[edge] * 100}%` }}
      role="slider"
      tabIndex={0}
      aria-label={t(edge === 'top' ? 'list.topEdge' : 'list.bottomEdge')}
      aria-orientation="vertical"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent(bounds[edge])}
      aria-valuetext={`${percent(bounds[edge])}%`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove(edge)}
      onKeyDown={onKeyDown(edge)}
      data-testid={`edge-${edge}`}
    >
      <span className="ss-edge__line" />
    </div>
  );

  return (
    <div className="ss-strip-editor" ref={box}>
      <img src={url} alt={name} className="ss-strip-editor__image" draggable={false} />
      {whole ? null : (
        <>
          <div className="ss-shade" style={{ top: 0, height: `${bounds.top * 100}%` }} />
          <div className="ss-shade" style={{ top: `${bounds.bottom * 100}%`, bottom: 0 }} />
          {handle('top')}
          {handle('bottom')}
        </>
      )}
    </div>
  );
}
