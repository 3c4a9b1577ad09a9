import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { bindMessageApi } from '@/lib/notify';
import { syncThemeColor } from './pwa';
import { router } from './router';
import { useResolvedTheme } from './theme';
import { UpdatePrompt } from './UpdatePrompt';

function MessageBinding() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindMessageApi(message);
    return () => bindMessageApi(undefined);
  }, [message]);
  return null;
}

export default function App() {
  const { i18n } = useTranslation();
  const resolvedTheme = useResolvedTheme();

  useEffect(() => {
    document.documentElement.dataset.theme = resolvedTheme;
    document.documentElement.style.colorScheme = resolvedTheme;
    syncThemeColor(resolvedTheme);
  }, [resolvedTheme]);

  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      theme={{ algorithm: resolvedTheme === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm }}
    >
      <AntApp>
        <MessageBinding />
        <UpdatePrompt />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
