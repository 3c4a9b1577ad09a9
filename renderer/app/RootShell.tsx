import { Outlet } from 'react-router-dom';
import { useActionStat } from './action-stat';
import { useOnlineStatus, useMobileSize } from './environment';
import { useRouteHead } from './head';
import { useSyncLanguage } from './language';
import { useRouteProgress } from './progress';
import { useThirdPartyServices } from './third-party';

/** Route-independent behaviour every page shares; renders the matched layout. */
export default function RootShell() {
  useSyncLanguage();
  useRouteHead();
  useRouteProgress();
  useOnlineStatus();
  useMobileSize();
  useActionStat();
  useThirdPartyServices();
  return <Outlet />;
}
