import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '@/app/AntdScope';
import { useLanguage } from '@/app/language';
import { useExternalTools } from '@/lib/external-tools';
import { buildMenuItems } from './menu-items';
import { useSelectedMenuKey } from './use-selected-menu-key';

/** The top layout's menu: antd's horizontal Menu, each group a popup. */
export default function TopMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const selectedKey = useSelectedMenuKey();
  const externalTools = useExternalTools();
  return (
    <AntdScope>
      <Menu
        mode="horizontal"
        items={buildMenuItems(t, language, externalTools)}
        selectedKeys={[selectedKey]}
        style={{ borderBottom: 'none' }}
      />
    </AntdScope>
  );
}
