import type { ReactNode } from 'react';
import './panel.css';

export interface PanelProps {
  title?: ReactNode;
  /** Beside the title, at the head's end (a picker, a file name). */
  extra?: ReactNode;
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * A bordered box with an optional title row: antd's small Card as the tools use it, drawn with
 * the theme's variables (panel.css, app/theme-vars.css), so it needs no antd at all. antd's Card
 * imports Tabs and Skeleton for its tab list and loading state, which no tool uses: ~14 KB gz on
 * the first load of each page with a card.
 */
export function Panel({ title, extra, className, children, ...rest }: PanelProps) {
  return (
    <div className={className ? `bb-panel ${className}` : 'bb-panel'} {...rest}>
      {title !== undefined || extra !== undefined ? (
        <div className="bb-panel__head">
          <div className="bb-panel__title">{title}</div>
          {extra !== undefined && extra !== null ? <div className="bb-panel__extra">{extra}</div> : null}
        </div>
      ) : null}
      <div className="bb-panel__body">{children}</div>
    </div>
  );
}
