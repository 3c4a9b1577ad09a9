import { ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as componentTexts from '@/components/locales';
import { addTexts } from './page-texts';
import { useResolvedTheme } from './theme';

// The shared components are built on antd and render inside this scope only: their texts come with it.
addTexts('components', componentTexts);

/**
 * antd's theme and locale around whatever uses antd: each tool page, the account pages, and the
 * shell's lazy parts (drawers, dropdowns, the message host). The shell itself is drawn without
 * antd (layouts/plain), so antd loads with the first of these, never with the home page. Only
 * lazily loaded modules may import this one.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const dark = useResolvedTheme() === 'dark';
  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      theme={{ algorithm: dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm }}
    >
      {children}
    </ConfigProvider>
  );
}
