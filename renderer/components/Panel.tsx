import { theme as antTheme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
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
 * the theme's tokens. antd's Card imports Tabs and Skeleton for its tab list and loading state,
 * which no tool uses: ~14 KB gz on the first load of each page with a card.
 */
export function Panel({ title, extra, className, children, ...rest }: PanelProps) {
  const { token } = antTheme.useToken();
  const look = {
    '--bb-panel-border': token.colorBorderSecondary,
    '--bb-panel-radius': `${token.borderRadiusLG}px`,
    '--bb-panel-bg': token.colorBgContainer,
    '--bb-panel-text': token.colorText,
    '--bb-panel-heading': token.colorTextHeading,
    '--bb-panel-strong': token.fontWeightStrong,
    '--bb-panel-font': `${token.fontSize}px`,
    '--bb-panel-line': token.lineHeight,
    '--bb-panel-pad': `${token.paddingSM}px`,
  } as CSSProperties;
  return (
    <div className={className ? `bb-panel ${className}` : 'bb-panel'} style={look} {...rest}>
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
