import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { lazy, Suspense, useCallback, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { switchLanguagePath } from '@/app/language';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { useCommandPaletteShortcut } from '@/search/shortcut';
import { usePageState } from '@/stores/page';
import { useSettings } from '@/stores/settings';
import type { LayoutOffset } from '@/tools/types';
import PageLoading from './PageLoading';
import AppFooter from './default/AppFooter';
import AppHeader from './default/AppHeader';
import { SideMenu } from './default/SideMenu';
import SubHeader from './default/SubHeader';
import { NavDrawer } from './NavDrawer';
import { Icon } from './plain/icon';
import './plain/plain.css';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { LayoutSlot } from './slots';

// Parts nobody needs for the first paint load on first use (the palette, the settings) or just after
// it (the floating buttons), which keeps their antd components (Modal, Form, Drawer, FloatButton)
// out of the first download. Everything else here is drawn without antd (./plain).
const CommandPalette = lazyWithAntd(() => import('@/search/CommandPalette'));
const SettingsDrawer = lazyWithAntd(() => import('./default/SettingsDrawer'));
const FloatMenu = lazyWithAntd(() => import('./default/FloatMenu'));
// Drawn without antd, and loaded only while the console setting is on.
const ConsolePanel = lazy(() => import('./default/ConsolePanel'));

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
  const { pathname } = useLocation();
  const isMobile = usePageState((state) => state.isMobileSize);
  const offset = usePageState((state) => state.layoutOffset);
  const { layoutMode, sideCollapsed, consoleVisible, update } = useSettings();
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
  const navigationType = useNavigationType();
  // A page opened from a link starts at its top, in the frame that draws it: left scrolled, a shorter
  // page showed its end, and the bottom ads and the footer moved into view (a layout shift). Back and
  // Forward keep the browser's own restoring.
  useLayoutEffect(() => {
    if (navigationType === 'PUSH') window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  const showSider = !isMobile && layoutMode === 'side';
  const columns = OFFSET_COLUMNS[offset];

  return (
    <div className="bb-layout" style={{ minHeight: '100vh' }}>
      <SkipLink />
      <AppHeader onOpenMenu={() => setMenuOpen(true)} onOpenSearch={openSearch} onOpenSettings={openSettings} />
      <LayoutSlot name="adTop" />
      <div className={`bb-layout${showSider ? ' bb-layout--sider' : ''}`}>
        {showSider && (
          <aside className={`bb-sider${sideCollapsed ? ' bb-sider--collapsed' : ''}`} data-testid="side-menu">
            <nav aria-label={t('nav.menu')} className="bb-sider__nav">
              <SideMenu collapsed={sideCollapsed} />
            </nav>
            <button
              type="button"
              className="bb-sider__trigger"
              aria-label={t(sideCollapsed ? 'nav.expandMenu' : 'nav.collapseMenu')}
              aria-expanded={!sideCollapsed}
              onClick={() => update({ sideCollapsed: !sideCollapsed })}
              data-testid="side-menu-trigger"
            >
              <Icon icon={sideCollapsed ? RightOutlined : LeftOutlined} />
            </button>
          </aside>
        )}
        <div className="bb-layout">
          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className="bb-content"
            style={{ padding: isMobile ? '12px 12px 24px' : '16px 24px 32px' }}
          >
            <div className="bb-column" style={{ ['--bb-span' as string]: columns.span, ['--bb-offset' as string]: columns.offset }}>
              <SubHeader />
              {/* Keyed by the page, not its address: a language switch keeps the page and its work (a batch, typed text). */}
              <Suspense key={switchLanguagePath(pathname, 'cn')} fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </div>
          </main>
          <LayoutSlot name="adBottom" />
          <AppFooter />
        </div>
      </div>
      <NavDrawer
        open={isMobile && menuOpen}
        onClose={() => setMenuOpen(false)}
        title={t('nav.menu')}
        label={t('nav.menu')}
        data-testid="mobile-menu"
      >
        <SideMenu bordered onNavigate={() => setMenuOpen(false)} />
      </NavDrawer>
      <Suspense fallback={null}>
        {settingsUsed && <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
        {searchUsed && <CommandPalette open={searchOpen} onClose={() => setSearchOpen(false)} />}
        <FloatMenu onOpenSearch={openSearch} onOpenSettings={openSettings} />
        {consoleVisible && <ConsolePanel />}
      </Suspense>
      <LayoutSlot name="welfare" />
      <LayoutSlot name="assistant" />
    </div>
  );
}
