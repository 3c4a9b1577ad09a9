import { Alert } from 'antd';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loginAddress } from '@/auth/login-url';
import type { WebdavErrorCode } from '@shared/contracts/webdav';
import type { CloudProblem } from './cloud.service';

type AlertProps =
  | { source?: 'webdav'; code: WebdavErrorCode | 'passwordMissing'; testId?: string }
  | { source: 'cloud'; code: CloudProblem; testId?: string };

/** One failed WebDAV or cloud-list call, in words: each code its own text, and on the website a way to log in when the proxy needs it. */
export function WebdavErrorAlert(props: AlertProps) {
  const { code, testId = props.source === 'cloud' ? 'cloud-error' : 'webdav-error' } = props;
  const { t, i18n } = useTranslation('book-library');
  const location = useLocation();
  const message = props.source === 'cloud' ? t(`cloud.errors.${props.code}`) : t(`webdav.errors.${props.code}`);
  const login =
    code === 'loginRequired' ? (
      <a
        href={loginAddress(
          { redirect: `${location.pathname}${location.search}`, name: document.title },
          i18n.language === 'en' ? 'en' : 'cn',
        )}
        data-testid={props.source === 'cloud' ? 'cloud-login' : 'webdav-login'}
      >
        {props.source === 'cloud' ? t('cloud.errors.login') : t('webdav.errors.login')}
      </a>
    ) : undefined;
  return <Alert type="error" showIcon data-testid={testId} data-code={code} message={message} action={login} />;
}
