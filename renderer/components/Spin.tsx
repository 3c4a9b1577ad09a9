import type { HTMLAttributes, ReactNode } from 'react';
import './spin.css';

/*
 * import { Spin } from '@/components/Spin';
 *
 * antd's Spin (v6) as plain elements on the theme's variables (spin.css): the four rotating dots,
 * alone or over the content it wraps (which is dimmed and cannot be clicked while it spins).
 */

export interface SpinProps extends HTMLAttributes<HTMLDivElement> {
  size?: 'small' | 'default' | 'large';
  /** A line under the dots (antd's `tip`, called `description` since v6). */
  tip?: ReactNode;
  description?: ReactNode;
  /** Default true; with children, false shows them as they are. */
  spinning?: boolean;
  children?: ReactNode;
  'data-testid'?: string;
}

export function Spin({ size = 'default', tip, description, spinning = true, className, children, ...rest }: SpinProps) {
  const nested = children !== undefined && children !== null && children !== false;
  const text = description ?? tip;
  const indicator = (
    <>
      <span className="bb-spinner__dots" aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
      {text !== undefined && text !== null ? <div className="bb-spinner__description">{text}</div> : null}
    </>
  );
  const classes = [
    'bb-spinner',
    size !== 'default' && `bb-spinner--${size === 'small' ? 'sm' : 'lg'}`,
    spinning && 'bb-spinner--spinning',
    !nested && 'bb-spinner__section',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div {...rest} className={classes} aria-live="polite" aria-busy={spinning}>
      {spinning ? nested ? <div className="bb-spinner__section">{indicator}</div> : indicator : null}
      {nested ? <div className="bb-spinner__container">{children}</div> : null}
    </div>
  );
}
