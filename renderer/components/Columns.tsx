import type { ReactNode } from 'react';
import './columns.css';

/**
 * Two equal columns from 992 px, one below — what antd's Row/Col (xs 24, lg 12) drew for the tools'
 * input and output side by side, without antd's grid runtime.
 */
export function Columns({ className, children }: { className?: string; children?: ReactNode }) {
  return <div className={className ? `bb-columns ${className}` : 'bb-columns'}>{children}</div>;
}
