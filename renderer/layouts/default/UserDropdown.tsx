import { DashboardOutlined, IdcardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AntdScope } from '@/app/AntdScope';
import { localizePath, useLanguage } from '@/app/language';
import { useFurniture } from '@/stores/furniture';
import '@/welfare/texts';

/**
 * The account menu (antd's Dropdown). It mounts with the click that first opens it, so it starts
 * open and keeps the focus on its button.
 */
export default function UserDropdown({ button, admin }: { button: ReactElement; admin: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState(true);
  const items: MenuProps['items'] = [
    {
      key: 'personal',
      icon: <IdcardOutlined />,
      label: t('welfare.personal.title'),
      onClick: () => useFurniture.getState().show('personal'),
    },
    { key: 'center', icon: <UserOutlined />, label: <Link to={localizePath('/user/center', language)}>{t('userCenter.title')}</Link> },
    ...(admin
      ? [{ key: 'admin', icon: <DashboardOutlined />, label: <Link to={localizePath('/admin', language)}>{t('admin.title')}</Link> }]
      : []),
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: t('userCenter.logout'),
      onClick: () => void import('@/auth/actions').then(({ logout }) => logout()),
    },
  ];
  return (
    <AntdScope>
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" open={open} onOpenChange={setOpen}>
        {button}
      </Dropdown>
    </AntdScope>
  );
}
