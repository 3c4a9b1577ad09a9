import { lazy, Suspense, useLayoutEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { setMessageHostLoader } from '@/lib/notify';
import '@/layouts/plain/plain.css';
import { syncThemeColor } from './pwa';
import { AppRouter } from './AppRouter';
import { navigation, routes } from './router';
import { useResolvedTheme } from './theme';
import './theme-vars.css';
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
 * The base text style for everything (antd's colour, size, line height and font, from the theme's
 * CSS variables), and antd's message list, which mounts with the first toast.
 */
function AppRoot({ children }: { children: ReactNode }) {
  const wanted = useSyncExternalStore(
    subscribeMessages,
    () => messagesWanted,
    () => false,
  );
  return (
    <div className="bb-root">
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
  const resolvedTheme = useResolvedTheme();

  // Before the browser paints: the theme's CSS variables follow data-theme.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = resolvedTheme;
    document.documentElement.style.colorScheme = resolvedTheme;
    syncThemeColor(resolvedTheme);
  }, [resolvedTheme]);

  return (
    <AppRoot>
      <UpdatePrompt />
      <AppRouter controller={navigation} routes={routes} />
    </AppRoot>
  );
}
