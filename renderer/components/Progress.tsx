import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import type { HTMLAttributes, ReactNode } from 'react';
import { Icon } from '@/layouts/plain/icon';
import './progress.css';

/*
 * import { Progress } from '@/components/Progress';
 *
 * antd's line Progress (v6) as plain elements on the theme's variables (progress.css): a
 * progressbar with the percentage (or `format`'s text, or the status icon) at its end.
 */

export interface ProgressProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  percent: number;
  /** `success` by default once percent reaches 100. `active` adds antd's moving shine. */
  status?: 'normal' | 'active' | 'success' | 'exception';
  showInfo?: boolean;
  size?: 'small' | 'default';
  format?: (percent: number) => ReactNode;
  'data-testid'?: string;
}

export function Progress({ percent, status, showInfo = true, size = 'default', format, className, ...rest }: ProgressProps) {
  const value = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  const shown = status ?? (value >= 100 ? 'success' : 'normal');
  const info = format ? (
    format(value)
  ) : shown === 'success' ? (
    <Icon icon={CheckCircleFilled} />
  ) : shown === 'exception' ? (
    <Icon icon={CloseCircleFilled} />
  ) : (
    `${value}%`
  );
  const classes = ['bb-progress', `bb-progress--${shown}`, size === 'small' && 'bb-progress--sm', className].filter(Boolean).join(' ');
  return (
    <div role="progressbar" aria-valuenow={value} aria-valuemin={0} aria-valuemax={100} {...rest} className={classes}>
      <div className="bb-progress__body">
        <div className="bb-progress__rail">
          <div className="bb-progress__track" style={{ width: `${value}%` }} />
        </div>
        {showInfo ? (
          <span className="bb-progress__indicator" title={typeof info === 'string' ? info : undefined}>
            {info}
          </span>
        ) : null}
      </div>
    </div>
  );
}
