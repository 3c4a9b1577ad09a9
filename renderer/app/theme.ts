import { useSyncExternalStore } from 'react';
import { useSettings } from '@/stores/settings';

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function subscribe(onChange: () => void) {
  const query = darkQuery();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** 'system' follows the OS and changes live when the OS switches. */
export function useResolvedTheme(): 'light' | 'dark' {
  const theme = useSettings((state) => state.theme);
  const systemDark = useSyncExternalStore(
    subscribe,
    () => darkQuery().matches,
    () => false,
  );
  if (theme === 'system') return systemDark ? 'dark' : 'light';
  return theme;
}
