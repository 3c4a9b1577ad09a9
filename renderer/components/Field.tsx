import type { ReactNode } from 'react';
import './form.css';

export interface FieldProps {
  /** Above the control. */
  label?: ReactNode;
  /** The control's id, when it has one, so a click on the label reaches it. */
  htmlFor?: string;
  /** The hint under the control. */
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * One row of a vertical settings form, as antd's `Form.Item` in `layout="vertical"` draws it
 * (form.css): label, control, hint, 24 px below. Only the layout: the tools keep their values in
 * their own state, so antd's Form (its store, rc-field-form and async-validator) is not needed.
 * Put the rows in an element with class `bb-form` for antd's Form text style.
 */
export function Field({ label, htmlFor, extra, className, children, ...rest }: FieldProps) {
  return (
    <div className={className ? `bb-field ${className}` : 'bb-field'} {...rest}>
      {label === undefined ? null : (
        <div className="bb-field__label">
          <label htmlFor={htmlFor}>{label}</label>
        </div>
      )}
      <div className="bb-field__control">
        <div className="bb-field__content">{children}</div>
      </div>
      {extra === undefined ? null : <div className="bb-field__extra">{extra}</div>}
    </div>
  );
}
