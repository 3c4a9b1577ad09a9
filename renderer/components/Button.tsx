import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Icon } from '@/layouts/plain/icon';
import './button.css';

/*
 * import { Button } from '@/components/Button';
 *
 * antd's Button as a plain <button> (or <a> with `href`) on the theme's variables (button.css):
 * the same classes' look, sizes and states, light and dark, without antd's style engine, its
 * ConfigProvider and the click wave (~40 KB gz on a page that shows no other antd part).
 */

export type ButtonType = 'primary' | 'default' | 'dashed' | 'text' | 'link';
export type ButtonSize = 'small' | 'middle' | 'large';

interface ButtonLook {
  type?: ButtonType;
  danger?: boolean;
  size?: ButtonSize;
  /** Before the text; an icon alone makes a square button (give it an aria-label). */
  icon?: ReactNode;
  /** A spinner instead of the icon; clicks are ignored meanwhile (antd's behaviour). */
  loading?: boolean;
  block?: boolean;
  shape?: 'default' | 'circle' | 'round';
  children?: ReactNode;
}

type NativeButton = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'>;
type NativeAnchor = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'type' | 'children' | 'onClick'>;

export type ButtonProps = ButtonLook &
  NativeButton & {
    htmlType?: 'button' | 'submit' | 'reset';
    /** Renders an <a> (antd's link button); a disabled one loses its href. */
    href?: string;
    target?: NativeAnchor['target'];
    download?: NativeAnchor['download'];
    rel?: NativeAnchor['rel'];
    ref?: Ref<HTMLButtonElement | HTMLAnchorElement>;
    'data-testid'?: string;
  };

const TWO_CJK = /^[\u4E00-\u9FA5]{2}$/;

/** antd puts a space between the two characters of a two-character Chinese label ("取 消") on bordered buttons. */
function content(children: ReactNode, spaced: boolean): ReactNode {
  if (children === undefined || children === null || children === false || children === '') return null;
  if (typeof children === 'string' || typeof children === 'number') {
    const text = String(children);
    return <span>{spaced && TWO_CJK.test(text) ? text.split('').join(' ') : text}</span>;
  }
  return children;
}

export function buttonClassName({
  type = 'default',
  danger,
  size = 'middle',
  block,
  shape,
  loading,
  iconOnly,
}: ButtonLook & { iconOnly: boolean }) {
  return [
    'bb-button',
    `bb-button--${type}`,
    danger && 'bb-button--danger',
    size !== 'middle' && `bb-button--${size === 'small' ? 'sm' : 'lg'}`,
    block && 'bb-button--block',
    shape && shape !== 'default' && `bb-button--${shape}`,
    loading && 'bb-button--loading',
    iconOnly && 'bb-button--icon-only',
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  type = 'default',
  danger,
  size,
  icon,
  loading = false,
  block,
  shape,
  htmlType = 'button',
  href,
  target,
  download,
  rel,
  disabled = false,
  className,
  children,
  onClick,
  ref,
  ...rest
}: ButtonProps) {
  const hasContent = children !== undefined && children !== null && children !== false && children !== '';
  const iconNode = loading ? <Icon icon={LoadingOutlined} className="anticon-spin" /> : icon;
  const classes = [buttonClassName({ type, danger, size, block, shape, loading, iconOnly: !hasContent && Boolean(iconNode) }), className]
    .filter(Boolean)
    .join(' ');
  const inner = (
    <>
      {iconNode ? <span className={loading ? 'bb-button__icon bb-button__icon--loading' : 'bb-button__icon'}>{iconNode}</span> : null}
      {content(children, !icon && type !== 'text' && type !== 'link')}
    </>
  );
  const click = (event: MouseEvent<HTMLButtonElement> & MouseEvent<HTMLAnchorElement>) => {
    if (loading || disabled) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  if (href !== undefined) {
    return (
      <a
        {...(rest as NativeAnchor)}
        ref={ref as Ref<HTMLAnchorElement>}
        className={disabled ? `${classes} bb-button--disabled` : classes}
        href={disabled ? undefined : href}
        target={target}
        download={download}
        rel={rel}
        onClick={click}
        tabIndex={disabled ? -1 : rest.tabIndex}
        aria-disabled={disabled || undefined}
        aria-busy={loading || undefined}
      >
        {inner}
      </a>
    );
  }
  return (
    <button
      {...rest}
      ref={ref as Ref<HTMLButtonElement>}
      type={htmlType}
      className={classes}
      disabled={disabled}
      onClick={click}
      aria-busy={loading || undefined}
    >
      {inner}
    </button>
  );
}
