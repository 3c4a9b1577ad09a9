import { MenuFoldOutlined, MenuUnfoldOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Typography, theme as antTheme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { usePageState } from '@/stores/page';

/** Back-office menus; later features (ads, file samples, configs) add their entries here. */
const adminMenus = [{ path: 'users', titleKey: 'admin.users', icon: TeamOutlined }] as const;

/** Spec §2 admin layout: a collapsible sider with the admin menus and a header toggle. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const { token } = antTheme.useToken();
  const isMobile = usePageState((state) => state.isMobileSize);
  const [collapsedByUser, setCollapsedByUser] = useState<boolean>();
  const collapsed = collapsedByUser ?? isMobile;

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="admin-layout">
      <Layout.Sider trigger={null} collapsible collapsed={collapsed} collapsedWidth={isMobile ? 0 : 80} width={220} style={{ background: token.colorBgContainer, borderRight: `1px solid ${token.colorBorderSecondary}` }}>
        <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8 }}>
          <img src="/favicon.svg" alt="" width={24} height={24} />
          {!collapsed && <strong>{t('admin.title')}</strong>}
        </div>
        <Menu
          mode="inline"
          selectedKeys={[pathname.replace(/^\/en(?=\/)/, '')]}
          items={adminMenus.map((menu) => ({
            key: `/admin/${menu.path}`,
            icon: <menu.icon />,
            label: <Link to={localizePath(`/admin/${menu.path}`, language)}>{t(menu.titleKey)}</Link>,
          }))}
          style={{ borderInlineEnd: 'none' }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, paddingInline: 12, background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={t('admin.toggleMenu')}
            onClick={() => setCollapsedByUser(!collapsed)}
            data-testid="admin-menu-toggle"
          />
          <Typography.Text strong>{t('admin.title')}</Typography.Text>
          <div style={{ flex: 1 }} />
          <Link to={localizePath('/', language)}>{t('nav.home')}</Link>
        </Layout.Header>
        <Layout.Content style={{ padding: isMobile ? 12 : 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
