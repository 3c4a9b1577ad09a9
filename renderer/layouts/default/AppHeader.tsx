import { MenuOutlined, MoonOutlined, SearchOutlined, SettingOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Segmented, Space, Tag, Tooltip, theme as antTheme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Language } from '@/i18n';
import { localizePath, switchLanguagePath, useLanguage } from '@/app/language';
import { useResolvedTheme } from '@/app/theme';
import { usePageState } from '@/stores/page';
import { useSettings } from '@/stores/settings';
import { buildMenuItems } from './menu-items';
import UserMenu from './UserMenu';
import { useSelectedMenuKey } from './use-selected-menu-key';

interface AppHeaderProps {
  onOpenMenu(): void;
  onOpenSearch(): void;
  onOpenSettings(): void;
}

export default function AppHeader({ onOpenMenu, onOpenSearch, onOpenSettings }: AppHeaderProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const isMobile = usePageState((state) => state.isMobileSize);
  const online = usePageState((state) => state.online);
  const layoutMode = useSettings((state) => state.layoutMode);
  const updateSettings = useSettings((state) => state.update);
  const dark = useResolvedTheme() === 'dark';
  const selectedKey = useSelectedMenuKey();
  const { token } = antTheme.useToken();

  return (
    <Layout.Header
      style={{
        position: 'sticky', top: 0, zIndex: 20, display: 'flex', alignItems: 'center', gap: 12,
        paddingInline: isMobile ? 12 : 24, background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {isMobile && <Button type="text" icon={<MenuOutlined />} aria-label={t('nav.openMenu')} onClick={onOpenMenu} data-testid="mobile-menu-button" />}
      <Link to={localizePath('/', language)} style={{ display: 'flex', alignItems: 'center', gap: 8, flexShrink: 0, color: token.colorText }}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <strong style={{ fontSize: 18 }} data-testid="site-title">{t('site.title')}</strong>
      </Link>
      {layoutMode === 'top' && !isMobile ? (
        <Menu mode="horizontal" items={buildMenuItems(t, language, 'top')} selectedKeys={[selectedKey]} style={{ flex: 1, minWidth: 0, borderBottom: 'none' }} />
      ) : (
        <div style={{ flex: 1 }} />
      )}
      <Space size={isMobile ? 4 : 8}>
        {!online && (
          <Tooltip title={t('nav.offlineHint')}>
            <Tag color="warning" data-testid="offline-tag">{t('nav.offline')}</Tag>
          </Tooltip>
        )}
        {isMobile ? (
          <Button type="text" icon={<SearchOutlined />} aria-label={t('search.trigger')} onClick={onOpenSearch} data-testid="search-trigger" />
        ) : (
          <Button icon={<SearchOutlined />} onClick={onOpenSearch} data-testid="search-trigger">
            {t('search.trigger')} <Tag style={{ marginInlineEnd: 0 }}>{t('search.shortcut')}</Tag>
          </Button>
        )}
        <Segmented<Language>
          size="small"
          value={language}
          aria-label={t('nav.language')}
          options={[{ value: 'cn', label: '中' }, { value: 'en', label: 'EN' }]}
          onChange={(target) => navigate(switchLanguagePath(pathname, target) + search)}
          data-testid="language-switch"
        />
        <Tooltip title={t('nav.toggleTheme')}>
          <Button type="text" icon={dark ? <SunOutlined /> : <MoonOutlined />} aria-label={t('nav.toggleTheme')} onClick={() => updateSettings({ theme: dark ? 'light' : 'dark' })} data-testid="theme-toggle" />
        </Tooltip>
        <Button type="text" icon={<SettingOutlined />} aria-label={t('nav.settings')} onClick={onOpenSettings} data-testid="settings-button" />
        <UserMenu />
      </Space>
    </Layout.Header>
  );
}
