import { useId } from 'react';
import type { ReactNode } from 'react';
import './segmented.css';

export interface SegmentedOption<T extends string | number> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
}

export interface SegmentedProps<T extends string | number> {
  value: T;
  onChange: (next: T) => void;
  options: readonly SegmentedOption<T>[];
  /** Full width, the options sharing it equally. */
  block?: boolean;
  /** antd's small size (24 px high), as a compact toolbar uses it. */
  size?: 'small' | 'middle';
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * antd's Segmented as native radio buttons on the theme's variables (segmented.css): a radiogroup
 * whose arrow keys, focus and form semantics are the browser's own, without antd's runtime.
 */
export function Segmented<T extends string | number>({
  value,
  onChange,
  options,
  block = false,
  size = 'middle',
  disabled = false,
  className,
  ...rest
}: SegmentedProps<T>) {
  const name = useId();
  const classes = ['bb-seg', block && 'bb-seg--block', size === 'small' && 'bb-seg--sm', disabled && 'bb-seg--disabled', className];
  return (
    <div role="radiogroup" className={classes.filter(Boolean).join(' ')} {...rest}>
      {options.map((option) => {
        const selected = option.value === value;
        const off = disabled || option.disabled === true;
        const item = ['bb-seg__item', selected && 'bb-seg__item--selected', off && 'bb-seg__item--disabled'];
        return (
          <label key={String(option.value)} className={item.filter(Boolean).join(' ')}>
            <input
              type="radio"
              className="bb-seg__input"
              name={name}
              checked={selected}
              disabled={off}
              onChange={() => onChange(option.value)}
            />
            <span className="bb-seg__label" title={typeof option.label === 'string' ? option.label : undefined}>
              {option.label}
            </span>
          </label>
        );
      })}
    </div>
  );
}
