import { LoginOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useLanguage } from '@/app/language';
import { loginAddress } from '@/auth/login-url';
import { useSession } from '@/auth/session';
import { LinkButton } from '@/components/LinkButton';

/**
 * Spec §6: a list that needs an account shows '请先登录' with a login link to visitors (and to a
 * member whose session ended while the page was open); members see the list.
 */
export function LoginRequired({ children }: { children: ReactNode }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const { pathname, search, hash } = useLocation();
  const logged = useSession((state) => state.logged);
  if (logged) return children;
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.loginFirst')} data-testid="login-required">
      <LinkButton
        to={loginAddress({ redirect: `${pathname}${search}${hash}`, name: tc('site.title') }, language)}
        type="primary"
        icon={<LoginOutlined aria-hidden />}
      >
        {t('list.loginLink')}
      </LinkButton>
    </Empty>
  );
}
