import { Drawer } from 'antd';
import { AntdScope } from '@/app/AntdScope';
import type { NavDrawerProps } from './NavDrawer';

/** antd's Drawer holding the menu; NavDrawer loads it with its first opening. */
export default function NavDrawerPanel({ open, onClose, title, label, children, ...rest }: NavDrawerProps) {
  return (
    <AntdScope>
      <Drawer placement="left" open={open} onClose={onClose} size="90vw" title={title} styles={{ body: { padding: 0 } }} {...rest}>
        <nav aria-label={label}>{children}</nav>
      </Drawer>
    </AntdScope>
  );
}
