import { Children, Fragment, isValidElement } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import './space.css';

type Size = 'small' | 'middle' | 'large' | number;

export interface SpaceProps {
  direction?: 'horizontal' | 'vertical';
  /** The gap: antd's 8, 16, 24 px, or a number of pixels. */
  size?: Size;
  wrap?: boolean;
  /** Cross-axis alignment; horizontal spaces centre by default, as antd's do. */
  align?: 'start' | 'end' | 'center' | 'baseline';
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
}

const GAP = { small: 8, middle: 16, large: 24 } as const;

/** The children as antd's Space sees them: fragments opened, empty ones dropped. */
function items(children: ReactNode): ReactNode[] {
  return Children.toArray(children).flatMap((child) =>
    isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment ? items(child.props.children) : [child],
  );
}

/**
 * antd's Space as plain elements (space.css): each child in an item of its own, so a button keeps
 * its width in a vertical stack and an empty child leaves no gap, as in antd; without antd's runtime.
 */
export function Space({ direction = 'horizontal', size = 'small', wrap = false, align, className, children, ...rest }: SpaceProps) {
  const gap = typeof size === 'number' ? size : GAP[size];
  const aligned = align ?? (direction === 'horizontal' ? 'center' : undefined);
  const classes = ['bb-space', `bb-space--${direction}`, wrap && 'bb-space--wrap', aligned && `bb-space--align-${aligned}`, className];
  return (
    <div className={classes.filter(Boolean).join(' ')} style={{ gap } as CSSProperties} {...rest}>
      {/* Keyed by place, as antd's items are. */}
      {items(children).map((child, index) => (
        <div key={index} className="bb-space__item">
          {child}
        </div>
      ))}
    </div>
  );
}
