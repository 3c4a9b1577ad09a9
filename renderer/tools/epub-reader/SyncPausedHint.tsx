import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loginAddress } from '@/auth/login-url';

/**
 * Said when the account refused a background sync (the session ended): reading goes on, every change
 * is kept on this device, and logging in again (the link comes back to this book) picks the sync up.
 */
export function SyncPausedHint() {
  const { t, i18n } = useTranslation('epub-reader');
  const location = useLocation();
  const login = loginAddress(
    { redirect: `${location.pathname}${location.search}`, name: document.title },
    i18n.language === 'en' ? 'en' : 'cn',
  );
  return (
    <div className="er-sync-paused" role="status" data-testid="reader-sync-paused">
      <span>{t('syncPaused.text')}</span>
      <a href={login} data-testid="reader-sync-login">
        {t('syncPaused.login')}
      </a>
    </div>
  );
}
