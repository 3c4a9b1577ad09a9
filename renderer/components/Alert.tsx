import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { useState } from 'react';
import type { HTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Icon } from '@/layouts/plain/icon';
import './alert.css';

/*
 * import { Alert } from '@/components/Alert';
 *
 * antd's Alert (v6) as plain elements on the theme's variables (alert.css), light and dark.
 */

export type AlertType = 'success' | 'info' | 'warning' | 'error';

const ICONS = { success: CheckCircleFilled, info: InfoCircleFilled, warning: ExclamationCircleFilled, error: CloseCircleFilled };

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  type?: AlertType;
  /** The main line (antd's `message`, called `title` since v6). */
  message?: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  showIcon?: boolean;
  /** Replaces the type's icon (with `showIcon`). */
  icon?: ReactNode;
  /** Beside the text, at the end (a button). */
  action?: ReactNode;
  /** A close button; a closed alert stays hidden until it is mounted again. */
  closable?: boolean;
  /** The close button's accessible name (antd's is "close"). */
  closeLabel?: string;
  onClose?: (event: MouseEvent<HTMLButtonElement>) => void;
  'data-testid'?: string;
}

export function Alert({
  type = 'info',
  message,
  title,
  description,
  showIcon = false,
  icon,
  action,
  closable = false,
  closeLabel = 'close',
  onClose,
  className,
  ...rest
}: AlertProps) {
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  const withDescription = description !== undefined && description !== null;
  const classes = ['bb-alert', `bb-alert--${type}`, withDescription && 'bb-alert--with-description', className].filter(Boolean).join(' ');
  return (
    <div role="alert" {...rest} className={classes}>
      {showIcon ? <span className="bb-alert__icon">{icon ?? <Icon icon={ICONS[type]} />}</span> : null}
      <div className="bb-alert__section">
        <div className="bb-alert__title">{title ?? message}</div>
        {withDescription ? <div className="bb-alert__description">{description}</div> : null}
      </div>
      {action !== undefined && action !== null ? <div className="bb-alert__actions">{action}</div> : null}
      {closable ? (
        <button
          type="button"
          className="bb-alert__close"
          aria-label={closeLabel}
          onClick={(event) => {
            onClose?.(event);
            if (!event.defaultPrevented) setClosed(true);
          }}
        >
          <Icon icon={CloseOutlined} />
        </button>
      ) : null}
    </div>
  );
}
