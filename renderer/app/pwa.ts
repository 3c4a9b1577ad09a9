import { useSyncExternalStore } from 'react';
import { THEME_COLORS } from '@shared/pwa/web-manifest';

/** Set while a new service worker waits: calling it activates the new version and reloads. */
let applyUpdate: (() => void) | undefined;
const listeners = new Set<() => void>();

/**
 * Registers /sw.js (built by vite-plugin-pwa) so the shell and every local tool work offline after
 * one visit. Only on http(s) production builds: the desktop app loads from disk and needs no cache.
 * A new release's worker waits instead of taking over a page that runs the old code; the page then
 * offers a reload (`UpdatePrompt`).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !location.protocol.startsWith('http')) return;
  // workbox-window is no part of the first paint: it loads once the page is up.
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    applyUpdate = () => {
      workbox.addEventListener('controlling', () => location.reload());
      workbox.messageSkipWaiting();
    };
    listeners.forEach((listener) => listener());
  });
  await workbox.register();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The update action while a new version waits, else undefined. */
export function useWaitingUpdate(): (() => void) | undefined {
  return useSyncExternalStore(
    subscribe,
    () => applyUpdate,
    () => undefined,
  );
}

/**
 * The browser's toolbar colour follows the app's theme: the first HTML has a light/dark pair by
 * media query (for the first paint), and a theme picked in the settings overrides the system's.
 */
export function syncThemeColor(theme: 'light' | 'dark'): void {
  document.head.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]').forEach((meta) => {
    meta.content = THEME_COLORS[theme].theme;
  });
}
