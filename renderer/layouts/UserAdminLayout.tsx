import { MenuOutlined } from '@ant-design/icons';
import ApiOutlined from '@ant-design/icons-svg/es/asn/ApiOutlined';
import FundOutlined from '@ant-design/icons-svg/es/asn/FundOutlined';
import HistoryOutlined from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import { Avatar, Button, Layout, Menu, Space, Typography, theme as antTheme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { useSession } from '@/auth/session';
import { usePageState } from '@/stores/page';
import { NavDrawer } from './NavDrawer';
import { Icon } from './plain/icon';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { userCenterSections } from './user-center-sections';
import type { UserCenterSection } from './user-center-sections';

const SECTION_ICONS: Record<UserCenterSection, IconDefinition> = {
  profile: UserOutlined,
  settings: SettingOutlined,
  security: LockOutlined,
  logs: HistoryOutlined,
  bindings: ApiOutlined,
  ads: FundOutlined,
  feedback: MessageOutlined,
};

/** Spec §2 user-admin layout: header and a side menu 220 px wide, collapsed automatically on phones. */
export const USER_ADMIN_SIDER_WIDTH = 220;

/**
 * On a phone the "collapsed" menu is gone from the page and opens as a drawer over it: a sider, even
 * a narrow one, would take width a 375 px screen does not have. The desktop's collapse choice and
 * the phone's drawer are separate states, so expanding the menu on a wide window never opens the
 * drawer on a narrow one.
 */
export default function UserAdminLayout() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const { token } = antTheme.useToken();
  const isMobile = usePageState((state) => state.isMobileSize);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const nickName = useSession((state) => state.nickName || state.userName);
  const avatar = useSession((state) => state.avatar);

  const menu = (onNavigate?: () => void) => (
    <Menu
      mode="inline"
      selectedKeys={[pathname.replace(/^\/en(?=\/)/, '')]}
      items={userCenterSections.map((section) => ({
        key: `/user/center/${section.path}`,
        icon: <Icon icon={SECTION_ICONS[section.path]} />,
        label: <Link to={localizePath(`/user/center/${section.path}`, language)}>{t(section.titleKey)}</Link>,
      }))}
      onClick={onNavigate}
      style={{ borderInlineEnd: 'none' }}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="user-admin-layout">
      <SkipLink />
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: isMobile ? 8 : 12,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: isMobile ? 8 : 16,
        }}
      >
        {isMobile && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('nav.openMenu')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
            data-testid="user-admin-menu-button"
          />
        )}
        <Link to={localizePath('/', language)} style={{ display: 'flex', alignItems: 'center', gap: 8, color: token.colorText }}>
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <strong>{t('site.title')}</strong>
        </Link>
        <h1 className="layout-title" style={{ color: token.colorTextSecondary }}>
          {t('userCenter.title')}
        </h1>
        <div style={{ flex: 1 }} />
        <Space>
          <Avatar src={avatar || undefined} size="small" aria-hidden>
            {nickName.slice(0, 1).toUpperCase()}
          </Avatar>
          {!isMobile && <Typography.Text data-testid="user-admin-nickname">{nickName}</Typography.Text>}
        </Space>
      </Layout.Header>
      <Layout hasSider={!isMobile}>
        {!isMobile && (
          <Layout.Sider
            collapsible
            collapsed={collapsed}
            onCollapse={setCollapsed}
            width={USER_ADMIN_SIDER_WIDTH}
            theme="light"
            style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}
            data-testid="user-admin-sider"
            data-collapsed={collapsed}
          >
            <nav aria-label={t('userCenter.menu')}>{menu()}</nav>
          </Layout.Sider>
        )}
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ padding: isMobile ? 12 : 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <NavDrawer
        open={isMobile && drawerOpen}
        onClose={() => setDrawerOpen(false)}
        title={t('userCenter.title')}
        label={t('userCenter.menu')}
        data-testid="user-admin-drawer"
      >
        {menu(() => setDrawerOpen(false))}
      </NavDrawer>
    </Layout>
  );
}
