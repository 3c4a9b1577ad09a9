import { Alert } from 'antd';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loginAddress } from '@/auth/login-url';
import type { WebdavErrorCode } from '@shared/contracts/webdav';

/** One failed WebDAV call, in words: each code its own text, and on the website a way to log in when the proxy needs it. */
export function WebdavErrorAlert({ code, testId = 'webdav-error' }: { code: WebdavErrorCode | 'passwordMissing'; testId?: string }) {
  const { t, i18n } = useTranslation('book-library');
  const location = useLocation();
  const login =
    code === 'loginRequired' ? (
      <a
        href={loginAddress(
          { redirect: `${location.pathname}${location.search}`, name: document.title },
          i18n.language === 'en' ? 'en' : 'cn',
        )}
        data-testid="webdav-login"
      >
        {t('webdav.errors.login')}
      </a>
    ) : undefined;
  return <Alert type="error" showIcon data-testid={testId} data-code={code} message={t(`webdav.errors.${code}`)} action={login} />;
}
