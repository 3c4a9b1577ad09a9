import { HomeOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { createElement } from 'react';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import type { Language } from '@/i18n';
import { localizePath } from '@/app/language';
import { listedTools as tools } from '@/tools/registry';
import { TOOL_GROUPS } from '@/tools/types';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * The top layout's menu items (antd's horizontal Menu, each group a submenu): from the registry,
 * grouped as in spec §2, empty groups left out. The side menu is `SideMenu`, without antd.
 */
export function buildMenuItems(t: TFunction<'common'>, language: Language): MenuItem[] {
  const home: MenuItem = {
    key: '/',
    icon: createElement(HomeOutlined),
    label: createElement(Link, { to: localizePath('/', language) }, t('nav.home')),
  };
  const groups = TOOL_GROUPS.flatMap((group): MenuItem[] => {
    const members = tools.filter((tool) => tool.group === group);
    if (members.length === 0) return [];
    return [
      {
        key: `group:${group}`,
        label: t(`groups.${group}`),
        children: members.map((tool) => ({
          key: tool.path,
          icon: createElement(tool.meta.aIcon),
          label: createElement(Link, { to: localizePath(tool.path, language) }, tool.texts[language].title),
        })),
      },
    ];
  });
  return [home, ...groups];
}
