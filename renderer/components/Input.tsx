import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { useRef, useState } from 'react';
import type { InputHTMLAttributes, KeyboardEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/layouts/plain/icon';
import { clearField } from './clear-field';
import './input.css';

export type InputStatus = 'error' | 'warning';
export type InputSize = 'small' | 'middle' | 'large';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'> {
  prefix?: ReactNode;
  suffix?: ReactNode;
  status?: InputStatus;
  size?: InputSize;
  /** A clear button at the end while there is text; clearing is an ordinary change event. */
  allowClear?: boolean;
  onPressEnter?: (event: KeyboardEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
}

const sizeClass = { small: ' bb-input--sm', middle: '', large: ' bb-input--lg' } as const;

/** The state classes antd puts on the box that draws the border (the input, or its affix wrapper). */
export const boxClasses = (
  base: string,
  { status, size = 'middle', disabled }: { status?: InputStatus; size?: InputSize; disabled?: boolean },
) => `${base}${sizeClass[size]}${status ? ` bb-input--${status}` : ''}${disabled ? ' bb-input--disabled' : ''}`;

/**
 * antd's Input (outlined) as a plain `<input>` on the theme variables (input.css): the same box,
 * states and affix wrapper (prefix, suffix, clear button), without antd's runtime and style engine.
 * Attributes (aria-*, data-testid, maxLength…) go to the `<input>`, as antd's do.
 */
export function Input({ prefix, suffix, status, size, allowClear, onPressEnter, className, onKeyDown, ref, ...rest }: InputProps) {
  const { t } = useTranslation('components');
  const input = useRef<HTMLInputElement | null>(null);
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) onPressEnter?.(event);
    onKeyDown?.(event);
  };
  const affixed = prefix !== undefined || suffix !== undefined || allowClear;
  if (!affixed) {
    return (
      <input
        {...rest}
        ref={ref}
        className={`${boxClasses('bb-input', { status, size, disabled: rest.disabled })}${className ? ` ${className}` : ''}`}
        onKeyDown={keyDown}
      />
    );
  }
  const filled = rest.value !== undefined && rest.value !== null && String(rest.value) !== '';
  return (
    <span className={`${boxClasses('bb-input-affix', { status, size, disabled: rest.disabled })}${className ? ` ${className}` : ''}`}>
      {prefix !== undefined ? <span className="bb-input__prefix">{prefix}</span> : null}
      <input
        {...rest}
        ref={(node) => {
          input.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
        className="bb-input bb-input--bare"
        onKeyDown={keyDown}
      />
      {allowClear || suffix !== undefined ? (
        <span className="bb-input__suffix">
          {allowClear ? (
            <button
              type="button"
              className={filled && !rest.disabled && !rest.readOnly ? 'bb-input__clear' : 'bb-input__clear bb-input__clear--hidden'}
              aria-label={t('clear')}
              tabIndex={-1}
              onClick={() => input.current && clearField(input.current)}
            >
              <Icon icon={CloseCircleFilled} />
            </button>
          ) : null}
          {suffix}
        </span>
      ) : null}
    </span>
  );
}

export interface PasswordProps extends Omit<InputProps, 'type' | 'suffix' | 'allowClear'> {
  /** The eye button that shows the password (antd's default: on). */
  visibilityToggle?: boolean;
}

/** antd's Input.Password: an Input whose eye button shows and hides what is typed. */
export function Password({ visibilityToggle = true, ...rest }: PasswordProps) {
  const { t } = useTranslation('components');
  const [visible, setVisible] = useState(false);
  const toggle = visibilityToggle ? (
    <button
      type="button"
      className="bb-input__password-icon"
      aria-label={visible ? t('hidePassword') : t('showPassword')}
      aria-pressed={visible}
      disabled={rest.disabled}
      onClick={() => setVisible((shown) => !shown)}
      onMouseDown={(event) => event.preventDefault()}
    >
      <Icon icon={visible ? EyeOutlined : EyeInvisibleOutlined} />
    </button>
  ) : undefined;
  return <Input {...rest} type={visible ? 'text' : 'password'} suffix={toggle} />;
}
