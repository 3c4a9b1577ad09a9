import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { useLayoutEffect, useRef } from 'react';
import type { Ref, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/layouts/plain/icon';
import { autoHeight } from './auto-height';
import { clearField } from './clear-field';
import { boxClasses } from './Input';
import type { InputSize, InputStatus } from './Input';
import './input.css';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Grow with the text between these many rows (antd's `autoSize`); `true` has no bounds. */
  autoSize?: boolean | { minRows?: number; maxRows?: number };
  allowClear?: boolean;
  status?: InputStatus;
  size?: InputSize;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * antd's Input.TextArea as a plain `<textarea>` on the theme variables (input.css), with its
 * auto-size (measured after each change and when the box's width changes, so wrapped lines count)
 * and clear button. Attributes go to the `<textarea>`, as antd's do.
 */
export function TextArea({ autoSize, allowClear, status, size, className, ref, style, ...rest }: TextAreaProps) {
  const { t } = useTranslation('components');
  const box = useRef<HTMLTextAreaElement | null>(null);
  const rows = autoSize === true ? {} : autoSize || undefined;
  useAutoSize(box, rows, rest.value);

  const textarea = (
    <textarea
      {...rest}
      ref={(node) => {
        box.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      style={rows ? { resize: 'none', ...style } : style}
      className={
        allowClear
          ? 'bb-input bb-input--bare bb-textarea'
          : `${boxClasses('bb-input bb-textarea', { status, size, disabled: rest.disabled })}${className ? ` ${className}` : ''}`
      }
    />
  );
  if (!allowClear) return textarea;
  const filled = rest.value !== undefined && rest.value !== null && String(rest.value) !== '';
  return (
    <span
      className={`${boxClasses('bb-input-affix bb-textarea-affix', { status, size, disabled: rest.disabled })}${className ? ` ${className}` : ''}`}
    >
      {textarea}
      <span className="bb-input__suffix">
        <button
          type="button"
          className={filled && !rest.disabled && !rest.readOnly ? 'bb-input__clear' : 'bb-input__clear bb-input__clear--hidden'}
          aria-label={t('clear')}
          tabIndex={-1}
          onClick={() => box.current && clearField(box.current)}
        >
          <Icon icon={CloseCircleFilled} />
        </button>
      </span>
    </span>
  );
}

function useAutoSize(
  box: { current: HTMLTextAreaElement | null },
  rows: { minRows?: number; maxRows?: number } | undefined,
  value: unknown,
) {
  const minRows = rows?.minRows;
  const maxRows = rows?.maxRows;
  const enabled = rows !== undefined;
  const sized = useRef(false);
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return undefined;
    if (!enabled) {
      // A box that stops auto-sizing (a huge paste switches to fixed rows) loses the height it was given.
      if (sized.current) unfit(node);
      sized.current = false;
      return undefined;
    }
    sized.current = true;
    fit(node, minRows, maxRows);
    if (typeof ResizeObserver === 'undefined') return undefined;
    // Wrapped lines change with the width: measure again then, not on every height change we make.
    let width = node.clientWidth;
    const observer = new ResizeObserver(() => {
      if (node.clientWidth === width) return;
      width = node.clientWidth;
      fit(node, minRows, maxRows);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [box, enabled, minRows, maxRows, value]);
}

function unfit(node: HTMLTextAreaElement) {
  node.style.height = '';
  node.style.overflowY = '';
}

function fit(node: HTMLTextAreaElement, minRows: number | undefined, maxRows: number | undefined) {
  const css = getComputedStyle(node);
  const px = (name: string) => parseFloat(css.getPropertyValue(name)) || 0;
  // The content's height alone: at height 0 the scroll height is the text plus the padding.
  const height = node.style.height;
  node.style.height = '0px';
  const content = node.scrollHeight - px('padding-top') - px('padding-bottom');
  node.style.height = height;
  const size = autoHeight(content, {
    lineHeight: px('line-height'),
    padding: px('padding-top') + px('padding-bottom'),
    border: px('border-top-width') + px('border-bottom-width'),
    minRows,
    maxRows,
  });
  node.style.height = `${size.height}px`;
  node.style.overflowY = size.scroll ? '' : 'hidden';
}
