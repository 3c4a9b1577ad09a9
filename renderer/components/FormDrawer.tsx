import { Drawer, Grid } from 'antd';
import type { ReactNode } from 'react';
import { Button } from './Button';
import './form-drawer.css';

export interface FormDrawerProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** The drawer's root class, for a tool's own rules. */
  rootClassName?: string;
  'data-testid'?: string;
  /** The form. Drawn only while the drawer is open, so closing drops what was typed. */
  children: ReactNode;
}

/**
 * A form in a drawer as spec §2 draws its drawers: from the right, 480 px wide, on wide screens;
 * from the bottom at 90vh on phones. The content is destroyed on closing, so the next opening
 * starts from the record it is given. antd's Drawer: import this only from a part loaded with
 * `lazyWithAntd`.
 */
export function FormDrawer({ open, title, onClose, rootClassName, children, ...rest }: FormDrawerProps) {
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      placement={wide ? 'right' : 'bottom'}
      size={wide ? 480 : '90vh'}
      destroyOnHidden
      rootClassName={rootClassName}
      {...rest}
    >
      {open ? children : null}
    </Drawer>
  );
}

export interface FormDrawerActionsProps {
  cancelLabel: ReactNode;
  onCancel: () => void;
  saveLabel: ReactNode;
  /** The save button turns into a spinner while the form is being saved. */
  saving?: boolean;
  saveTestId?: string;
}

/** A drawer form's last row: cancel, and the submit button. */
export function FormDrawerActions({ cancelLabel, onCancel, saveLabel, saving, saveTestId }: FormDrawerActionsProps) {
  return (
    <div className="bb-form-drawer__actions">
      <Button onClick={onCancel}>{cancelLabel}</Button>
      <Button type="primary" htmlType="submit" loading={saving} data-testid={saveTestId}>
        {saveLabel}
      </Button>
    </div>
  );
}
