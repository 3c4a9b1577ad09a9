import { ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { setMessageHostLoader } from '@/lib/notify';
import { syncThemeColor } from './pwa';
import { router } from './router';
import { useResolvedTheme } from './theme';
import { UpdatePrompt } from './UpdatePrompt';

const MessageHost = lazy(() => import('./MessageHost'));

// Registered when the app loads, before any page's effect can ask for a toast.
let messagesWanted = false;
const messageListeners = new Set<() => void>();
setMessageHostLoader(() => {
  if (messagesWanted) return;
  messagesWanted = true;
  messageListeners.forEach((listener) => listener());
});
const subscribeMessages = (listener: () => void) => {
  messageListeners.add(listener);
  return () => void messageListeners.delete(listener);
};

/**
 * What antd's `App` gave the shell, without its Modal and notification (~12 KB gz of the first
 * load): the message API that `notify` uses, bound to the theme and locale (its host loads with the
 * first toast), and the base text style of `.ant-app` (colour, size, line height, font) for
 * everything that is no antd component.
 */
function AppRoot({ children }: { children: ReactNode }) {
  const { token } = antTheme.useToken();
  const wanted = useSyncExternalStore(
    subscribeMessages,
    () => messagesWanted,
    () => false,
  );
  return (
    <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {wanted && (
        <Suspense fallback={null}>
          <MessageHost />
        </Suspense>
      )}
      {children}
    </div>
  );
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
      <AppRoot>
        <UpdatePrompt />
        <RouterProvider router={router} />
      </AppRoot>
    </ConfigProvider>
  );
}
