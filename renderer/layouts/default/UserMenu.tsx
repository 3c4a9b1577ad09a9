import { DashboardOutlined, LoginOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { loginAddress } from '@/auth/login-url';
import { useSession } from '@/auth/session';
import { LinkButton } from '@/components/LinkButton';
import { usePageState } from '@/stores/page';

/** Header entry to the account: a login button for visitors, an avatar menu for members. */
export default function UserMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname, search, hash } = useLocation();
  const isMobile = usePageState((state) => state.isMobileSize);
  const { logged, admin, avatar, nickName, userName } = useSession();

  if (!logged) {
    const address = loginAddress({ redirect: `${pathname}${search}${hash}`, name: t('site.title') }, language);
    // On a phone it shows only the icon, so it is named explicitly (the icon alone says "login").
    return (
      <LinkButton
        to={address}
        type="primary"
        icon={<LoginOutlined aria-hidden />}
        size={isMobile ? 'small' : 'middle'}
        aria-label={t('nav.login')}
        data-testid="login-link"
      >
        {!isMobile && t('nav.login')}
      </LinkButton>
    );
  }

  const items: MenuProps['items'] = [
    { key: 'center', icon: <UserOutlined />, label: <Link to={localizePath('/user/center', language)}>{t('userCenter.title')}</Link> },
    ...(admin
      ? [{ key: 'admin', icon: <DashboardOutlined />, label: <Link to={localizePath('/admin', language)}>{t('admin.title')}</Link> }]
      : []),
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: t('userCenter.logout'),
      onClick: () => void import('@/auth/actions').then(({ logout }) => logout()),
    },
  ];
  const name = nickName || userName;
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={t('userCenter.title')} data-testid="user-menu" style={{ paddingInline: 4 }}>
        <Avatar size="small" src={avatar || undefined} aria-hidden>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      </Button>
    </Dropdown>
  );
}
