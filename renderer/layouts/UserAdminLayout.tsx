import { Avatar, Layout, Menu, Space, Typography, theme as antTheme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { useSession } from '@/auth/session';
import { usePageState } from '@/stores/page';
import { userCenterSections } from './user-center-sections';

/** Spec §2 user-admin layout: header and a side menu 220 px wide, collapsed automatically on phones. */
export const USER_ADMIN_SIDER_WIDTH = 220;

export default function UserAdminLayout() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const { token } = antTheme.useToken();
  const isMobile = usePageState((state) => state.isMobileSize);
  const [collapsedByUser, setCollapsedByUser] = useState<boolean>();
  const collapsed = collapsedByUser ?? isMobile;
  const nickName = useSession((state) => state.nickName || state.userName);
  const avatar = useSession((state) => state.avatar);

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="user-admin-layout">
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`, paddingInline: 16 }}>
        <Link to={localizePath('/', language)} style={{ display: 'flex', alignItems: 'center', gap: 8, color: token.colorText }}>
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <strong>{t('site.title')}</strong>
        </Link>
        <Typography.Text type="secondary">{t('userCenter.title')}</Typography.Text>
        <div style={{ flex: 1 }} />
        <Space>
          <Avatar src={avatar || undefined} size="small">{nickName.slice(0, 1)}</Avatar>
          {!isMobile && <Typography.Text data-testid="user-admin-nickname">{nickName}</Typography.Text>}
        </Space>
      </Layout.Header>
      <Layout hasSider>
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsedByUser}
          width={USER_ADMIN_SIDER_WIDTH}
          collapsedWidth={isMobile ? 56 : 80}
          theme="light"
          style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}
          data-testid="user-admin-sider"
          data-collapsed={collapsed}
        >
          <Menu
            mode="inline"
            selectedKeys={[pathname.replace(/^\/en(?=\/)/, '')]}
            items={userCenterSections.map((section) => ({
              key: `/user/center/${section.path}`,
              icon: <section.icon />,
              label: <Link to={localizePath(`/user/center/${section.path}`, language)}>{t(section.titleKey)}</Link>,
            }))}
            style={{ borderInlineEnd: 'none' }}
          />
        </Layout.Sider>
        <Layout.Content style={{ padding: isMobile ? 12 : 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
