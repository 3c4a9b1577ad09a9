import { Workbox } from 'workbox-window';

/**
 * Registers /sw.js (built by vite-plugin-pwa) so the shell and every local tool work offline after
 * one visit. Only on http(s) production builds: the desktop app loads from disk and needs no cache.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !location.protocol.startsWith('http')) return;
  void new Workbox('/sw.js').register();
}
