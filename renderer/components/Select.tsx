import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import type { CSSProperties, ReactNode } from 'react';
import { Icon } from '@/layouts/plain/icon';
import './select.css';

export interface SelectOption<T extends string | number> {
  value: T;
  /** Plain text: a native option cannot hold markup. */
  label: string;
  disabled?: boolean;
}

/** Options under a heading (a native optgroup). */
export interface SelectGroup<T extends string | number> {
  label: string;
  options: readonly SelectOption<T>[];
}

export interface SelectProps<T extends string | number> {
  /** undefined: nothing chosen, the placeholder shows. */
  value: T | undefined;
  onChange: (next: T) => void;
  options: readonly (SelectOption<T> | SelectGroup<T>)[];
  placeholder?: string;
  disabled?: boolean;
  /** antd's sizes: small is 24 px high. */
  size?: 'small' | 'middle';
  /** Shown inside the box before the value (an icon). */
  prefix?: ReactNode;
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * antd's Select for a short list of choices, as a styled native `<select>` (select.css): the same
 * closed box, and the system's own list when opened — on a phone that is the wheel or sheet people
 * know, bigger than antd's drop-down, and keyboard and screen readers need nothing from us. No
 * search, tags or custom option markup: use antd's Select, loaded later, where those are needed.
 */
export function Select<T extends string | number>({
  value,
  onChange,
  options,
  placeholder,
  disabled = false,
  size = 'middle',
  prefix,
  className,
  style,
  ...rest
}: SelectProps<T>) {
  const flat = options.flatMap((entry) => ('options' in entry ? entry.options : [entry]));
  const index = flat.findIndex((option) => option.value === value);
  const item = (option: SelectOption<T>) => (
    <option key={String(option.value)} value={String(flat.indexOf(option))} disabled={option.disabled}>
      {option.label}
    </option>
  );
  const classes = [
    'bb-select',
    size === 'small' && 'bb-select--sm',
    disabled && 'bb-select--disabled',
    index < 0 && 'bb-select--empty',
    className,
  ];
  return (
    <span className={classes.filter(Boolean).join(' ')} style={style}>
      {prefix === undefined ? null : <span className="bb-select__prefix">{prefix}</span>}
      <select
        className="bb-select__native"
        value={index < 0 ? '' : String(index)}
        disabled={disabled}
        onChange={(event) => {
          const chosen = flat[Number(event.target.value)];
          if (chosen) onChange(chosen.value);
        }}
        {...rest}
      >
        {index < 0 ? (
          <option value="" disabled hidden>
            {placeholder ?? ''}
          </option>
        ) : null}
        {options.map((entry) =>
          'options' in entry ? (
            <optgroup key={entry.label} label={entry.label}>
              {entry.options.map(item)}
            </optgroup>
          ) : (
            item(entry)
          ),
        )}
      </select>
      <span className="bb-select__arrow" aria-hidden>
        <Icon icon={DownOutlined} />
      </span>
    </span>
  );
}
