import { Outlet } from 'react-router-dom';
import { useActionStat } from './action-stat';
import { useOnlineStatus, useMobileSize } from './environment';
import { useRouteHead } from './head';
import { useSyncLanguage } from './language';
import { useRouteProgress } from './progress';

/** Route-independent behaviour every page shares; renders the matched layout. */
export default function RootShell() {
  useSyncLanguage();
  useRouteHead();
  useRouteProgress();
  useOnlineStatus();
  useMobileSize();
  useActionStat();
  return <Outlet />;
}
