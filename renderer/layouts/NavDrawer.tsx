import { Drawer } from 'antd';
import type { ReactNode } from 'react';

interface NavDrawerProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** The navigation landmark's name, e.g. "菜单". */
  label: string;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A layout's menu on a phone: it slides over the page instead of taking width from it (spec §2:
 * mobile drawers are 90vw wide).
 */
export function NavDrawer({ open, onClose, title, label, children, ...rest }: NavDrawerProps) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} size="90vw" title={title} styles={{ body: { padding: 0 } }} {...rest}>
      <nav aria-label={label}>{children}</nav>
    </Drawer>
  );
}
