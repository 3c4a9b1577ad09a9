import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';

export interface NavDrawerProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** The navigation landmark's name, e.g. "菜单". */
  label: string;
  children: ReactNode;
  'data-testid'?: string;
}

// antd's Drawer (with the Skeleton it brings) is no part of the first load: only a phone's menu
// button opens it.
const NavDrawerPanel = lazy(() => import('./NavDrawerPanel'));

/**
 * A layout's menu on a phone: it slides over the page instead of taking width from it (spec §2:
 * mobile drawers are 90vw wide). Mounted from its first opening on, so closing keeps the animation.
 */
export function NavDrawer(props: NavDrawerProps) {
  const [used, setUsed] = useState(false);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <NavDrawerPanel {...props} />
    </Suspense>
  );
}
