import type { ReactNode } from 'react';
import './checkbox.css';

export interface CheckboxProps {
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  /** The label beside the box. */
  children?: ReactNode;
  className?: string;
  'aria-label'?: string;
  /** On the native checkbox, so a test can check, uncheck and read it. */
  'data-testid'?: string;
}

/** antd's Checkbox: a native checkbox in a label (checkbox.css draws antd's box and tick), without antd's runtime. */
export function Checkbox({ checked, onChange, disabled = false, children, className, ...rest }: CheckboxProps) {
  const classes = ['bb-checkbox', checked && 'bb-checkbox--checked', disabled && 'bb-checkbox--disabled', className];
  return (
    <label className={classes.filter(Boolean).join(' ')}>
      <span className="bb-checkbox__box">
        <input
          type="checkbox"
          className="bb-checkbox__input"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          {...rest}
        />
        <span className="bb-checkbox__inner" />
      </span>
      {children === undefined || children === null ? null : <span className="bb-checkbox__label">{children}</span>}
    </label>
  );
}
