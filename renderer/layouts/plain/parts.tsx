import type { ButtonHTMLAttributes, CSSProperties, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './plain.css';

type Level = 1 | 2 | 3 | 4 | 5;

/** A heading whose rank in the outline and size on screen are chosen separately (antd's Title look). */
export function Heading({
  level,
  look,
  style,
  children,
  ...rest
}: {
  level: Level;
  look: Level;
  style?: CSSProperties;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const Tag = `h${level}` as const;
  // The browser's default top margin of the look's level, which antd leaves in place.
  const marginTop = { 1: '0.67em', 2: '0.83em', 3: '1em', 4: '1.33em', 5: '1.67em' }[look];
  return (
    <Tag className={`bb-heading bb-heading--${look}`} style={{ marginTop, ...style }} {...rest}>
      {children}
    </Tag>
  );
}

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'text';
  small?: boolean;
  icon?: ReactNode;
  /** A hint shown on hover and keyboard focus (antd's Tooltip look). */
  tip?: string;
  /** A part after the label, `gap` apart from it (antd's Button spaces its children so). */
  after?: ReactNode;
  'data-testid'?: string;
}

export function buttonClass({
  variant = 'default',
  small,
  iconOnly,
}: {
  variant?: PlainButtonProps['variant'];
  small?: boolean;
  iconOnly?: boolean;
}) {
  return `bb-btn bb-btn--${variant}${small ? ' bb-btn--small' : ''}${iconOnly ? ' bb-btn--icon' : ''}`;
}

/** A button drawn like antd's default, primary or text Button. */
export function PlainButton({ variant, small, icon, tip, after, className, children, type = 'button', ...rest }: PlainButtonProps) {
  const iconOnly = !!icon && (children === undefined || children === null || children === false);
  return (
    <button
      type={type}
      className={`${buttonClass({ variant, small, iconOnly })}${className ? ` ${className}` : ''}`}
      data-tip={tip}
      data-tip-placement={tip ? 'bottom' : undefined}
      {...rest}
    >
      {icon}
      {!iconOnly && <span>{children}</span>}
      {after}
    </button>
  );
}

/** antd's Spin with its tip, for a page that is loading. */
export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="bb-spin" role="status" aria-live="polite">
      <span className="bb-spin__dots" aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
      <span>{t('messages.loading')}</span>
    </div>
  );
}

/** A plain click stays in the app; modified clicks (new tab, new window) keep the link's own behaviour. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
