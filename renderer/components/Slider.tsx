import type { CSSProperties } from 'react';
import './slider.css';

export interface SliderProps {
  value: number;
  onChange: (next: number) => void;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  /** The hint above the handle while it is dragged or focused from the keyboard, and what a screen reader reads. */
  format?: (value: number) => string;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * antd's Slider as a native range input (slider.css draws antd's rail, track and handle under
 * it): keyboard (arrows, Page Up/Down, Home/End), touch and screen readers are the browser's own,
 * without antd's runtime. The input reaches half a handle past each end of the rail, so its thumb
 * sits where antd's handle sits for the same value.
 */
export function Slider({ value, onChange, min = 0, max = 100, step = 1, disabled = false, format, className, ...rest }: SliderProps) {
  const span = max - min;
  const at = span > 0 ? (Math.min(max, Math.max(min, value)) - min) / span : 0;
  const look = { '--bb-slider-at': `${at * 100}%` } as CSSProperties;
  const classes = ['bb-slider', disabled && 'bb-slider--disabled', className].filter(Boolean).join(' ');
  const text = format?.(value);
  return (
    <div className={classes} style={look}>
      <input
        type="range"
        className="bb-slider__input"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuenow={value}
        aria-valuetext={text}
        onChange={(event) => onChange(Number(event.target.value))}
        {...rest}
      />
      <span className="bb-slider__rail" aria-hidden />
      <span className="bb-slider__track" aria-hidden />
      <span className="bb-slider__handle" aria-hidden />
      {text === undefined ? null : (
        <span className="bb-slider__tip" aria-hidden>
          {text}
        </span>
      )}
    </div>
  );
}
