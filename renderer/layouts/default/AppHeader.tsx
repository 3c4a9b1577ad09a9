import DisconnectOutlined from '@ant-design/icons-svg/es/asn/DisconnectOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import MoonOutlined from '@ant-design/icons-svg/es/asn/MoonOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import SunOutlined from '@ant-design/icons-svg/es/asn/SunOutlined';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Language } from '@/i18n';
import { localizePath, switchLanguageHref, useLanguage } from '@/app/language';
import { useResolvedTheme } from '@/app/theme';
import { Icon } from '@/layouts/plain/icon';
import { PlainButton } from '@/layouts/plain/parts';
import { usePageState } from '@/stores/page';
import { useSettings } from '@/stores/settings';
import UserMenu from './UserMenu';
import './app-header.css';

// The top menu (antd's horizontal Menu with a popup per group) loads only for those who chose it.
const TopMenu = lazy(() => import('./TopMenu'));

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
      <span className="bb-tag bb-tag--warning" data-tip={t('nav.offlineHint')} data-tip-placement="bottom" data-testid="offline-tag">
        {t('nav.offline')}
      </span>
    );
  }
  return (
    // Focusable so keyboard and touch users can read the hint the icon stands for.
    <span
      className="app-header__offline"
      role="img"
      aria-label={t('nav.offlineHint')}
      tabIndex={0}
      data-tip={t('nav.offlineHint')}
      data-tip-placement="bottom"
      data-testid="offline-tag"
    >
      <Icon icon={DisconnectOutlined} />
    </span>
  );
}

const LANGUAGES: { value: Language; label: string }[] = [
  { value: 'cn', label: '中' },
  { value: 'en', label: 'EN' },
];

/** The language switch: a radio group drawn like antd's small Segmented. */
function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="bb-segmented" role="radiogroup" aria-label={t('nav.language')} data-testid="language-switch">
      {LANGUAGES.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={option.value === language}
          className="bb-segmented__item"
          onClick={() => option.value !== language && void navigate(switchLanguageHref(location, option.value))}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

export default function AppHeader({ onOpenMenu, onOpenSearch, onOpenSettings }: AppHeaderProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isMobile = usePageState((state) => state.isMobileSize);
  const online = usePageState((state) => state.online);
  const layoutMode = useSettings((state) => state.layoutMode);
  const updateSettings = useSettings((state) => state.update);
  const dark = useResolvedTheme() === 'dark';

  return (
    <header className="app-header" data-testid="app-header">
      {isMobile && (
        <PlainButton
          variant="text"
          icon={<Icon icon={MenuOutlined} />}
          aria-label={t('nav.openMenu')}
          onClick={onOpenMenu}
          data-testid="mobile-menu-button"
        />
      )}
      <Link to={localizePath('/', language)} className="app-header__brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <strong className="app-header__title" data-testid="site-title">
          {t('site.title')}
        </strong>
      </Link>
      {layoutMode === 'top' && !isMobile && (
        <nav className="app-header__nav" aria-label={t('nav.menu')}>
          <Suspense fallback={null}>
            <TopMenu />
          </Suspense>
        </nav>
      )}
      <div className="app-header__actions">
        {!online && <OfflineIndicator compact={isMobile} />}
        {isMobile ? (
          <PlainButton
            variant="text"
            icon={<Icon icon={SearchOutlined} />}
            aria-label={t('search.trigger')}
            onClick={onOpenSearch}
            data-testid="search-trigger"
          />
        ) : (
          <PlainButton
            icon={<Icon icon={SearchOutlined} />}
            onClick={onOpenSearch}
            aria-label={t('search.trigger')}
            aria-keyshortcuts="Control+K Meta+K"
            data-testid="search-trigger"
            after={<span className="bb-tag">{t('search.shortcut')}</span>}
          >
            {/* The trailing space is part of antd's look: the label, a space, then the button's gap. */}
            {`${t('search.trigger')} `}
          </PlainButton>
        )}
        <LanguageSwitch />
        <PlainButton
          variant="text"
          className="app-header__theme"
          icon={<Icon icon={dark ? SunOutlined : MoonOutlined} />}
          aria-label={t('nav.toggleTheme')}
          tip={t('nav.toggleTheme')}
          onClick={() => updateSettings({ theme: dark ? 'light' : 'dark' })}
          data-testid="theme-toggle"
        />
        <PlainButton
          variant="text"
          icon={<Icon icon={SettingOutlined} />}
          aria-label={t('nav.settings')}
          onClick={onOpenSettings}
          data-testid="settings-button"
        />
        <UserMenu />
      </div>
    </header>
  );
}
