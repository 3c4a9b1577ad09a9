import { HomeOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { createElement } from 'react';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import type { Language } from '@/i18n';
import { localizePath } from '@/app/language';
import { EXTERNAL_TOOL_ICONS } from '@/layouts/plain/external-tool-icons';
import { Icon } from '@/layouts/plain/icon';
import { launchExternalTool } from '@/lib/external-tool-launch';
import type { ExternalTool } from '@/lib/external-tools';
import { listedTools as tools } from '@/tools/registry';
import { TOOL_GROUPS } from '@/tools/types';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * The top layout's menu items (antd's horizontal Menu, each group a submenu): from the registry,
 * grouped as in spec §2, empty groups left out. The side menu is `SideMenu`, without antd.
 */
export function buildMenuItems(t: TFunction<'common'>, language: Language, externalTools: readonly ExternalTool[] = []): MenuItem[] {
  const home: MenuItem = {
    key: '/',
    icon: createElement(HomeOutlined),
    label: createElement(Link, { to: localizePath('/', language) }, t('nav.home')),
  };
  const groups = TOOL_GROUPS.flatMap((group): MenuItem[] => {
    const members = tools.filter((tool) => tool.group === group);
    const external = group === 'external' ? externalTools : [];
    if (members.length === 0 && external.length === 0) return [];
    return [
      {
        key: `group:${group}`,
        label: t(`groups.${group}`),
        children: [
          ...members.map((tool) => ({
            key: tool.path,
            icon: createElement(tool.meta.aIcon),
            label: createElement(Link, { to: localizePath(tool.path, language) }, tool.texts[language].title),
          })),
          ...external.map((tool) => ({
            key: `external:${tool.id}`,
            icon: createElement(Icon, { icon: EXTERNAL_TOOL_ICONS[tool.id] }),
            label: createElement(
              'a',
              {
                href: tool.url,
                title: t('externalTools.opensNewWindow'),
                onClick: (event: MouseEvent) => {
                  event.preventDefault();
                  launchExternalTool(tool, language, t);
                },
              },
              t(`externalTools.${tool.id}.title`),
            ),
          })),
        ],
      },
    ];
  });
  return [home, ...groups];
}
