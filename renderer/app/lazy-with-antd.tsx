import { lazy } from 'react';
import type { ComponentType } from 'react';

/**
 * React's `lazy` for a part built with antd: the part and antd's theme and locale (`AntdScope`) load
 * together, on first use, so the shell that holds it stays free of antd.
 */
export function lazyWithAntd<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ default: Part }, { AntdScope }] = await Promise.all([load(), import('./AntdScope')]);
    return {
      default: function ScopedPart(props: P) {
        return (
          <AntdScope>
            <Part {...props} />
          </AntdScope>
        );
      },
    };
  });
}

/** Fetches antd once the first page has painted and the browser is idle, so the first tool opens at once. */
export function prefetchAntdWhenIdle(): void {
  const prefetch = () => void import('./AntdScope').catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(prefetch, { timeout: 3000 });
  else setTimeout(prefetch, 1000);
}
