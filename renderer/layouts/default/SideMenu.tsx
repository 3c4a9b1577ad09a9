import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import { createElement, lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { Icon } from '@/layouts/plain/icon';
import { useExternalTools } from '@/lib/external-tools';
import '@/layouts/plain/menu.css';
import { listedTools as tools } from '@/tools/registry';
import { TOOL_GROUPS } from '@/tools/types';
import { useSelectedMenuKey } from './use-selected-menu-key';

// Not in the first load: most sites name no external tool.
const ExternalMenuEntries = lazy(() => import('./ExternalMenuEntries'));

/**
 * The side menu, derived from the registry and grouped as in spec §2 (empty groups left out): plain
 * links drawn like antd's inline Menu. Collapsed, it shows the icons, each link titled with its name.
 */
export function SideMenu({
  collapsed = false,
  bordered = false,
  onNavigate,
}: {
  collapsed?: boolean;
  bordered?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const selectedKey = useSelectedMenuKey();
  const externalTools = useExternalTools();
  const item = (key: string, icon: ReactNode, label: string) => (
    <li key={key} className="bb-menu__item" aria-current={selectedKey === key ? 'page' : undefined} data-menu-key={key}>
      {icon}
      {/* Collapsed, only the icon shows: the link's title names it on hover. */}
      <Link to={localizePath(key, language)} onClick={onNavigate} title={collapsed ? label : undefined}>
        {label}
      </Link>
    </li>
  );
  return (
    <ul
      className={`bb-menu${collapsed ? ' bb-menu--collapsed' : ''}${bordered ? ' bb-menu--bordered' : ''}`}
      role="list"
      data-testid="menu"
    >
      {item('/', <Icon icon={HomeOutlined} />, t('nav.home'))}
      {TOOL_GROUPS.map((group) => {
        const members = tools.filter((tool) => tool.group === group);
        const external = group === 'external' ? externalTools : [];
        if (members.length === 0 && external.length === 0) return null;
        return (
          <li key={group} role="presentation">
            <div className="bb-menu__group-title" role="presentation" title={collapsed ? t(`groups.${group}`) : undefined}>
              {t(`groups.${group}`)}
            </div>
            <ul role="list">
              {members.map((tool) =>
                item(
                  tool.path,
                  <span className="anticon" aria-hidden>
                    {createElement(tool.meta.aIcon)}
                  </span>,
                  tool.texts[language].title,
                ),
              )}
              {external.length > 0 && (
                <Suspense fallback={null}>
                  <ExternalMenuEntries tools={external} collapsed={collapsed} onNavigate={onNavigate} />
                </Suspense>
              )}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
