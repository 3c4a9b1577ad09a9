import { Col, Layout, Menu, Row, theme as antTheme } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { switchLanguagePath, useLanguage } from '@/app/language';
import { useCommandPaletteShortcut } from '@/search/shortcut';
import { usePageState } from '@/stores/page';
import { useSettings } from '@/stores/settings';
import type { LayoutOffset } from '@/tools/types';
import PageLoading from './PageLoading';
import AppFooter from './default/AppFooter';
import AppHeader from './default/AppHeader';
import { buildMenuItems } from './default/menu-items';
import SubHeader from './default/SubHeader';
import { useSelectedMenuKey } from './default/use-selected-menu-key';
import { NavDrawer } from './NavDrawer';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { LayoutSlot } from './slots';

// Parts nobody needs for the first paint load on first use (the palette, the settings) or just after
// it (the floating buttons), which keeps their antd components (Modal, Form, Drawer, FloatButton)
// out of the first download.
const CommandPalette = lazy(() => import('@/search/CommandPalette'));
const SettingsDrawer = lazy(() => import('./default/SettingsDrawer'));
const FloatMenu = lazy(() => import('./default/FloatMenu'));

/**
 * Route meta layout.offset (spec §2, default 2) sets how much room the page leaves at its sides on
 * wide screens: 0 uses the full width (editors), 1 a little margin, 2 a centred column. Phones always
 * use the full width.
 */
const OFFSET_COLUMNS: Record<LayoutOffset, { span: number; offset: number }> = {
  0: { span: 24, offset: 0 },
  1: { span: 22, offset: 1 },
  2: { span: 20, offset: 2 },
};

export default function DefaultLayout() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const { token } = antTheme.useToken();
  const isMobile = usePageState((state) => state.isMobileSize);
  const offset = usePageState((state) => state.layoutOffset);
  const { layoutMode, sideCollapsed, update } = useSettings();
  const selectedKey = useSelectedMenuKey();
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  // Mounted from their first opening on, so closing keeps the close animation.
  const [settingsUsed, setSettingsUsed] = useState(false);
  const [searchUsed, setSearchUsed] = useState(false);
  const openSearch = useCallback(() => {
    setSearchUsed(true);
    setSearchOpen(true);
  }, []);
  const openSettings = useCallback(() => {
    setSettingsUsed(true);
    setSettingsOpen(true);
  }, []);
  useCommandPaletteShortcut(openSearch);

  const showSider = !isMobile && layoutMode === 'side';
  const columns = OFFSET_COLUMNS[offset];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <AppHeader onOpenMenu={() => setMenuOpen(true)} onOpenSearch={openSearch} onOpenSettings={openSettings} />
      <LayoutSlot name="adTop" />
      <Layout hasSider={showSider}>
        {showSider && (
          <Layout.Sider
            collapsible
            collapsed={sideCollapsed}
            onCollapse={(collapsed) => update({ sideCollapsed: collapsed })}
            width={220}
            theme="light"
            style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, background: token.colorBgContainer }}
            data-testid="side-menu"
          >
            <nav aria-label={t('nav.menu')} style={{ position: 'sticky', top: 64, maxHeight: 'calc(100vh - 112px)', overflowY: 'auto' }}>
              <Menu
                mode="inline"
                items={buildMenuItems(t, language, 'side')}
                selectedKeys={[selectedKey]}
                style={{ borderInlineEnd: 'none' }}
              />
            </nav>
          </Layout.Sider>
        )}
        <Layout>
          <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ padding: isMobile ? '12px 12px 24px' : '16px 24px 32px' }}>
            <Row>
              <Col xs={24} lg={columns}>
                <SubHeader />
                {/* Keyed by the page, not its address: a language switch keeps the page and its work (a batch, typed text). */}
                <Suspense key={switchLanguagePath(pathname, 'cn')} fallback={<PageLoading />}>
                  <Outlet />
                </Suspense>
              </Col>
            </Row>
          </Layout.Content>
          <LayoutSlot name="adBottom" />
          <AppFooter />
        </Layout>
      </Layout>
      <NavDrawer
        open={isMobile && menuOpen}
        onClose={() => setMenuOpen(false)}
        title={t('nav.menu')}
        label={t('nav.menu')}
        data-testid="mobile-menu"
      >
        <Menu mode="inline" items={buildMenuItems(t, language, 'side')} selectedKeys={[selectedKey]} onClick={() => setMenuOpen(false)} />
      </NavDrawer>
      <Suspense fallback={null}>
        {settingsUsed && <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
        {searchUsed && <CommandPalette open={searchOpen} onClose={() => setSearchOpen(false)} />}
        <FloatMenu onOpenSearch={openSearch} onOpenSettings={openSettings} />
      </Suspense>
      <LayoutSlot name="welfare" />
      <LayoutSlot name="assistant" />
    </Layout>
  );
}
