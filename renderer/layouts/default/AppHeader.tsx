import { DisconnectOutlined, MenuOutlined, MoonOutlined, SearchOutlined, SettingOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Segmented, Space, Tag, Tooltip, theme as antTheme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Language } from '@/i18n';
import { localizePath, switchLanguageHref, useLanguage } from '@/app/language';
import { useResolvedTheme } from '@/app/theme';
import { usePageState } from '@/stores/page';
import { useSettings } from '@/stores/settings';
import { buildMenuItems } from './menu-items';
import UserMenu from './UserMenu';
import { useSelectedMenuKey } from './use-selected-menu-key';
import './app-header.css';

interface AppHeaderProps {
  onOpenMenu(): void;
  onOpenSearch(): void;
  onOpenSettings(): void;
}

/** Offline: a tag with its word on wide screens; on a phone, where every pixel is taken, an icon. */
function OfflineIndicator({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  if (!compact) {
    return (
      <Tooltip title={t('nav.offlineHint')}>
        <Tag color="warning" style={{ marginInlineEnd: 0 }} data-testid="offline-tag">
          {t('nav.offline')}
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={t('nav.offlineHint')} trigger={['hover', 'focus', 'click']}>
      {/* Focusable so keyboard and touch users can read the hint the icon stands for. */}
      <span className="app-header__offline" role="img" aria-label={t('nav.offlineHint')} tabIndex={0} data-testid="offline-tag">
        <DisconnectOutlined aria-hidden />
      </span>
    </Tooltip>
  );
}

export default function AppHeader({ onOpenMenu, onOpenSearch, onOpenSettings }: AppHeaderProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const isMobile = usePageState((state) => state.isMobileSize);
  const online = usePageState((state) => state.online);
  const layoutMode = useSettings((state) => state.layoutMode);
  const updateSettings = useSettings((state) => state.update);
  const dark = useResolvedTheme() === 'dark';
  const selectedKey = useSelectedMenuKey();
  const { token } = antTheme.useToken();

  return (
    <Layout.Header
      className="app-header"
      style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      data-testid="app-header"
    >
      {isMobile && (
        <Button type="text" icon={<MenuOutlined />} aria-label={t('nav.openMenu')} onClick={onOpenMenu} data-testid="mobile-menu-button" />
      )}
      <Link to={localizePath('/', language)} className="app-header__brand" style={{ color: token.colorText }}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <strong className="app-header__title" data-testid="site-title">
          {t('site.title')}
        </strong>
      </Link>
      {layoutMode === 'top' && !isMobile && (
        <nav className="app-header__nav" aria-label={t('nav.menu')}>
          <Menu
            mode="horizontal"
            items={buildMenuItems(t, language, 'top')}
            selectedKeys={[selectedKey]}
            style={{ borderBottom: 'none' }}
          />
        </nav>
      )}
      <Space size={isMobile ? 4 : 8} className="app-header__actions">
        {!online && <OfflineIndicator compact={isMobile} />}
        {isMobile ? (
          <Button
            type="text"
            icon={<SearchOutlined />}
            aria-label={t('search.trigger')}
            onClick={onOpenSearch}
            data-testid="search-trigger"
          />
        ) : (
          <Button
            icon={<SearchOutlined />}
            onClick={onOpenSearch}
            aria-label={t('search.trigger')}
            aria-keyshortcuts="Control+K Meta+K"
            data-testid="search-trigger"
          >
            {t('search.trigger')} <Tag style={{ marginInlineEnd: 0 }}>{t('search.shortcut')}</Tag>
          </Button>
        )}
        <Segmented<Language>
          size="small"
          value={language}
          aria-label={t('nav.language')}
          options={[
            { value: 'cn', label: '中' },
            { value: 'en', label: 'EN' },
          ]}
          onChange={(target) => navigate(switchLanguageHref(location, target))}
          data-testid="language-switch"
        />
        <Tooltip title={t('nav.toggleTheme')}>
          <Button
            type="text"
            className="app-header__theme"
            icon={dark ? <SunOutlined /> : <MoonOutlined />}
            aria-label={t('nav.toggleTheme')}
            onClick={() => updateSettings({ theme: dark ? 'light' : 'dark' })}
            data-testid="theme-toggle"
          />
        </Tooltip>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('nav.settings')}
          onClick={onOpenSettings}
          data-testid="settings-button"
        />
        <UserMenu />
      </Space>
    </Layout.Header>
  );
}
