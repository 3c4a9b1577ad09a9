import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import UpOutlined from '@ant-design/icons-svg/es/asn/UpOutlined';
import { useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { Icon } from '@/layouts/plain/icon';
import { parseTyped, settledText, shownValue, stepped, typedValue } from './number-value';
import './number-input.css';

export interface NumberInputProps {
  /** null: empty box (its placeholder shows). */
  value: number | null;
  onChange: (next: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
  /** Decimals kept when a typed value is settled; none: as typed. */
  precision?: number;
  placeholder?: string;
  /** Inside the box, after the number (a unit). */
  suffix?: ReactNode;
  disabled?: boolean;
  /** Red border, as antd's status="error". */
  error?: boolean;
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * antd's InputNumber as a plain text box with role spinbutton (number-input.css has antd's look,
 * its step buttons showing on hover). It behaves as antd's does: while typing, a number within
 * min…max is passed on at once and one outside them only turns red; leaving the box (or Enter)
 * clamps it into range and rounds it to `precision`; arrow keys step (Shift: ten steps); an
 * emptied box passes null.
 */
export function NumberInput({
  value,
  onChange,
  min = Number.MIN_SAFE_INTEGER,
  max = Number.MAX_SAFE_INTEGER,
  step = 1,
  precision,
  placeholder,
  suffix,
  disabled = false,
  error = false,
  className,
  style,
  ...aria
}: NumberInputProps) {
  const [draft, setDraft] = useState<string>();
  const [focused, setFocused] = useState(false);
  const range = { min, max, precision };
  const shown = value === null ? '' : shownValue(value, step, precision);
  const text = draft ?? shown;
  const typed = parseTyped(text);
  const outOfRange = typed !== undefined && (typed < min || typed > max);

  const commit = (next: number | null) => {
    if (next !== value) onChange(next);
  };
  const type = (next: string) => {
    setDraft(next);
    const number = typedValue(next, range);
    if (number !== undefined) commit(number);
  };
  const settleDraft = () => {
    if (draft === undefined) return;
    setDraft(undefined);
    const number = settledText(draft, range);
    if (number !== undefined) commit(number);
  };
  const stepBy = (direction: 1 | -1, times = 1) => {
    if (disabled) return;
    setDraft(undefined);
    const from = typed ?? value ?? (min > Number.MIN_SAFE_INTEGER ? min : 0);
    commit(stepped(from, step * times, direction, range));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      stepBy(event.key === 'ArrowUp' ? 1 : -1, event.shiftKey ? 10 : 1);
    } else if (event.key === 'Enter') settleDraft();
  };

  const current = value ?? undefined;
  const classes = [
    'bb-number',
    focused && 'bb-number--focused',
    disabled && 'bb-number--disabled',
    error && 'bb-number--error',
    outOfRange && 'bb-number--out-of-range',
    className,
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} style={style}>
      <input
        className="bb-number__input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        role="spinbutton"
        aria-valuemin={min > Number.MIN_SAFE_INTEGER ? min : undefined}
        aria-valuemax={max < Number.MAX_SAFE_INTEGER ? max : undefined}
        aria-valuenow={current}
        aria-invalid={error || outOfRange || undefined}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          settleDraft();
        }}
        {...aria}
      />
      {suffix === undefined ? null : <span className="bb-number__suffix">{suffix}</span>}
      {/* Mouse only, as antd's: the keyboard steps with the arrow keys. */}
      <span className="bb-number__actions" aria-hidden>
        <span
          className={`bb-number__action bb-number__action--up${current !== undefined && current >= max ? ' bb-number__action--off' : ''}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => stepBy(1)}
        >
          <Icon icon={UpOutlined} />
        </span>
        <span
          className={`bb-number__action bb-number__action--down${current !== undefined && current <= min ? ' bb-number__action--off' : ''}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => stepBy(-1)}
        >
          <Icon icon={DownOutlined} />
        </span>
      </span>
    </div>
  );
}
