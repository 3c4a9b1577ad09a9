import { useId } from 'react';
import type { ReactNode } from 'react';
import './radio.css';

export interface RadioOption<V> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<V> {
  options: RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
  /** antd's `optionType`: joined buttons, or round radios with their labels. */
  optionType?: 'default' | 'button';
  size?: 'small' | 'middle' | 'large';
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}

/**
 * antd's Radio.Group (outline buttons or round radios) as native radio inputs on the theme
 * variables (radio.css): the browser gives the group its keyboard (arrow keys move and select,
 * one tab stop) and screen readers their radiogroup, as antd's markup does.
 */
export function RadioGroup<V extends string | number | boolean>({
  options,
  value,
  onChange,
  optionType = 'default',
  size = 'middle',
  disabled,
  className,
  ...rest
}: RadioGroupProps<V>) {
  const name = useId();
  const button = optionType === 'button';
  const group = ['bb-radio-group', size !== 'middle' && `bb-radio-group--${size}`, className].filter(Boolean).join(' ');
  return (
    <div
      className={group}
      role="radiogroup"
      aria-label={rest['aria-label']}
      aria-labelledby={rest['aria-labelledby']}
      data-testid={rest['data-testid']}
    >
      {options.map((option) => {
        const checked = option.value === value;
        const off = disabled || option.disabled;
        const look = button ? 'bb-radio-button' : 'bb-radio';
        const classes = [look, checked && `${look}--checked`, off && `${look}--disabled`].filter(Boolean).join(' ');
        return (
          <label key={String(option.value)} className={classes}>
            <input
              type="radio"
              className="bb-radio__input"
              name={name}
              checked={checked}
              disabled={off}
              onChange={() => onChange(option.value)}
            />
            {button ? null : <span className="bb-radio__dot" aria-hidden />}
            <span className="bb-radio__label">{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
