import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { MOBILE_MAX_WIDTH, usePageState } from '@/stores/page';

/** Tracks online/offline (spec §4) and tells the user when the network comes back. */
export function useOnlineStatus(): void {
  const { t } = useTranslation();
  const setPage = usePageState((state) => state.set);
  useEffect(() => {
    const onOnline = () => {
      setPage({ online: true });
      toast.success(t('nav.backOnline'));
    };
    const onOffline = () => setPage({ online: false });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [setPage, t]);
}

/** Spec §5: mobile size means a window narrower than 768 px. */
export function useMobileSize(): void {
  const setPage = usePageState((state) => state.set);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH - 0.02}px)`);
    const update = () => setPage({ isMobileSize: query.matches });
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [setPage]);
}
