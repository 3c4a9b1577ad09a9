import LoginOutlined from '@ant-design/icons-svg/es/asn/LoginOutlined';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useLanguage } from '@/app/language';
import { loginAddress } from '@/auth/login-url';
import { Empty } from '@/components/Empty';
import { Icon } from '@/components/Icon';
import { LinkButton } from '@/components/LinkButton';

/** Spec §6's '请先登录' with a login link that comes back here, drawn without antd (the page is plain). */
export function BoardLogin() {
  const { t } = useTranslation('board');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const { pathname, search, hash } = useLocation();
  return (
    <div className="board-login" data-testid="login-required">
      <Empty image="simple" description={t('loginFirst')} />
      <LinkButton
        to={loginAddress({ redirect: `${pathname}${search}${hash}`, name: tc('site.title') }, language)}
        type="primary"
        icon={<Icon icon={LoginOutlined} />}
      >
        {t('loginLink')}
      </LinkButton>
    </div>
  );
}
