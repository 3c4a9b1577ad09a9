import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * antd's theme and locale (`app/AntdScope.tsx`: ConfigProvider in the light or dark algorithm and
 * zh-CN or en, and the shared components' texts). Pages and shell parts drawn without antd never
 * load it; what needs antd loads it with itself, through `lazyWithAntd` or the router (a tool page
 * without `plainFirstView`). Tools may not import the app, so this is their way to it.
 */
export const loadAntdScope = () => import('@/app/AntdScope');

/** A part built with antd, loaded on first render or earlier with `preload()` (when a file is picked, say). */
export type LazyAntdPart<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/** The props of a component type (React's ComponentProps, for a type known only to be some component). */
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * React's `lazy` for a part built with antd: the part and antd's theme and locale load together, on
 * first use, and the part renders inside them, so the page or shell that holds it stays free of
 * antd's style engine and ConfigProvider (~40 KB gz). `preload()` starts both loads ahead of the
 * render (once; a failed load is tried again). The props come from the loaded component:
 * `lazyWithAntd(() => import('./Part'))`, or `.then((module) => ({ default: module.Part }))` for a
 * named export (no type argument needed).
 */
export function lazyWithAntd<C extends ComponentType<never>>(load: () => Promise<{ default: C }>): LazyAntdPart<PropsOf<C> & object>;
/** With the props named: `lazyWithAntd<{ row: Row }>(...)`. */
export function lazyWithAntd<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyAntdPart<P>;
export function lazyWithAntd<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyAntdPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), loadAntdScope()]).then(
      ([{ default: Part }, { AntdScope }]) => ({
        default: function ScopedPart(props: P) {
          return (
            <AntdScope>
              <Part {...props} />
            </AntdScope>
          );
        },
      }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(lazy(preload), { preload });
}

/** Fetches antd once the first page has painted and the browser is idle, so its first antd part opens at once. */
export function prefetchAntdWhenIdle(): void {
  const prefetch = () => void loadAntdScope().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(prefetch, { timeout: 3000 });
  else setTimeout(prefetch, 1000);
}
