import { DashboardOutlined, LoginOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { logout } from '@/auth/actions';
import { loginAddress } from '@/auth/login-url';
import { useSession } from '@/auth/session';
import { usePageState } from '@/stores/page';

/** Header entry to the account: a login button for visitors, an avatar menu for members. */
export default function UserMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname, search } = useLocation();
  const isMobile = usePageState((state) => state.isMobileSize);
  const { logged, admin, avatar, nickName, userName } = useSession();

  if (!logged) {
    return (
      <Link to={loginAddress({ redirect: `${pathname}${search}`, name: t('site.title') }, language)} data-testid="login-link">
        <Button type="primary" icon={<LoginOutlined />} size={isMobile ? 'small' : 'middle'}>
          {!isMobile && t('nav.login')}
        </Button>
      </Link>
    );
  }

  const items: MenuProps['items'] = [
    { key: 'center', icon: <UserOutlined />, label: <Link to={localizePath('/user/center', language)}>{t('userCenter.title')}</Link> },
    ...(admin ? [{ key: 'admin', icon: <DashboardOutlined />, label: <Link to={localizePath('/admin', language)}>{t('admin.title')}</Link> }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('userCenter.logout'), onClick: () => void logout() },
  ];
  const name = nickName || userName;
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={t('userCenter.title')} data-testid="user-menu" style={{ paddingInline: 4 }}>
        <Avatar size="small" src={avatar || undefined}>{name.slice(0, 1).toUpperCase()}</Avatar>
      </Button>
    </Dropdown>
  );
}
