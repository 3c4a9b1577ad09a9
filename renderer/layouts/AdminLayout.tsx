import {
  CommentOutlined,
  FolderOpenOutlined,
  FundOutlined,
  GiftOutlined,
  HeartOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  PictureOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button, Layout, Menu, theme as antTheme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { usePageState } from '@/stores/page';
import { NavDrawer } from './NavDrawer';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

/** Back-office menus; a path with a leading slash is a page of its own outside /admin (the samples editor, spec §2). */
const adminMenus = [
  { path: 'users', titleKey: 'admin.users', icon: TeamOutlined },
  { path: 'pic-hub', titleKey: 'admin.picHub', icon: PictureOutlined },
  { path: 'site-content', titleKey: 'admin.siteContent', icon: GiftOutlined },
  { path: 'ads', titleKey: 'admin.ads', icon: FundOutlined },
  { path: '/file/samples/edit', titleKey: 'admin.samples', icon: FolderOpenOutlined },
  { path: 'board', titleKey: 'admin.board', icon: CommentOutlined },
  { path: 'donations', titleKey: 'admin.donations', icon: HeartOutlined },
  { path: 'feedback', titleKey: 'admin.feedback', icon: MessageOutlined },
] as const;

/**
 * Spec §2 admin layout: a collapsible sider with the admin menus and a header toggle. On a phone
 * the toggle opens the menu as a drawer over the page (a sider would squeeze the tables to a
 * sliver); the desktop's collapse choice does not carry over to it.
 */
export default function AdminLayout() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const { token } = antTheme.useToken();
  const isMobile = usePageState((state) => state.isMobileSize);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const menu = (onNavigate?: () => void) => (
    <Menu
      mode="inline"
      selectedKeys={[pathname.replace(/^\/en(?=\/)/, '')]}
      items={adminMenus.map((entry) => {
        const path = entry.path.startsWith('/') ? entry.path : `/admin/${entry.path}`;
        return { key: path, icon: <entry.icon />, label: <Link to={localizePath(path, language)}>{t(entry.titleKey)}</Link> };
      })}
      onClick={onNavigate}
      style={{ borderInlineEnd: 'none' }}
    />
  );
  const expanded = isMobile ? drawerOpen : !collapsed;

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="admin-layout">
      <SkipLink />
      {!isMobile && (
        <Layout.Sider
          trigger={null}
          collapsible
          collapsed={collapsed}
          collapsedWidth={80}
          width={220}
          style={{ background: token.colorBgContainer, borderRight: `1px solid ${token.colorBorderSecondary}` }}
          data-testid="admin-sider"
        >
          <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8 }}>
            <img src="/favicon.svg" alt="" width={24} height={24} />
            {!collapsed && <strong>{t('admin.title')}</strong>}
          </div>
          <nav aria-label={t('admin.menu')}>{menu()}</nav>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            paddingInline: 12,
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            icon={expanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            aria-label={t('admin.toggleMenu')}
            aria-expanded={expanded}
            onClick={() => (isMobile ? setDrawerOpen(true) : setCollapsed(!collapsed))}
            data-testid="admin-menu-toggle"
          />
          <h1 className="layout-title" style={{ fontWeight: token.fontWeightStrong }}>
            {t('admin.title')}
          </h1>
          <div style={{ flex: 1 }} />
          <Link to={localizePath('/', language)}>{t('nav.home')}</Link>
        </Layout.Header>
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ padding: isMobile ? 12 : 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <NavDrawer
        open={isMobile && drawerOpen}
        onClose={() => setDrawerOpen(false)}
        title={t('admin.title')}
        label={t('admin.menu')}
        data-testid="admin-drawer"
      >
        {menu(() => setDrawerOpen(false))}
      </NavDrawer>
    </Layout>
  );
}
