import type { HTMLAttributes, ReactNode } from 'react';
import './tag.css';

/*
 * import { Tag } from '@/components/Tag';
 *
 * antd's Tag (v6, filled) as a plain <span> on the theme's variables (tag.css): the status colours
 * and the palette colours the tools use, light and dark.
 */

export type TagColor =
  'default' | 'success' | 'processing' | 'warning' | 'error' | 'blue' | 'green' | 'orange' | 'purple' | 'gold' | 'red' | 'cyan';

export interface TagProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'color'> {
  color?: TagColor;
  icon?: ReactNode;
  'data-testid'?: string;
}

export function Tag({ color = 'default', icon, className, children, ...rest }: TagProps) {
  const classes = ['bb-label', color !== 'default' && `bb-label--${color}`, className].filter(Boolean).join(' ');
  return (
    <span {...rest} className={classes}>
      {icon}
      {icon && children !== undefined && children !== null ? <span>{children}</span> : children}
    </span>
  );
}
